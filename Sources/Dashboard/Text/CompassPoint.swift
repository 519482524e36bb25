import Foundation

/// The 16 compass points for a bearing in degrees true (a wind's direction,
/// in English and Japanese): text, not a panel's own type.
enum CompassPoint {
    static let english = ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE",
                          "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"]
    static let japanese = ["北", "北北東", "北東", "東北東", "東", "東南東", "南東", "南南東",
                           "南", "南南西", "南西", "西南西", "西", "西北西", "北西", "北北西"]

    /// Which of the 16 points (0 = N) holds `degrees`: each is 22.5° wide, centred on its bearing.
    static func index(_ degrees: Int) -> Int {
        let d = ((degrees % 360) + 360) % 360
        return Int((Double(d) / 22.5).rounded()) % 16
    }

    static func english(_ degrees: Int) -> String { english[index(degrees)] }
    static func japanese(_ degrees: Int) -> String { japanese[index(degrees)] }
    /// `(045°)`, three digits as bearings are written.
    static func degreesText(_ degrees: Int) -> String {
        "(" + String(format: "%03d", ((degrees % 360) + 360) % 360) + "°)"
    }
}
