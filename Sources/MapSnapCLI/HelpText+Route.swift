extension HelpText {
    /// The routing options `route` and `render --route` share.
    static let routingOptions = """
          --network FILE          The OpenStreetMap extract to route on (.osm.pbf, .osm,
                                  .osm.bz2). Its graph is cached (see --cache-dir).
          --profile NAME          foot (default), hiking, bicycle or car.
          --shortest              The shortest route instead of the fastest.
          --max-sac T1…T6         The hardest SAC hiking grade to use (default: T2 for foot
                                  and bicycle, T3 for hiking).
          --max-snap METRES       How far a point may be from the nearest usable way
                                  (default 500).
          --alternatives N        Also up to N (0–3) alternatives: at most 25 % costlier
                                  (time × the profile's priorities), sharing at most
                                  75 % with the best route.
          --dem PATH              Elevation (.hgt, GeoTIFF, terrain-RGB MBTiles/PMTiles;
                                  repeatable): walking and cycling times follow the slopes,
                                  and the route gets its ascent and descent.
          --time-model NAME       Walking times with a DEM: tobler (default), naismith,
                                  din33466 or swiss.
          --cache-dir DIR         Where graphs are cached (default $MAPSNAP_CACHE_DIR, else
                                  $XDG_CACHE_HOME/mapsnap, else ~/.cache/mapsnap).
          --no-cache              Build the graph without reading or writing the cache.
        """

    public static let route = """
        USAGE: mapsnap route --from LAT,LON --to LAT,LON [--via LAT,LON]... --network FILE
                             [options]

        Computes a route over a local OpenStreetMap extract, with no server: its line,
        distance, expected time, ascent and descent (with --dem) and turn-by-turn steps.
        Prints a one-line summary on standard error.

        OPTIONS:
          --from LAT,LON          The start.
          --to LAT,LON            The destination.
          --via LAT,LON           A point to pass on the way (repeatable, in order).
        \(routingOptions)
          -o, --out PATH          route.geojson or route.gpx (default -: GeoJSON on standard
                                  output).
          --format geojson|gpx    Output format (overrides the extension).
          -h, --help              Show this help.

        EXIT STATUS: 0 ok, 64 usage error, 65 no route (the message says why) or a bad
        network file, 66 a file is missing, 73 the output cannot be written.
        """
}
