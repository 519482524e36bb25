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

    /// The coming rain as seen at `now`: whether a wet segment overlaps
    /// now … now + the span, and the run of wet segments from the first of
    /// them, followed through all of `segments` (its end and peak are not
    /// cut at the span's edge). `segments` should be the finest data from
    /// the segment under way (`WeatherForecast.finest`); unknown when none
    /// of those in the span has a value.
    public init(_ segments: [PrecipitationSegment], span: WeatherForecast.RingSpan, now: Date) {
        guard let found = Self.run(segments, span: span, now: now) else { self = .unknown; return }
        guard let run = found else {
            self = .dry(span)
            return
        }
        let start = run[run.startIndex].start
        self = .rain(start: start, end: run[run.endIndex - 1].end,
                     peakMillimetresPerHour: run.compactMap(\.millimetresPerHour).max() ?? 0,
                     peak: run.compactMap(\.intensity).max() ?? .light, isFalling: start <= now)
    }

    /// The wet run the words speak of: nil when the span has no value,
    /// `.some(nil)` when it is dry.
    static func run(_ segments: [PrecipitationSegment], span: WeatherForecast.RingSpan,
                    now: Date) -> ArraySlice<PrecipitationSegment>?? {
        let horizon = now.addingTimeInterval(Double(span.minutes) * 60)
        let inSpan = segments.indices.filter { segments[$0].end > now && segments[$0].start < horizon }
        guard inSpan.contains(where: { segments[$0].millimetres != nil }) else { return nil }
        guard let first = inSpan.first(where: { (segments[$0].intensity ?? .none) > .none }) else { return .some(nil) }
        var last = first
        while last + 1 < segments.count, (segments[last + 1].intensity ?? .none) > .none,
              abs(segments[last + 1].start.timeIntervalSince(segments[last].end)) < 1 {
            last += 1
        }
        return segments[first...last]
    }

    /// What falls in the coming spell: snow when every wet segment is snow,
    /// showers when every one is showers, mixed when snow meets rain or
    /// showers (or a segment is mixed), else rain; nil when dry or unknown.
    public static func type(_ segments: [PrecipitationSegment], span: WeatherForecast.RingSpan,
                            now: Date) -> PrecipitationType? {
        guard let found = run(segments, span: span, now: now), let run = found else { return nil }
        let types = Set(run.compactMap(\.type))
        if types.contains(.mixed) || types.contains(.snow) && (types.contains(.rain) || types.contains(.showers)) { return .mixed }
        if types == [.snow] { return .snow }
        if types == [.showers] { return .showers }
        return .rain
    }

    /// Minutes from the start of the rain to its end.
    public var minutes: Int? {
        guard case let .rain(start, end, _, _, _) = self else { return nil }
        return Int((end.timeIntervalSince(start) / 60).rounded())
    }
}

/// Temperatures as shown: one decimal and the unit, `7.3 °C` or `45.1 °F`;
/// wind in km/h, or knots when nautical (issue 34; temperatures in °C).
public enum WeatherUnits: String, CaseIterable, Sendable {
    case metric, imperial, nautical

    /// Wind speed in this system's unit: knots when nautical, else km/h.
    public func windSpeed(kilometresPerHour: Double) -> Double {
        self == .nautical ? kilometresPerHour / Wind.kilometresPerHourPerKnot : kilometresPerHour
    }

    /// `7.3 °C` (metric) or `45.1 °F` (imperial) for `celsius`.
    public func temperatureText(celsius: Double) -> String {
        switch self {
        case .metric, .nautical: Self.oneDecimal(celsius) + " °C"
        case .imperial: Self.oneDecimal(celsius * 9 / 5 + 32) + " °F"
        }
    }

    /// One decimal, never `-0.0`.
    static func oneDecimal(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return String(format: "%.1f", tenths == 0 ? 0 : tenths / 10)
    }
}
