import MapSnapGeometry
import MapSnapImage
import MapSnapStyle
import MapSnapTerrain
import MapSnapText

/// An elevation profile chart alone, as a PNG, SVG or PDF (`mapsnap profile`).
package enum ProfileChartImage {
    /// The chart of `profile` (`statistics` gives its summary line) on a white background,
    /// `size` points at `scale` pixels per point (PNG), in the trail `color` (default: the
    /// overlay trails' purple). Text is set in the bundled Noto Sans.
    /// - Throws: `RenderError.fontsMissing`, `.imageTooLarge`, or a surface or encoder failure.
    package static func render(
        profile: TrackProfile, statistics: TrackStatistics, size: Size, scale: Double, format: ImageFormat,
        color: Color? = nil
    ) throws(RenderError) -> [UInt8] {
        let text: TextEngine
        do {
            text = try TextEngine()
        } catch {
            throw .fontsMissing(error.description)
        }
        let chart = ProfileChart(
            profile: profile, statistics: statistics, size: size, color: color ?? ProfileChart.defaultColor,
            text: text)
        let canvas = try CairoPainter(format: format, size: size, scale: scale)
        canvas.paint(.white)
        chart.draw(on: canvas)
        return try canvas.encode(png: PNGOptions())
    }
}
