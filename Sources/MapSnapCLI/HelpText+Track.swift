/// The help of `info` and `profile`.
extension HelpText {
    /// The time models' lines, shared by both helps.
    static let timeModels = """
          --time-model MODEL      How the walking time is estimated (without breaks):
                                    tobler     Tobler's hiking function (default)
                                    naismith   Naismith's rule, Langmuir's corrections
                                    din33466   DIN 33466 (4 km/h, 300 m/h up, 500 m/h
                                               down), per climb
                                    swiss      the Swiss hiking trails' formula
        """

    public static let info = """
        USAGE: mapsnap info [options] TRACK

        Prints the length (geodesic, metres), ascent, descent, lowest and highest points and
        the estimated walking time of the lines in TRACK (GPX, GeoJSON or encoded polyline),
        naming the time model. Elevations are the file's own (GPX ele, a GeoJSON third
        number), smoothed over 40 m either way; climbs count once they pass 10 m (a
        hysteresis, so GPS noise adds nothing). A file without elevations gives its length
        and the time on the flat, and says the elevation is unknown.

        OPTIONS:
          --format text|json      Output form (default text; JSON with sorted keys, null
                                  where unknown).
        \(timeModels)
          --polyline6             Read .polyline files at precision 6 (default 5).
          -h, --help              Show this help.
        """

    public static let profile = """
        USAGE: mapsnap profile [options] TRACK --out FILE

        Draws the elevation profile of the lines in TRACK (GPX, GeoJSON or encoded polyline
        with elevations): elevation against distance, the lowest and highest points marked,
        and the ascent, descent, length and walking time on top.

        OPTIONS:
          -o, --out PATH          Output file; the format follows the extension (.png, .svg,
                                  .pdf).
          --format png|svg|pdf    Output format (overrides the extension).
          --size WxH              Chart size in points (default 600x400).
          --scale 1|2|3           Pixel density of a PNG (default 1).
        \(timeModels)
          --polyline6             Read .polyline files at precision 6 (default 5).
          -h, --help              Show this help.
        """
}
