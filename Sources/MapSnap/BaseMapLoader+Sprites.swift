import Foundation
import MapSnapImage
import MapSnapRender
import MapSnapStyle

extension BaseMapLoader {
    /// The style's sprite sheets that are local files (https://maplibre.org/maplibre-style-spec/sprite/):
    /// `URL.json` (the index) and `URL.png` (the sheet), and their `@2x` variants; a `file://` URL
    /// or a path relative to the style's folder. `standard` holds each sprite's 1x sheet (its
    /// @2x one when that is all it has), `high` its @2x sheet (or its 1x one): what images of
    /// more than one pixel a point draw with. A sheet that is missing or damaged is reported once
    /// and left out (its icons are not drawn); network sprites were already reported as ignored.
    func loadSprites(_ style: Style, base: URL, warn: (String) -> Void) -> (
        standard: [SpriteAtlas], high: [SpriteAtlas]
    ) {
        var standard: [SpriteAtlas] = []
        var high: [SpriteAtlas] = []
        for sprite in style.sprites {
            var location = sprite.url
            if location.hasPrefix("file://") {
                location = String(location.dropFirst("file://".count))
            } else if location.contains("://") {
                continue
            }
            let stem =
                location.hasPrefix("/") ? location : base.appendingPathComponent(location).standardizedFileURL.path
            let found = [stem, stem + "@2x"].filter {
                FileManager.default.fileExists(atPath: $0 + ".json")
                    && FileManager.default.fileExists(atPath: $0 + ".png")
            }
            guard !found.isEmpty else {
                warn("sprite \(sprite.url): \(stem).json and .png not found; its icons are not drawn")
                continue
            }
            let atlases = found.compactMap { loadSheet($0, sprite: sprite, warn: warn) }
            guard let first = atlases.first, let last = atlases.last else { continue }
            standard.append(first)
            high.append(last)
        }
        return (standard, high)
    }

    /// The sprite sheet `found`.json / `found`.png, or nil (reported) when it cannot be read.
    private func loadSheet(_ found: String, sprite: StyleSprite, warn: (String) -> Void) -> SpriteAtlas? {
        do {
            guard let index = FileManager.default.contents(atPath: found + ".json"),
                let sheetBytes = FileManager.default.contents(atPath: found + ".png")
            else {
                warn("sprite \(sprite.url): cannot read \(found).json or .png; its icons are not drawn")
                return nil
            }
            let sheet = try RGBAImage(png: Array(sheetBytes))
            let atlas = try SpriteAtlas(index: Array(index), sheet: sheet, id: sprite.id)
            if !atlas.skipped.isEmpty {
                warn(
                    "sprite \(found).json: \(atlas.skipped.count) image(s) malformed or outside the sheet, "
                        + "left out: \(atlas.skipped.prefix(5).joined(separator: ", "))")
            }
            return atlas
        } catch {
            warn("sprite \(found): \(error); its icons are not drawn")
            return nil
        }
    }
}
