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
    .systemLibrary(
        name: "CJPEG", path: "Sources/CJPEG", pkgConfig: "libjpeg",
        providers: [.apt(["libjpeg62-turbo-dev"])]),
    // libpng reports errors with longjmp, which Swift cannot catch: this tiny C target
    // owns the setjmp and returns a status code instead.
    .target(
        name: "CMapSnapPNG", dependencies: ["CPNG"], path: "Sources/CMapSnapPNG",
        linkerSettings: [.linkedLibrary("deflate")]),
    // libjpeg does the same (error_exit must not return): the same kind of shim for JPEG tiles.
    .target(name: "CMapSnapJPEG", dependencies: ["CJPEG"], path: "Sources/CMapSnapJPEG"),
]

// MARK: - Swift modules (one-way: JSON/Geometry → Formats/Style → Render → MapSnap → mapsnap)

let modules: [Target] = [
    .target(name: "MapSnapJSON"),
    .target(name: "MapSnapGeometry"),
    .target(name: "MapSnapFormats", dependencies: ["MapSnapJSON", "MapSnapGeometry"]),
    .target(name: "MapSnapStyle", dependencies: ["MapSnapJSON", "MapSnapGeometry"]),
    // Base-map tile sources: MVT decoding, MBTiles (SQLite) and PMTiles archives, gzip.
    .target(name: "MapSnapTiles", dependencies: ["MapSnapGeometry", "CSQLite", "CZlib"]),
    .target(
        name: "MapSnapRender",
        dependencies: [
            "MapSnapJSON", "MapSnapGeometry", "MapSnapFormats", "MapSnapStyle", "MapSnapTiles", "CCairo",
            "CPangoCairo", "CMapSnapPNG", "CMapSnapJPEG",
        ],
        resources: [.copy("Fonts")]),
    .target(
        name: "MapSnap",
        dependencies: [
            "MapSnapJSON", "MapSnapGeometry", "MapSnapFormats", "MapSnapStyle", "MapSnapTiles", "MapSnapRender",
        ]),
    // The command line as a library, so its parsing is unit-tested; `mapsnap` only calls it.
    .target(name: "MapSnapCLI", dependencies: ["MapSnap"]),
    .executableTarget(name: "mapsnap", dependencies: ["MapSnapCLI"]),
]

// MARK: - Tests (one target per module)

let tests: [Target] = [
    .testTarget(name: "MapSnapJSONTests", dependencies: ["MapSnapJSON"]),
    .testTarget(name: "MapSnapGeometryTests", dependencies: ["MapSnapGeometry"]),
    .testTarget(name: "MapSnapFormatsTests", dependencies: ["MapSnapFormats"]),
    .testTarget(name: "MapSnapStyleTests", dependencies: ["MapSnapStyle"]),
    .testTarget(name: "MapSnapTilesTests", dependencies: ["MapSnapTiles"]),
    .testTarget(
        name: "MapSnapRenderTests", dependencies: ["MapSnapRender", "MapSnap"],
        exclude: ["Golden", "Fixtures"]),
    .testTarget(name: "MapSnapTests", dependencies: ["MapSnap"]),
    .testTarget(
        name: "mapsnapTests", dependencies: ["MapSnapCLI", "MapSnap", "mapsnap"],
        exclude: ["render-help.txt", "conformance-passes.txt"]),
]

let package = Package(
    name: "MapSnap",
    products: [
        .library(name: "MapSnap", targets: ["MapSnap"]),
        .executable(name: "mapsnap", targets: ["mapsnap"]),
    ],
    targets: systemLibraries + modules + tests
)
