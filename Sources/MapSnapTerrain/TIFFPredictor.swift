/// TIFF's floating-point predictor (Predictor 3, Adobe's TIFF Technical Note 3,
/// http://chriscox.org/TIFFTN3d1.pdf): the writer splits each row's floats into byte planes
/// (the most significant bytes of all samples first), then differences the row's bytes.
/// Horizontal differencing (Predictor 2, TIFF 6.0 §14) is undone while storing the samples.
enum TIFFPredictor {
    /// Undoes Predictor 3 for the row of `samples` 32-bit floats at byte `row` of `data`: sums
    /// the bytes, then puts each float's four bytes back together, plane 0 first (see
    /// `TIFFLayout.store` for the byte order they then have).
    /// - Precondition: `data` holds `4 · samples` bytes from `row`.
    static func undoFloatingPoint(_ data: inout [UInt8], row: Int, samples: Int) {
        let count = 4 * samples
        var planes = [UInt8](repeating: 0, count: count)
        var sum: UInt8 = 0
        for k in 0..<count {
            sum = sum &+ data[row + k]
            planes[k] = sum
        }
        for c in 0..<samples {
            for b in 0..<4 { data[row + 4 * c + b] = planes[b * samples + c] }
        }
    }
}
