import Foundation

/// Longitudes on Mars in degrees east, as timedeck shows and stores them.
///
/// Mars maps since the MGS era give planetocentric longitudes positive east
/// (IAU 2000); Mars24 uses west longitudes internally, so the engine converts
/// at one place (`Mars24` steps C-3 and D-1). We keep every longitude in
/// (−180, 180] so that the panel's keys wrap at ±180 and a site shows the
/// same number everywhere.
public enum MarsLongitude {
    /// `degreesEast` wrapped into (−180, 180]. Non-finite input comes back
    /// unchanged (callers validate first).
    @inlinable public static func normalized(_ degreesEast: Double) -> Double {
        guard degreesEast.isFinite else { return degreesEast }
        var r = degreesEast - 360 * (degreesEast / 360).rounded(.down)  // [0, 360)
        if r >= 360 { r -= 360 }
        return r > 180 ? r - 360 : r
    }

    /// `12.5°E`, `133.8°W`, `0.0°` with one decimal (west for negative).
    public static func text(_ degreesEast: Double, decimals: Int = 1) -> String {
        let v = normalized(degreesEast)
        let magnitude = FixedText.decimal(abs(v), places: decimals)
        if magnitude == FixedText.decimal(0, places: decimals) || v == 180 {
            return magnitude + "°" + (v == 180 ? "E" : "")
        }
        return magnitude + (v < 0 ? "°W" : "°E")
    }
}
