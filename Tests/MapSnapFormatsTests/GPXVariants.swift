/// GPX documents for `GPXScannerDifferentialTests`, each with a label.
enum GPXVariants {
    /// Well-formed documents the scanner must read itself.
    static let wellFormed: [(String, String)] = [
        ("sample", sample),
        (
            "track with ele and time",
            """
            <?xml version="1.0" encoding="UTF-8" standalone="no" ?>
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"
              xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
              xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
            <trk><name>Run</name><trkseg>
            <trkpt lat="46.3797610" lon="13.8334850"><ele>1614.678</ele><time>2015-06-13T09:40:23Z</time></trkpt>
            <trkpt lat="46.3798210" lon="13.8335140"><ele>1613.2</ele><time>2015-06-13T09:40:31Z</time></trkpt>
            <trkpt lat="-0.0000001" lon="-179.9999999"><ele>-12.5</ele><time>2015-06-13T09:40:39Z</time></trkpt>
            </trkseg><trkseg>
            <trkpt lat="1" lon="2"/><trkpt lat="+1.5" lon="2.25"><ele>1.5E3</ele></trkpt>
            </trkseg></trk>
            </gpx>
            """
        ),
        (
            "references and comments",
            """
            <?xml version='1.0' encoding='utf-8'?>
            <!-- before the root -->
            <gpx>
              <wpt lat="&#52;6.5" lon='1&#x33;.75'>
                <name>A &lt;b&gt; &amp; &quot;c&quot; &apos;d&apos; &#233;&#x1F600;&#x9;x&#13;y&#10;z</name>
                <desc>a<!-- a comment -->b<![CDATA[ <c> & ]]>d ]] e ] f &gt;</desc>
                <type> 	 </type>
                <sym>Flag, Blue</sym>
                <ele><![CDATA[12.5]]></ele>
              </wpt>
            </gpx>
            <!-- after the root -->
            """
        ),
        (
            "prefixed root",
            """
            <g:gpx xmlns:g="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="urn:tpx">
              <g:trk><g:name>P</g:name><name>not GPX</name><g:trkseg>
                <g:trkpt lat="1" lon="2"><g:ele>3</g:ele><ele>99</ele></g:trkpt>
                <trkpt lat="5" lon="5"/>
                <g:trkpt lat="1.1" lon="2.1"><g:extensions><gpxtpx:hr>120</gpxtpx:hr></g:extensions></g:trkpt>
              </g:trkseg></g:trk>
            </g:gpx>
            """
        ),
        (
            "extensions",
            """
            <gpx xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
            <trk><trkseg>
            <trkpt lat="1" lon="2"><ele>3</ele><extensions><gpxtpx:TrackPointExtension>
            <gpxtpx:hr>120</gpxtpx:hr><gpxtpx:cad>80</gpxtpx:cad><trkpt lat="9" lon="9"/><ele>x</ele>
            </gpxtpx:TrackPointExtension></extensions></trkpt>
            <trkpt lat="1.5" lon="2.5"><extensions><a><b><c d="e"/></b></a></extensions></trkpt>
            </trkseg>
            <extensions><name>ignored</name></extensions>
            </trk></gpx>
            """
        ),
        (
            "attributes",
            """
            <gpx>
            <rte><name>R</name>
            <rtept lon="2" lat="1" />
            <rtept   lat = '1.5'
               lon	=	"2.5" extra="x &gt; y" other='a "quoted" b'/>
            <rtept lat=" 2 " lon="&#32;3&#9;"><ele> 10 </ele></rtept>
            <rtept lat="2.5
            " lon="3.5	"><ele>
            11
            </ele></rtept>
            </rte>
            </gpx>
            """
        ),
        (
            "empty elements and missing ele",
            """
            <gpx>
            <trk><trkseg><trkpt lat="1" lon="2"><ele/></trkpt><trkpt lat="2" lon="3"><ele></ele></trkpt></trkseg></trk>
            <trk><trkseg><trkpt lat="1" lon="2"/><trkpt lat="2" lon="3"><ele>5</ele></trkpt></trkseg>
            <trkseg/><trkseg><trkpt lat="4" lon="4"/></trkseg>
            <trkseg><trkpt lat="5" lon="5"/><trkpt lat="6" lon="6"/></trkseg></trk>
            <trk/><trk><name>short</name><trkseg><trkpt lat="0" lon="0"/></trkseg></trk>
            <rte><rtept lat="0" lon="179.5"/><rtept lat="0" lon="-179.5"/></rte>
            <rte><rtept lat="0" lon="0"/></rte>
            <wpt lat="1" lon="2"/><wpt lat="3" lon="4"><ele/><name></name></wpt>
            </gpx>
            """
        ),
        (
            "GPX 1.0",
            """
            <?xml version="1.0"?>
            <gpx version="1.0" creator="GPSBabel" xmlns="http://www.topografix.com/GPX/1/0">
            <time>2002-02-27T17:18:33Z</time>
            <bounds minlat="42.4" minlon="-71.1" maxlat="42.5" maxlon="-71.0"/>
            <wpt lat="42.438878" lon="-71.119277"><ele>44.586548</ele><name>5066</name><desc><![CDATA[5066]]></desc>
            <sym>Crossing</sym><type><![CDATA[Crossing]]></type></wpt>
            <trk><name>T</name><number>1</number><trkseg>
            <trkpt lat="42.4" lon="-71.1"><ele>1</ele><time>2002-02-27T17:18:33Z</time><course>1.5</course>
            <speed>2.5</speed></trkpt><trkpt lat="42.5" lon="-71.0"/></trkseg></trk>
            </gpx>
            """
        ),
        (
            "text",
            """
            <gpx><metadata><name>meta</name><desc>x > y</desc></metadata>
            <wpt lat="1" lon="2"><name>Čičarija – 東京 🙂 a]b]]c</name><desc>line one
            line two</desc><cmt>&#xFFFD; &#xE000;</cmt></wpt>
            <wpt lat="1" lon="2"><name>  </name><desc></desc></wpt>
            <wpt lat="1" lon="2"><name>a<?pi?>b</name></wpt>
            </gpx>
            """
        ),
        (
            "undeclared prefixes",
            """
            <g:gpx><g:wpt lat="1" lon="2" x:lat="5" y:lon="6"><g:name>N</g:name><x:name>X</x:name></g:wpt>
            <g:trk><g:trkseg><g:trkpt x:lat="9" lat="1" lon="2"/><g:trkpt lat="3" lon="4"><ext:a/></g:trkpt>
            </g:trkseg></g:trk></g:gpx>
            """
        ),
        (
            "prefixed coordinates",
            """
            <gpx xmlns:x="urn:x"><wpt x:lat="5" lat="1" lon="2" x:lon="7"/><wpt lat="3" x:lat="4" lon="5"/></gpx>
            """
        ),
        (
            "unusual characters",
            "<gpx><wpt lat=\"1\" lon=\"2\"><name>a\(unusualCharacters)b</name>"
                + "<desc x=\"\u{85}\u{FFFD}\">&#x10FFFF;&#xFDD0;&#127;</desc></wpt></gpx>"
        ),
        ("root only", "<gpx/>"),
        ("root with space", "  <gpx  version=\"1.1\"  ></gpx  >  "),
    ]

    /// Well-formed documents the scanner leaves to XMLParser.
    static let unusual: [(String, String)] = [
        ("processing instruction", "<?xml version=\"1.0\"?><?xml-stylesheet href=\"s.xsl\"?><gpx/>"),
        ("processing instruction inside", "<gpx><?app data?><wpt lat=\"1\" lon=\"2\"/></gpx>"),
        ("version 1.1", "<?xml version=\"1.1\"?><gpx/>"),
        ("UTF-16 label on ASCII", "<?xml version=\"1.0\" encoding=\"UTF-16\"?><gpx/>"),
        ("non-ASCII name", "<gpx><wpt lat=\"1\" lon=\"2\"><näme>x</näme></wpt></gpx>"),
        ("colon-started name", "<gpx><:x/></gpx>"),
        ("two colons", "<gpx><a:b:c/></gpx>"),
        ("long character reference", "<gpx><wpt lat=\"1\" lon=\"2\"><name>&#0000000065;</name></wpt></gpx>"),
        ("CR in CDATA", "<gpx><wpt lat=\"1\" lon=\"2\"><name><![CDATA[a\rb]]></name></wpt></gpx>"),
        (
            "many attributes",
            "<gpx><wpt lat=\"1\" lon=\"2\" " + (0..<40).map { "a\($0)=\"\($0)\"" }.joined(separator: " ") + "/></gpx>"
        ),
    ]

    /// Documents with an error, which XMLParser (or the checks before it) reports.
    static let malformed: [(String, String)] = [
        ("doctype", "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx>\n<gpx/>"),
        ("undeclared entity", "<gpx><wpt lat=\"1\" lon=\"2\"><name>a &nbsp; b</name></wpt></gpx>"),
        ("bare ampersand", "<gpx><wpt lat=\"1\" lon=\"2\"><name>a & b</name></wpt></gpx>"),
        ("reference to NUL", "<gpx><wpt lat=\"1\" lon=\"2\"><name>&#0;</name></wpt></gpx>"),
        ("reference to a surrogate", "<gpx><wpt lat=\"1\" lon=\"2\"><name>&#xD800;</name></wpt></gpx>"),
        ("long hexadecimal reference", "<gpx><wpt lat=\"1&#x1F60ffffffffffff0;\" lon=\"2\"/></gpx>"),
        ("long decimal reference", "<gpx><wpt lat=\"1\" lon=\"2\"><name>&#99999999999;</name></wpt></gpx>"),
        ("capital X reference", "<gpx><wpt lat=\"1\" lon=\"2\"><name>&#X41;</name></wpt></gpx>"),
        ("double hyphen in comment", "<gpx><!-- a -- b --></gpx>"),
        ("comment ending --->", "<gpx><!-- a ---></gpx>"),
        ("unfinished comment", "<gpx><!-- a </gpx>"),
        ("repeated attribute", "<gpx><wpt lat=\"1\" lat=\"2\" lon=\"2\"/></gpx>"),
        ("mismatched tag", "<gpx>\n<trk>\n</trkseg></gpx>"),
        ("prefix of the open name", "<gpx><trkseg></trk></trkseg></gpx>"),
        ("]]> in text", "<gpx><wpt lat=\"1\" lon=\"2\"><name>a]]>b</name></wpt></gpx>"),
        ("U+FFFE", "<gpx><wpt lat=\"1\" lon=\"2\"><name>a\u{FFFE}b</name></wpt></gpx>"),
        ("digit name", "<gpx><1abc/></gpx>"),
        ("attributes without space", "<gpx><wpt lat=\"1\"lon=\"2\"/></gpx>"),
        ("unquoted value", "<gpx><wpt lat=1 lon=\"2\"/></gpx>"),
        ("< in value", "<gpx><wpt lat=\"1\" lon=\"2\" x=\"<\"/></gpx>"),
        ("content after root", "<gpx></gpx>\n<gpx></gpx>"),
        ("text after root", "<gpx></gpx>x"),
        ("text before root", "x<gpx></gpx>"),
        ("truncated", "<gpx>\n<trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\"/>\n"),
        ("unfinished CDATA", "<gpx><wpt lat=\"1\" lon=\"2\"><name><![CDATA[a</name></wpt></gpx>"),
        ("declaration later", "\n<?xml version=\"1.0\"?><gpx/>"),
        ("not gpx", "<?xml version=\"1.0\"?>\n<kml><Placemark/></kml>"),
        ("missing lat", "<gpx>\n<wpt lon=\"2\"/></gpx>"),
        ("bad lat", "<gpx>\n  <wpt lat=\"abc\" lon=\"2\"/>\n</gpx>"),
        ("lat out of range", "<gpx>\n  <wpt lat=\"95\" lon=\"2\"/>\n</gpx>"),
        ("bad ele", "<gpx>\n<wpt lat=\"1\" lon=\"2\"><ele>high</ele></wpt></gpx>"),
        ("bad lat by reference", "<gpx>\n<wpt lat=\"&#65;\" lon=\"2\"/></gpx>"),
        ("space in tag start", "<gpx>< wpt lat=\"1\" lon=\"2\"/></gpx>"),
        ("attribute without value", "<gpx><wpt lat lon=\"2\"/></gpx>"),
    ]

    /// Characters XML allows that are rare in text: DEL, C1 controls, noncharacters, U+2028.
    private static let unusualCharacters = String(
        String.UnicodeScalarView(
            [0x7F, 0x80, 0x85, 0x9F, 0xFDD0, 0x1FFFE, 0x10FFFD, 0x2028].compactMap(Unicode.Scalar.init(_:))))

    /// The sample of `GPXReaderTests`.
    static let sample = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"
             xmlns:gpxx="http://www.garmin.com/xmlschemas/GpxExtensions/v3">
          <metadata><name>Not a feature</name><bounds minlat="1" minlon="2" maxlat="3" maxlon="4"/></metadata>
          <wpt lat="46.5" lon="13.75">
            <ele>1614.5</ele>
            <name>Summit &amp; cross</name>
            <desc><![CDATA[Top <b>view</b>]]></desc>
            <sym>Summit</sym>
            <type>peak</type>
            <extensions><gpxx:WaypointExtension><gpxx:name>ignored</gpxx:name></gpxx:WaypointExtension></extensions>
          </wpt>
          <wpt lat="-33.9" lon="18.4"/>
          <rte>
            <name>Route one</name>
            <rtept lat="1" lon="2"><name>ignored</name></rtept>
            <rtept lat="1.5" lon="2.5"/>
            <rtept lat="2" lon="3"/>
          </rte>
          <trk>
            <name> Morning walk </name>
            <desc>two segments</desc>
            <type>hiking</type>
            <extensions><gpxx:TrackExtension><gpxx:DisplayColor>Red</gpxx:DisplayColor></gpxx:TrackExtension></extensions>
            <trkseg>
              <trkpt lat="10" lon="20"><ele>100</ele><time>2020-01-01T00:00:00Z</time></trkpt>
              <trkpt lat="10.1" lon="20.1"/>
            </trkseg>
            <trkseg>
              <trkpt lat="11" lon="21"><ele>110.25</ele></trkpt>
            </trkseg>
            <trkseg>
              <trkpt lat="12" lon="22"><ele>120</ele></trkpt>
              <trkpt lat="12.5" lon="22.5"><ele>125</ele></trkpt>
              <trkpt lat="13" lon="23"><ele></ele></trkpt>
            </trkseg>
          </trk>
          <trk><trkseg><trkpt lat="0" lon="179.5"/><trkpt lat="0" lon="-179.5"/></trkseg></trk>
          <trk><name>empty</name><trkseg><trkpt lat="0" lon="0"/></trkseg></trk>
        </gpx>
        """
}
