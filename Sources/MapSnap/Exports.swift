// The library's face: `import MapSnap` gives these and nothing else of the modules below it
// (the command line and the package's tests import those modules directly). Add a type here
// only when a library user needs to name it.

// Overlay files and their features.
@_exported import enum MapSnapFormats.EncodedPolyline
@_exported import struct MapSnapFormats.Feature
@_exported import struct MapSnapFormats.FormatError
@_exported import enum MapSnapFormats.GPXReader
@_exported import enum MapSnapFormats.GeoJSONReader
@_exported import enum MapSnapFormats.Geometry
@_exported import enum MapSnapFormats.OverlayFileReader
@_exported import enum MapSnapFormats.OverlayFormat
@_exported import struct MapSnapFormats.PolylineError
@_exported import enum MapSnapFormats.PolylineReader
@_exported import enum MapSnapFormats.Router
@_exported import enum MapSnapFormats.RouterResponseReader
// Coordinates and image geometry (points; pixels are points × scale).
@_exported import struct MapSnapGeometry.BoundingBox
@_exported import enum MapSnapGeometry.BuiltinSymbol
@_exported import struct MapSnapGeometry.Camera
@_exported import struct MapSnapGeometry.Coordinate
@_exported import struct MapSnapGeometry.Point
@_exported import struct MapSnapGeometry.Rect
@_exported import struct MapSnapGeometry.ScaleBar
@_exported import struct MapSnapGeometry.Size
// What a snapshot is asked for and what it returns.
@_exported import struct MapSnapImage.PNGOptions
// Feature properties and the places in files that errors name.
@_exported import struct MapSnapJSON.JSONArray
@_exported import struct MapSnapJSON.JSONMember
@_exported import struct MapSnapJSON.JSONObject
@_exported import enum MapSnapJSON.JSONValue
@_exported import struct MapSnapJSON.SourceLocation
@_exported import struct MapSnapOverlay.CalloutOverlay
@_exported import enum MapSnapOverlay.PinGlyph
@_exported import struct MapSnapOverlay.PinOverlay
@_exported import struct MapSnapRender.Annotations
@_exported import struct MapSnapRender.BaseMap
@_exported import enum MapSnapRender.CameraRequest
@_exported import enum MapSnapRender.ImageFormat
@_exported import class MapSnapRender.PreparedTileCache
@_exported import struct MapSnapStyle.Color
@_exported import struct MapSnapTerrain.ElevationModel
// Elevation: the files `--dem` reads, and trail figures.
@_exported import protocol MapSnapTerrain.ElevationSource
@_exported import enum MapSnapTerrain.HikingTimeModel
@_exported import struct MapSnapTerrain.TrackProfile
@_exported import struct MapSnapTerrain.TrackStatistics
