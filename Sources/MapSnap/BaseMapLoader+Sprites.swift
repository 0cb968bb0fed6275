import Foundation
import MapSnapImage
import MapSnapRender
import MapSnapStyle

extension BaseMapLoader {
    /// The style's sprite sheets that are local files (https://maplibre.org/maplibre-style-spec/sprite/):
    /// `URL.json` (the index) and `URL.png` (the sheet), or their `@2x` variants when only those
    /// exist; a `file://` URL or a path relative to the style's folder. A sheet that is missing
    /// or damaged is reported once and left out (its icons are not drawn); network sprites were
    /// already reported as ignored.
    func loadSprites(_ style: Style, base: URL, warn: (String) -> Void) -> [SpriteAtlas] {
        var atlases: [SpriteAtlas] = []
        for sprite in style.sprites {
            var location = sprite.url
            if location.hasPrefix("file://") {
                location = String(location.dropFirst("file://".count))
            } else if location.contains("://") {
                continue
            }
            let stem =
                location.hasPrefix("/") ? location : base.appendingPathComponent(location).standardizedFileURL.path
            let candidates = [stem, stem + "@2x"]
            guard
                let found = candidates.first(where: {
                    FileManager.default.fileExists(atPath: $0 + ".json")
                        && FileManager.default.fileExists(atPath: $0 + ".png")
                })
            else {
                warn("sprite \(sprite.url): \(stem).json and .png not found; its icons are not drawn")
                continue
            }
            do {
                guard let index = FileManager.default.contents(atPath: found + ".json"),
                    let sheetBytes = FileManager.default.contents(atPath: found + ".png")
                else {
                    warn("sprite \(sprite.url): cannot read \(found).json or .png; its icons are not drawn")
                    continue
                }
                let sheet = try RGBAImage(png: Array(sheetBytes))
                let atlas = try SpriteAtlas(index: Array(index), sheet: sheet, id: sprite.id)
                if !atlas.skipped.isEmpty {
                    warn(
                        "sprite \(found).json: \(atlas.skipped.count) image(s) malformed or outside the sheet, "
                            + "left out: \(atlas.skipped.prefix(5).joined(separator: ", "))")
                }
                atlases.append(atlas)
            } catch {
                warn("sprite \(found): \(error); its icons are not drawn")
            }
        }
        return atlases
    }
}
