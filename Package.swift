// swift-tools-version:6.0
import PackageDescription

// MARK: - System libraries (Debian -dev packages, installed by Scripts/bootstrap)

let systemLibraries: [Target] = [
    .systemLibrary(
        name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo",
        providers: [.apt(["libcairo2-dev"])]),
    .systemLibrary(
        name: "CPangoCairo", path: "Sources/CPangoCairo", pkgConfig: "pangocairo",
        providers: [.apt(["libpango1.0-dev"])]),
    .systemLibrary(
        name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
        providers: [.apt(["libpng-dev"])]),
    .systemLibrary(
        name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
        providers: [.apt(["libsqlite3-dev"])]),
    .systemLibrary(
        name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib",
        providers: [.apt(["zlib1g-dev"])]),
    // libdeflate: whole-buffer gzip inflation of tiles (Gzip.decompress) and PNG deflate.
    .systemLibrary(name: "CDeflate", path: "Sources/CDeflate", providers: [.apt(["libdeflate-dev"])]),
    // bzip2 for `.osm.bz2`: Debian ships no pkg-config file for it; the module map links -lbz2.
    .systemLibrary(name: "CBZip2", path: "Sources/CBZip2", providers: [.apt(["libbz2-dev"])]),
    .systemLibrary(
        name: "CJPEG", path: "Sources/CJPEG", pkgConfig: "libjpeg",
        providers: [.apt(["libjpeg62-turbo-dev"])]),
    // libwebp: its pkg-config file adds -pthread, which SwiftPM refuses; the module map links -lwebp.
    .systemLibrary(name: "CWebP", path: "Sources/CWebP", providers: [.apt(["libwebp-dev"])]),
    // libpng reports errors with longjmp, which Swift cannot catch: this tiny C target
    // owns the setjmp and returns a status code instead.
    .target(
        name: "CMapSnapPNG", dependencies: ["CPNG"], path: "Sources/CMapSnapPNG",
        linkerSettings: [.linkedLibrary("deflate"), .linkedLibrary("isal")]),
    // Exact "%f" formatting of doubles, and the __snprintf_chk that routes cairo's SVG and PDF
    // coordinates through it (glibc's multi-precision printf was a third of an SVG's time).
    .target(name: "CMapSnapNumbers", path: "Sources/CMapSnapNumbers"),
    // A solid colour OVER an image through a coverage mask, with pixman's bytes, without the
    // cairo and pixman set-up of each composite (CairoPainter.compositeDirectly).
    .target(name: "CMapSnapComposite", path: "Sources/CMapSnapComposite"),
    // libjpeg does the same (error_exit must not return): the same kind of shim for JPEG tiles.
    .target(name: "CMapSnapJPEG", dependencies: ["CJPEG"], path: "Sources/CMapSnapJPEG"),
]

// MARK: - Swift modules (one-way: JSON/Geometry → Formats/Style → Render → MapSnap → mapsnap)

let modules: [Target] = [
    .target(name: "MapSnapJSON"),
    .target(name: "MapSnapGeometry"),
    // Byte-level readers: protobuf wire format, gzip, random-access files.
    .target(name: "MapSnapIO", dependencies: ["CZlib", "CDeflate", "CBZip2"], exclude: ["README.md"]),
    // RGBA images and the PNG / JPEG codecs.
    .target(name: "MapSnapImage", dependencies: ["CMapSnapPNG", "CMapSnapJPEG", "CWebP"], exclude: ["README.md"]),
    .target(name: "MapSnapFormats", dependencies: ["MapSnapJSON", "MapSnapGeometry"]),
    .target(name: "MapSnapStyle", dependencies: ["MapSnapJSON", "MapSnapGeometry"]),
    // Base-map tile sources: MVT decoding, MBTiles (SQLite) and PMTiles archives.
    .target(name: "MapSnapTiles", dependencies: ["MapSnapJSON", "MapSnapGeometry", "MapSnapIO", "CSQLite"]),
    // OpenStreetMap PBF and XML (also .gz, .bz2) reading into the model a router needs.
    .target(name: "MapSnapOSM", dependencies: ["MapSnapGeometry", "MapSnapIO"]),
    // Offline routing over OpenStreetMap: profiles, the road graph and its cache, snapping,
    // bidirectional A*, alternatives, instructions, GeoJSON/GPX output: pure Swift.
    .target(
        name: "MapSnapRouting", dependencies: ["MapSnapGeometry", "MapSnapOSM", "MapSnapTerrain"],
    ),
    // Coverage rasterizers (lines by distance, fills by area, discs): pure Swift.
    .target(name: "MapSnapRaster", dependencies: ["MapSnapGeometry"], exclude: ["README.md"]),
    // Elevation: DEM tiles and rasters, hillshade, colour relief, contours, track statistics.
    .target(
        name: "MapSnapTerrain", dependencies: ["MapSnapGeometry", "MapSnapIO", "MapSnapImage"], exclude: ["README.md"]),
    // Fonts and shaping: the only room with Pango calls.
    .target(
        name: "MapSnapText", dependencies: ["MapSnapGeometry", "CCairo", "CPangoCairo"], exclude: ["README.md"],
        resources: [.copy("Fonts")]),
    // The overlay scene, its builder, the `overlay` source's features and its layers (one JSON
    // resource, embedded at build time): pure Swift.
    .target(
        name: "MapSnapOverlay", dependencies: ["MapSnapJSON", "MapSnapGeometry", "MapSnapFormats", "MapSnapStyle"],
        exclude: ["README.md"], resources: [.embedInCode("OverlayLayers.json")]),
    .target(
        name: "MapSnapRender",
        dependencies: [
            "MapSnapJSON", "MapSnapGeometry", "MapSnapFormats", "MapSnapStyle", "MapSnapTiles", "MapSnapIO",
            "MapSnapImage", "MapSnapRaster", "MapSnapTerrain", "MapSnapText", "MapSnapOverlay", "CCairo",
            "CMapSnapNumbers", "CMapSnapComposite",
        ],
        exclude: ["README.md"]),
    .target(
        name: "MapSnap",
        dependencies: [
            "MapSnapJSON", "MapSnapGeometry", "MapSnapFormats", "MapSnapStyle", "MapSnapTiles", "MapSnapImage",
            "MapSnapTerrain", "MapSnapText", "MapSnapOverlay", "MapSnapRender",
        ], resources: [.embedInCode("TerrainLayers.json")]),
    // The command line as a library, so its parsing is unit-tested; `mapsnap` only calls it.
    // Its `basemap build` runs polygons.py (embedded at build time) to make the sea polygons.
    .target(
        name: "MapSnapCLI", dependencies: ["MapSnap", "MapSnapIO", "MapSnapTerrain", "MapSnapOSM", "MapSnapRouting"],
        resources: [.embedInCode("polygons.py")]),
    // Release builds link the Swift runtime and Foundation in (`-static-stdlib`, and the
    // archives Foundation's own need, which `--static-swift-stdlib` would have autolinked): a
    // process that starts without binding some 16,000 symbols across a dozen shared libraries
    // (a cold thumbnail about 10 ms sooner) and runs where no Swift toolchain is installed.
    // Not in debug builds: the test bundle links this target too, against the shared XCTest.
    .executableTarget(
        name: "mapsnap", dependencies: ["MapSnapCLI", "MapSnap"],
        linkerSettings: [
            .unsafeFlags(
                ["-static-stdlib"]
                    + [
                        "--start-group", "-lFoundationXML", "-l_CFXMLInterface", "-lFoundation",
                        "-lFoundationInternationalization", "-lFoundationEssentials", "-l_FoundationICU",
                        "-lCoreFoundation", "-l_FoundationCShims", "-l_FoundationCollections", "--end-group", "-lxml2",
                    ].flatMap { ["-Xlinker", $0] }, .when(configuration: .release))
        ]),
    // The fuzz targets (one per reader) and libFuzzer's entry points; Scripts/fuzz links them
    // with -sanitize=fuzzer,address, and MapSnapFuzzTests replays the kept inputs.
    .target(
        name: "MapSnapFuzz",
        dependencies: [
            "MapSnapJSON", "MapSnapGeometry", "MapSnapFormats", "MapSnapStyle", "MapSnapTiles", "MapSnapIO",
            "MapSnapImage", "MapSnapTerrain", "MapSnapRender", "MapSnap", "MapSnapCLI", "MapSnapOSM", "MapSnapRouting",
        ]),
]

// MARK: - Tests (one target per module)

let tests: [Target] = [
    // What every test target shares: seeded generator, golden comparison, ../shared lookup.
    .target(name: "MapSnapTestSupport", dependencies: ["MapSnapIO"], path: "Tests/MapSnapTestSupport"),
    .testTarget(name: "MapSnapJSONTests", dependencies: ["MapSnapJSON", "MapSnapTestSupport"]),
    .testTarget(name: "MapSnapGeometryTests", dependencies: ["MapSnapGeometry", "MapSnapTestSupport"]),
    .testTarget(name: "MapSnapFormatsTests", dependencies: ["MapSnapFormats", "MapSnapTestSupport"]),
    .testTarget(name: "MapSnapStyleTests", dependencies: ["MapSnapStyle", "MapSnapTestSupport"]),
    .testTarget(name: "MapSnapIOTests", dependencies: ["MapSnapIO", "MapSnapTestSupport"]),
    .testTarget(name: "MapSnapImageTests", dependencies: ["MapSnapImage", "MapSnapIO", "MapSnapTestSupport"]),
    .testTarget(name: "MapSnapRasterTests", dependencies: ["MapSnapRaster", "MapSnapTestSupport"]),
    .testTarget(
        name: "MapSnapTerrainTests", dependencies: ["MapSnapTerrain", "MapSnapImage", "MapSnapTestSupport"],
        exclude: ["Fixtures"]),
    .testTarget(name: "MapSnapTextTests", dependencies: ["MapSnapText", "MapSnapTestSupport"]),
    .testTarget(name: "MapSnapOSMTests", dependencies: ["MapSnapOSM", "MapSnapIO", "MapSnapTestSupport"]),
    .testTarget(
        name: "MapSnapRoutingTests",
        dependencies: ["MapSnapRouting", "MapSnapOSM", "MapSnapTerrain", "MapSnapGeometry", "MapSnapTestSupport"],
        exclude: ["Fixtures"]),
    .testTarget(name: "MapSnapTilesTests", dependencies: ["MapSnapTiles", "MapSnapIO", "MapSnapTestSupport"]),
    .testTarget(
        name: "MapSnapRenderTests",
        dependencies: [
            "MapSnapRender", "CMapSnapNumbers", "MapSnap", "MapSnapImage", "MapSnapRaster", "MapSnapText", "MapSnapIO",
            "MapSnapOverlay",
            "MapSnapTerrain", "MapSnapTiles",
            "MapSnapTestSupport",
        ],
        exclude: ["Golden", "Fixtures"]),
    .testTarget(
        name: "MapSnapTests", dependencies: ["MapSnap", "MapSnapOverlay", "MapSnapImage", "MapSnapTestSupport"]),
    .testTarget(
        name: "mapsnapTests", dependencies: ["MapSnapCLI", "MapSnap", "MapSnapImage", "mapsnap", "MapSnapTestSupport"],
        exclude: ["render-help.txt", "conformance-passes.txt"]),
    .testTarget(
        name: "MapSnapFuzzTests", dependencies: ["MapSnapFuzz", "MapSnapStyle", "mapsnap", "MapSnapTestSupport"],
        exclude: ["Regressions", "Dictionaries"]),
]

let package = Package(
    name: "MapSnap",
    products: [
        .library(name: "MapSnap", targets: ["MapSnap"]),
        .executable(name: "mapsnap", targets: ["mapsnap"]),
    ],
    targets: systemLibraries + modules + tests
)
