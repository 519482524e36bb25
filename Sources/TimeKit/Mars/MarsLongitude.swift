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

    /// `degreesEast` moved by `delta` degrees, wrapped into (−180, 180] and
    /// rounded to 0.1° so that repeated fine steps never drift (0.1 is not
    /// exact in binary). The panel's longitude keys use this.
    public static func stepped(_ degreesEast: Double, by delta: Double) -> Double {
        guard degreesEast.isFinite, delta.isFinite else { return 0 }
        let tenths = ((degreesEast + delta) * 10).rounded() / 10
        let wrapped = normalized(tenths)
        return wrapped == -0.0 ? 0 : wrapped
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
