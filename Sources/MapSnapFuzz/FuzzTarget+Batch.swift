import MapSnapCLI

extension FuzzTarget {
    /// The batch manifest's line reader: JSON to render arguments (and inline GeoJSON), then the
    /// render command line's own checks on them, as `mapsnap batch` does before rendering.
    static let batchTargets: [FuzzTarget] = [
        FuzzTarget(
            "batch-line", "BatchLine (a manifest line: render options, inputs, inline geojson) and render's checks"
        ) {
            bytes in
            guard
                let line = try? BatchLine(
                    bytes: bytes, number: 1, manifest: "fuzz.ndjson", inputFolder: "/nonexistent-fuzz",
                    outputFolder: "/nonexistent-fuzz")
            else { return }
            _ = MapSnapCommand.check(["render"] + line.arguments)
        }
    ]
}
