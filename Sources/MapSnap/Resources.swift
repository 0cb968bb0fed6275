import MapSnapText

/// Where this process finds the files MapSnap ships beside its code: the bundled fonts and
/// styles (see `FontLibrary.directory` and `BaseMapLoader.styleDirectory` for the lookup
/// order; `Scripts/install` puts them in `PREFIX/share/mapsnap`).
public enum Resources {
    /// The folder of the bundled fonts, nil when not found.
    public static var fontDirectory: String? { FontLibrary.directory?.path }
    /// The folder of the bundled styles, nil when not found.
    public static var styleDirectory: String? { BaseMapLoader.styleDirectory?.path }
}
