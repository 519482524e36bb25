import Foundation

/// What the ring says in words: whether rain comes within the span shown,
/// when, for how long and how hard at most. Pure; the dashboard, plain mode
/// and the CLI word it ("rain from 14:15 for 30 min, up to 4.8 mm/h").
public enum ComingRain: Equatable, Sendable {
    /// No segment of the span is wet.
    case dry(WeatherForecast.RingSpan)
    /// The first run of wet segments, `start` to `end` (segment bounds,
    /// so the value does not move with every tick), the strongest
    /// segment's mean rate and class; `isFalling` when the run began at or
    /// before now (then it is worded "rain now until …").
    case rain(start: Date, end: Date, peakMillimetresPerHour: Double, peak: PrecipitationIntensity, isFalling: Bool)
    /// The source has no values for the span.
    case unknown

    /// The coming rain in `segments` (one ring span) as seen at `now`.
    public init(_ segments: [PrecipitationSegment], span: WeatherForecast.RingSpan, now: Date) {
        guard segments.contains(where: { $0.millimetres != nil }) else { self = .unknown; return }
        guard let first = segments.firstIndex(where: { ($0.intensity ?? .none) > .none }) else {
            self = .dry(span)
            return
        }
        let run = segments[first...].prefix { ($0.intensity ?? .none) > .none }
        let start = run[run.startIndex].start
        self = .rain(start: start, end: run[run.endIndex - 1].end,
                     peakMillimetresPerHour: run.compactMap(\.millimetresPerHour).max() ?? 0,
                     peak: run.compactMap(\.intensity).max() ?? .light, isFalling: start <= now)
    }

    /// Minutes from the start of the rain to its end.
    public var minutes: Int? {
        guard case let .rain(start, end, _, _, _) = self else { return nil }
        return Int((end.timeIntervalSince(start) / 60).rounded())
    }
}

/// Temperatures as shown: one decimal and the unit, `7.3 °C` or `45.1 °F`.
public enum WeatherUnits: String, CaseIterable, Sendable {
    case metric, imperial

    /// `7.3 °C` (metric) or `45.1 °F` (imperial) for `celsius`.
    public func temperatureText(celsius: Double) -> String {
        switch self {
        case .metric: Self.oneDecimal(celsius) + " °C"
        case .imperial: Self.oneDecimal(celsius * 9 / 5 + 32) + " °F"
        }
    }

    /// One decimal, never `-0.0`.
    static func oneDecimal(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return String(format: "%.1f", tenths == 0 ? 0 : tenths / 10)
    }
}
