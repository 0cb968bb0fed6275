import MapSnapFormats
import MapSnapGeometry
import MapSnapOverlay
import MapSnapRender

/// Renders snapshots. Keep one per thread and reuse it: it owns the fonts and text context,
/// so the second and later images skip that set-up. Not thread-safe.
public final class Snapshotter {
    private let renderer: SceneRenderer

    /// - Parameter preparedTiles: where the base-map tile layers an image prepares are kept
    ///   for the next images (bounded in bytes); share one between the snapshotters of the
    ///   threads of a batch. Nil: one of the default budget of this snapshotter's own.
    /// - Throws: `SnapshotError` of kind `.internal` when the bundled fonts cannot be loaded.
    public init(preparedTiles: PreparedTileCache? = nil) throws(SnapshotError) {
        do {
            renderer = try SceneRenderer(preparedTiles: preparedTiles)
        } catch {
            throw SnapshotError(.internal, error.description)
        }
    }

    /// The most positions (vertices) the features and routes of one image may hold, in all:
    /// 10,000,000 (each file holds at most `OverlayLimits.maximumPositions`).
    public static let maximumPositions = 10_000_000

    /// Renders one image.
    ///
    /// - Throws: `SnapshotError` of kind `.usage` when the options cannot make an image (a size
    ///   under 1 × 1 point, a scale other than 1, 2 or 3, no trail named `highlight`, nothing to
    ///   fit, an image too small for its padding or too large), `.internal` when drawing or
    ///   encoding fails, `.badInput` when the overlays hold more than `maximumPositions` or a
    ///   file of `fontFolder` is no font, `.missingFile` when `fontFolder` is missing, unreadable
    ///   or holds no font file; `subject` names the option at fault.
    public func snapshot(_ options: SnapshotOptions) throws(SnapshotError) -> Snapshot {
        let size = options.size
        guard size.width >= 1, size.height >= 1, size.width.isFinite, size.height.isFinite else {
            throw SnapshotError(.usage, "the image size must be at least 1x1 points", subject: .size)
        }
        guard [1.0, 2.0, 3.0].contains(options.scale) else {
            throw SnapshotError(.usage, "the scale must be 1, 2 or 3", subject: .scale)
        }
        let positions = (options.features + options.routes).reduce(0) { $0 + $1.geometry.positionCount }
        guard positions <= Self.maximumPositions else {
            throw SnapshotError(
                .badInput,
                "the overlays hold \(positions) positions, more than the \(Self.maximumPositions) one image may draw")
        }
        var scene: OverlayScene
        do {
            scene = try options.overlayBuilder.build(features: options.features, routes: options.routes)
        } catch {
            throw SnapshotError(.usage, error.description, subject: .highlight)
        }
        scene.pins += options.pins
        scene.callouts += options.callouts
        scene.title = options.title
        do {
            var request = options.renderRequest
            var notes: [String] = []
            if options.profile { request.profile = Self.profileInset(options) { notes.append($0) } }
            var out = try renderer.render(scene, request: request)
            out.warnings = notes + out.warnings
            return Snapshot(
                data: out.bytes, format: options.format, camera: out.camera, annotations: out.annotations,
                warnings: out.warnings)
        } catch {
            throw Self.snapshotError(error)
        }
    }

    /// The renderer's `CameraError` and `RenderError` in the library's terms.
    static func snapshotError(_ error: RenderError) -> SnapshotError {
        switch error {
        case .camera(.nothingToFit):
            return SnapshotError(
                .usage,
                "nothing to show: give features, routes, pins or callouts to fit, or a camera that does not fit "
                    + "(a centre with a zoom or a span, or a bounding box)",
                subject: .camera)
        case .camera(.imageTooSmall):
            return SnapshotError(.usage, "the image is too small for the padding and the markers", subject: .size)
        case .imageTooLarge:
            return SnapshotError(.usage, error.description, subject: .size)
        case .userFonts(.fontFolder(let path, let reason)):
            return SnapshotError(.missingFile, reason, file: path, subject: .fontFolder)
        case .userFonts(.fontFile(let path, let reason)):
            return SnapshotError(.badInput, reason, file: path, subject: .fontFolder)
        default:
            return SnapshotError(.internal, error.description)
        }
    }
}
