/// How hard rain falls, by its rate. The boundaries are the usual
/// meteorological classes for rain (American Meteorological Society
/// glossary, "rain": light up to 2.5 mm/h, moderate 2.6–7.6 mm/h, heavy
/// above 7.6 mm/h). A segment whose amount rounds to 0.0 mm is dry:
/// Open-Meteo gives tenths of a millimetre.
public enum PrecipitationIntensity: Int, Comparable, CaseIterable, Sendable {
    case none, light, moderate, heavy

    /// Moderate from here (mm/h).
    public static let moderateFrom = 2.5
    /// Heavy from here (mm/h).
    public static let heavyFrom = 7.6
    /// Less than this in a segment (mm) is dry.
    public static let wetFromMillimetres = 0.05

    /// The class of `millimetres` falling over `minutes`.
    public init(millimetres: Double, minutes: Int) {
        guard millimetres >= Self.wetFromMillimetres, minutes > 0 else { self = .none; return }
        let rate = millimetres / (Double(minutes) / 60)
        switch rate {
        case ..<Self.moderateFrom: self = .light
        case ..<Self.heavyFrom: self = .moderate
        default: self = .heavy
        }
    }

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}
