import MapSnapGeometry
import MapSnapOverlay

extension SceneRenderer {
    /// Where the profile inset of `request` goes (points): the corner whose inset hides the
    /// fewest trail points and none of `decorations` or the title band; nil without a profile
    /// or when no corner is clear.
    func profileInsetBox(
        _ request: RenderRequest, scene: OverlayScene, camera: Camera, decorations: [Rect], band: Double
    ) -> Rect? {
        guard request.profile != nil else { return nil }
        let size = request.size
        let inset = ProfileInset.size(for: size)
        let trail = scene.lines.flatMap { l in l.parts.map { $0.map(camera.point(for:)) } }
        var avoid = decorations
        if band > 0 { avoid.append(Rect(x: 0, y: 0, width: size.width, height: band)) }
        guard let corner = ProfileInset.corner(image: size, inset: inset, trail: trail, avoiding: avoid) else {
            return nil
        }
        return ProfileInset.rect(corner, inset: inset, image: size)
    }
}
