/// The text of `--help` and `--version`. Kept as data so a test can compare it as a snapshot.
public enum HelpText {
    public static let version = "mapsnap 0.1.0"

    public static let main = """
        mapsnap — offline map snapshots: trails, routes, pins and labels as PNG, SVG or PDF.

        USAGE: mapsnap <command> [options]

        COMMANDS:
          render      Render overlay files (GeoJSON, GPX, encoded polyline) to an image.
          info        A trail's length, ascent, descent, lowest and highest points and
                      walking time (`mapsnap info TRACK [--format json]`).
          profile     A trail's elevation profile chart as PNG, SVG or PDF
                      (`mapsnap profile TRACK --out profile.png`).
          route       A walking, hiking, cycling or driving route over an OpenStreetMap
                      extract, as GeoJSON or GPX (`mapsnap route --from LAT,LON --to
                      LAT,LON --network FILE.osm.pbf`).
          batch       Many snapshots from one manifest (NDJSON: a line of render options per
                      image) on every core, resumable and sharded.
          bench       Time `render` in one warm process: same options, plus --runs N
                      and --warmup N; prints the median and minimum ms per image.
          basemap     `basemap build REGION.osm.pbf --out FILE.mbtiles`: vector tiles of any
                      OpenStreetMap extract for the bundled styles (tilemaker, GSHHG sea).

        OPTIONS:
          -h, --help  Show this help (and `mapsnap render --help` for the render options).
          --version   Show the version.

        EXIT STATUS: 0 ok, 64 usage error, 65 bad input data, 66 input file missing,
        69 a program needed is not installed, 70 internal error, 73 cannot create output.
        """

    public static let render = """
        USAGE: mapsnap render [options] FILE...

        Draws the trails, routes, areas and points of each FILE (GeoJSON .geojson/.json,
        GPX .gpx, encoded polyline .polyline, or a route answer of OSRM, Valhalla,
        GraphHopper or the Mapbox Directions API) into one image.

        OUTPUT:
          -o, --out PATH          Output file; the format follows the extension (.png, .svg,
                                  .pdf, .jpg, .webp). Use - for standard output (then give
                                  --format).
          --format FORMAT         png, svg, pdf, jpeg or webp (overrides the extension).
          --size WxH              Image size in points (default 600x400).
          --scale 1|2|3           Pixel density: 2 gives a 1200x800 PNG for 600x400 (default 1).
          --compression 0-9       PNG compression effort: 0 none, 1-6 fastest (default
                                  6), 7-8 smaller, 9 smallest files.
          --png8                  An 8-bit palette PNG (256 colours, no dithering).
          --colors N              A palette PNG of at most N colours (2-256).
          --quality 1-100         JPEG (default 85) and WebP (default 80) quality.
          --lossless              WebP without loss.
          --annotations PATH      Also write JSON with the camera and the pixel box of every
                                  line, pin, callout and label drawn.
          --timeout SECONDS       Stop (exit 70, nothing written) if the run takes longer.

        CAMERA (default: fit all overlays):
          --center LAT,LON        Centre of the image; with --zoom or --span.
          --zoom Z                Zoom level, fractional (MapLibre: world = 512·2^Z points).
          --span DLAT,DLON        Degrees of latitude and longitude to show around --center.
          --bbox W,S,E,N          Show this box (min lon, min lat, max lon, max lat).
          --padding PT            Free margin when fitting, points (default 24).

        OVERLAYS:
          --route-file FILE       Draw FILE's lines as computed routes (dashed). Repeatable.
          --route LAT,LON:LAT,LON[:LAT,LON...]
                                  Compute a route (start, vias, destination) over
                                  --network and draw it dashed, alternatives muted and
                                  thinner, start and end flagged; the caption says
                                  its distance and time (--title may use {distance},
                                  {duration}, {ascent} and {mode}).
          --route-profile NAME    foot (default), hiking, bicycle or car.
          --network, --shortest, --max-sac, --max-snap, --alternatives, --cache-dir,
          --no-cache              As for `mapsnap route` (see `mapsnap route --help`);
                                  --dem and --time-model also time the route.
          --polyline6             Read .polyline files at precision 6 (default 5).
          --pin LAT,LON[,LABEL[,COLOR]]
                                  Add a pin. Repeatable. A comma in LABEL needs a space
                                  after it; COLOR must be a CSS colour.
          --callout LAT,LON,TEXT[,COLOR]
                                  Add a capsule callout. Repeatable.
          --title TEXT            Caption band at the top.
          --highlight NAME        Draw trail NAME thicker and fade the others.
          --no-flags              No start/end flags on trails.
          --no-callouts           No trail-name callouts.
          --cluster-radius PT     Pins that would overlap become a count bubble, and so do
                                  pins closer than PT points (default 0: only overlapping).
          --no-cluster            Draw every pin as itself, even overlapping.

        BASE MAP:
          --style NAME|PATH       The map under the overlays: a bundled style (standard,
                                  the default, satellite or hybrid; over the sample San
                                  Francisco tiles), a MapLibre v8 style.json file, or none
                                  (plain background).
          --source ID=PATH        Bind the style's source ID to a local .mbtiles or
                                  .pmtiles file. Repeatable.
          --sprite PATH           The style's icons and patterns from PATH.json and
                                  PATH.png (or PATH@2x.*) instead of its own sprite.
          --dem PATH              Elevation for relief: terrain-RGB or Terrarium tiles
                                  (.mbtiles, .pmtiles), SRTM .hgt or GeoTIFF. A style
                                  with no relief gets a hillshade (satellite and hybrid
                                  also an elevation tint). Repeatable.
          --profile               An elevation profile inset of the highlighted (or
                                  only) trail: its own elevations, else --dem's.
          --time-model M          The profile's hiking time: tobler (default),
                                  naismith, din33466 or swiss.
          --fonts DIR             Fonts (.ttf, .otf, .ttc) in DIR that the style's
                                  text-font may name by family ("Open Sans Semibold"),
                                  matched before the bundled Noto Sans faces.

        DECORATIONS:
          --units metric|imperial Scale bar units (default metric).
          --no-scale-bar          No scale bar.
          --attribution TEXT      Add to the credit line in the bottom-right corner (the
                                  base map's data credit is always included).
          --no-attribution        No credit line (OpenStreetMap data still needs one
                                  next to the image: ODbL).
          --bare                  Only what the style draws: no scale bar, credit line,
                                  title, flags or callouts (for comparing with a reference).
                                  Without overlays or a camera: the style's centre and zoom.
          --allow-empty           An overlay file with nothing to draw is not an error
                                  (without overlays or a camera: the style's centre and zoom).

        -h, --help                Show this help.

        Feature properties follow simplestyle-spec 1.1 (stroke, stroke-width, stroke-opacity,
        fill, fill-opacity, marker-color, marker-symbol, marker-size, title); lines with
        "difficulty" easy/moderate/hard are green/orange/red; "route": true draws a dashed route.
        """
}
