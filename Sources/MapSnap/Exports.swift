@_exported import MapSnapFormats
@_exported import MapSnapGeometry
@_exported import MapSnapJSON
@_exported import MapSnapRender
@_exported import MapSnapStyle
@_exported import MapSnapTiles
