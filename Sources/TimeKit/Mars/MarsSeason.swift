/// The season in Mars's northern hemisphere, from the solar longitude Ls:
/// spring from the vernal equinox (Ls 0°), summer from the solstice (90°),
/// autumn from the equinox (180°), winter from the solstice (270°).
public enum MarsSeason: String, Equatable, Sendable, CaseIterable {
    case spring, summer, autumn, winter

    /// The northern season for `solarLongitude` in degrees (any real number).
    public init(solarLongitude: Double) {
        let ls = Mars24.normalizedDegrees(solarLongitude)
        switch ls {
        case ..<90: self = .spring
        case ..<180: self = .summer
        case ..<270: self = .autumn
        default: self = .winter
        }
    }

    /// `northern spring`, as the panel and the CLI print it.
    public var northernText: String { "northern \(rawValue)" }
}
