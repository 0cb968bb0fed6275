import MapSnapGeometry

/// A label the placer drew: its text (or icon name), the boxes of its text and icon (points),
/// and what it keeps other labels from (its boxes, or a line label's collision circles and
/// icon box).
struct PlacedLabel {
    var text: String
    var boxes: [Rect]
    var collisionShapes: [CollisionIndex.Shape]

    init(text: String, boxes: [Rect], collisionShapes: [CollisionIndex.Shape]? = nil) {
        self.text = text
        self.boxes = boxes
        self.collisionShapes = collisionShapes ?? boxes.map { CollisionIndex.Shape(box: $0, radius: 0) }
    }
}
