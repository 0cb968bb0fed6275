import MapSnapFormats
import MapSnapGeometry
import MapSnapOverlay
import MapSnapRender

/// Renders snapshots. Keep one per thread and reuse it: it owns the fonts and text context,
/// so the second and later images skip that set-up.
public final class Snapshotter {
    private let renderer: SceneRenderer

    public init() throws(MapSnapError) {
        do {
            renderer = try SceneRenderer()
        } catch {
            throw MapSnapError(.software, error.description)
        }
    }

    /// Renders one image. Errors carry the exit code the command line uses.
    public func snapshot(_ options: SnapshotOptions) throws(MapSnapError) -> Snapshot {
        guard options.size.width >= 1, options.size.height >= 1, options.size.width.isFinite,
            options.size.height.isFinite
        else {
            throw MapSnapError(.usage, "the image size must be at least 1x1 points")
        }
        guard [1.0, 2.0, 3.0].contains(options.scale) else {
            throw MapSnapError(.usage, "the scale must be 1, 2 or 3")
        }
        var builder = OverlayBuilder(theme: options.theme)
        builder.highlight = options.highlight
        builder.flags = options.flags
        builder.trailCallouts = options.trailCallouts
        var scene: OverlayScene
        do {
            scene = try builder.build(features: options.features, routes: options.routes)
        } catch {
            throw MapSnapError(.usage, error.description)
        }
        scene.pins += options.pins
        scene.callouts += options.callouts
        scene.title = options.title
        var request = RenderRequest(
            size: options.size, scale: options.scale, camera: options.camera, format: options.format, png: options.png,
            theme: options.theme)
        request.decorations = Decorations(scaleBar: options.scaleBar, attribution: options.attribution)
        request.decorations.showAttribution = options.showAttribution
        request.baseMap = options.baseMap
        do {
            let out = try renderer.render(scene, request: request)
            return Snapshot(
                data: out.bytes, format: options.format, camera: out.camera, annotations: out.annotations,
                warnings: out.warnings)
        } catch let e as CameraError {
            switch e {
            case .nothingToFit:
                throw MapSnapError(
                    .usage,
                    "nothing to show: give overlay files or --pin, or a camera (--center with --zoom or --span, or --bbox)"
                )
            case .imageTooSmall:
                throw MapSnapError(.usage, "the image is too small for the padding and the markers")
            }
        } catch let e as RenderError {
            switch e {
            case .imageTooLarge: throw MapSnapError(.usage, e.description)
            default: throw MapSnapError(.software, e.description)
            }
        } catch {
            throw MapSnapError(.software, "\(error)")
        }
    }
}
