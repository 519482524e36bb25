import Foundation

/// A span of time on the precipitation ring and the precipitation that
/// falls in it: one quarter hour (`next60`) or one hour (`next12h`).
public struct PrecipitationSegment: Equatable, Sendable {
    /// When the segment begins (UTC instant).
    public var start: Date
    /// How long it lasts.
    public var minutes: Int
    /// Precipitation in the segment, millimetres of water; nil when the
    /// source has no value for it (Open-Meteo sends `null`).
    public var millimetres: Double?
    /// What falls (`none` when dry); nil when the amount is unknown.
    public var type: PrecipitationType?
    /// Probability of precipitation (%), when the source gives one.
    public var probabilityPercent: Double?

    public init(start: Date, minutes: Int, millimetres: Double?, type: PrecipitationType? = nil, probabilityPercent: Double? = nil) {
        self.start = start
        self.minutes = minutes
        self.millimetres = millimetres
        self.type = type ?? millimetres.map {
            PrecipitationIntensity(millimetres: $0, minutes: minutes) > .none ? .rain : .none
        }
        self.probabilityPercent = probabilityPercent
    }

    public var end: Date { start.addingTimeInterval(Double(minutes) * 60) }

    /// The mean rate over the segment: millimetres ÷ the segment's hours.
    public var millimetresPerHour: Double? {
        millimetres.map { minutes > 0 ? $0 / (Double(minutes) / 60) : 0 }
    }

    /// How hard it falls (nil: no value).
    public var intensity: PrecipitationIntensity? {
        millimetres.map { PrecipitationIntensity(millimetres: $0, minutes: minutes) }
    }
}

/// One value of a forecast series at the instant the source stamps it.
public struct ForecastSample: Equatable, Sendable {
    /// The source's time stamp (UTC).
    public var time: Date
    /// Precipitation summed over the step that *ends* at `time` (mm).
    public var precipitationMillimetres: Double?
    public var temperatureCelsius: Double?
    /// The parts of the precipitation (mm; snowfall in cm of snow), the
    /// probability (%) and the WMO code, when the source sends them.
    public var rainMillimetres: Double?
    public var showersMillimetres: Double?
    public var snowfallCentimetres: Double?
    public var probabilityPercent: Double?
    public var weatherCode: Int?

    public init(time: Date, precipitationMillimetres: Double?, temperatureCelsius: Double?,
                rainMillimetres: Double? = nil, showersMillimetres: Double? = nil, snowfallCentimetres: Double? = nil,
                probabilityPercent: Double? = nil, weatherCode: Int? = nil) {
        self.time = time
        self.precipitationMillimetres = precipitationMillimetres
        self.temperatureCelsius = temperatureCelsius
        self.rainMillimetres = rainMillimetres
        self.showersMillimetres = showersMillimetres
        self.snowfallCentimetres = snowfallCentimetres
        self.probabilityPercent = probabilityPercent
        self.weatherCode = weatherCode
    }

    /// The segment this sample closes (`minutes` long, ending at `time`).
    func segment(minutes: Int) -> PrecipitationSegment {
        let wet = precipitationMillimetres.map { PrecipitationIntensity(millimetres: $0, minutes: minutes) > .none }
        return PrecipitationSegment(
            start: time.addingTimeInterval(-Double(minutes) * 60), minutes: minutes, millimetres: precipitationMillimetres,
            type: wet.map {
                PrecipitationType.of(wet: $0, rainMillimetres: rainMillimetres, showersMillimetres: showersMillimetres,
                                     snowfallCentimetres: snowfallCentimetres, weatherCode: weatherCode,
                                     temperatureCelsius: temperatureCelsius)
            },
            probabilityPercent: probabilityPercent)
    }
}

/// A forecast as the source sent it, checked: the grid point it is for, the
/// current conditions and the two series (every 15 minutes, every hour).
/// `forecast(at:)` picks the ring's segments for an instant, so a kept
/// forecast can be shown again as time moves on.
public struct WeatherSeries: Equatable, Sendable {
    /// The grid point the source answered for (it snaps to its model grid).
    public var position: GeoPosition
    /// When the response arrived (the shell's clock, not the server's).
    public var fetched: Date
    /// `current.time` (UTC); nil when the response had no `current` block.
    public var currentTime: Date?
    public var currentTemperatureCelsius: Double?
    public var currentPrecipitationMillimetres: Double?
    /// `current.weather_code` (WMO) and the wind now, when sent.
    public var currentWeatherCode: Int?
    public var currentWind: Wind?
    /// Quarter-hour samples, oldest first (empty when the source has none).
    public var quarterHours: [ForecastSample]
    /// Hourly samples, oldest first.
    public var hours: [ForecastSample]

    public init(position: GeoPosition, fetched: Date, currentTime: Date? = nil,
                currentTemperatureCelsius: Double?, currentPrecipitationMillimetres: Double? = nil,
                quarterHours: [ForecastSample], hours: [ForecastSample]) {
        self.position = position
        self.fetched = fetched
        self.currentTime = currentTime
        self.currentTemperatureCelsius = currentTemperatureCelsius
        self.currentPrecipitationMillimetres = currentPrecipitationMillimetres
        self.quarterHours = quarterHours
        self.hours = hours
    }

    /// The forecast as seen at `now`: every quarter hour that overlaps
    /// now … now + 60 min (4, or 5 when now is not on a quarter) when the
    /// source covers all of that with at least one value (else nil: the ring
    /// falls back to 12 hours), the twelve hours from the one under way
    /// (fewer when the series ends sooner), and the finest data from now on.
    /// `zone` is the user's, for the day's high and low (nil: UTC).
    public func forecast(at now: Date, zone: ZoneRules? = nil) -> WeatherForecast {
        let hour = Self.covering(quarterHours, minutes: 15, from: now, until: now.addingTimeInterval(3600))
        var forecast = WeatherForecast(position: position, fetched: fetched, currentTemperatureCelsius: currentTemperatureCelsius,
                                       currentPrecipitationMillimetres: currentPrecipitationMillimetres,
                                       next60: hour.flatMap { $0.contains { $0.millimetres != nil } ? $0 : nil },
                                       next12h: Self.segments(hours, minutes: 60, count: 12, from: now, requireAll: false) ?? [],
                                       finest: finest(from: now))
        forecast.currentWeatherCode = currentWeatherCode
        forecast.currentWind = currentWind
        (forecast.highCelsius, forecast.lowCelsius) = dayRange(at: now, zone: zone ?? .fixed(seconds: 0))
        return forecast
    }

    /// The highest and lowest hourly temperature on the local calendar day
    /// that holds `now` (nil when the series has none that day).
    func dayRange(at now: Date, zone: ZoneRules) -> (Double?, Double?) {
        let today = LocalTimeText.fields(now, in: zone)
        // Only an hour within 27 h of `now` can share its local day (a day
        // is at most 25 h long): the rest of a 16-day series is not turned
        // into calendar fields on every frame.
        let values = hours.lazy.filter { abs($0.time.timeIntervalSince(now)) < 27 * 3600 }.filter {
            let f = LocalTimeText.fields($0.time, in: zone)
            return f.year == today.year && f.month == today.month && f.day == today.day
        }.compactMap(\.temperatureCelsius)
        return (values.max(), values.min())
    }

    /// The segments that overlap `now ..< end`, from the one under way;
    /// nil unless they reach `end` without a gap.
    static func covering(_ samples: [ForecastSample], minutes: Int, from now: Date, until end: Date) -> [PrecipitationSegment]? {
        let count = Int((end.timeIntervalSince(now) / (Double(minutes) * 60)).rounded(.up)) + 1
        guard let run = segments(samples, minutes: minutes, count: count, from: now, requireAll: false) else { return nil }
        let overlapping = run.filter { $0.start < end }
        guard let last = overlapping.last, last.end >= end else { return nil }
        return overlapping
    }

    /// The finest data covering each instant from the segment under way to
    /// the end of the series: quarter hours while they run on without a gap
    /// or a null, then hours (an hour the quarters end inside is cut to
    /// its remainder, at the hour's rate). The words, the spell's end and
    /// peak are read from this, never from the ring's segments alone.
    public func finest(from now: Date) -> [PrecipitationSegment] {
        var result: [PrecipitationSegment] = []
        if let quarters = Self.segments(quarterHours, minutes: 15, count: quarterHours.count, from: now, requireAll: false) {
            result = Array(quarters.prefix { $0.millimetres != nil })
        }
        let covered = result.last?.end ?? now
        let hourly = Self.segments(hours, minutes: 60, count: hours.count, from: covered, requireAll: false) ?? []
        for segment in hourly {
            guard segment.end > covered else { continue }
            if segment.start >= covered || result.isEmpty {
                result.append(segment)
            } else {
                let minutes = Int((segment.end.timeIntervalSince(covered) / 60).rounded())
                let share = segment.millimetres.map { $0 * Double(minutes) / Double(segment.minutes) }
                result.append(PrecipitationSegment(start: covered, minutes: minutes, millimetres: share, type: segment.type,
                                                   probabilityPercent: segment.probabilityPercent))
            }
        }
        return result
    }

    /// `count` consecutive segments of `minutes` from the one that holds
    /// `now`. Open-Meteo sums precipitation over the step *before* a time
    /// stamp ("sum of the preceding hour"), so a sample stamped T covers
    /// T − step ..< T.
    static func segments(_ samples: [ForecastSample], minutes: Int, count: Int, from now: Date,
                         requireAll: Bool) -> [PrecipitationSegment]? {
        let step = Double(minutes) * 60
        // The first sample whose step has not ended yet (binary search: sorted).
        var low = 0, high = samples.count
        while low < high {
            let mid = (low + high) / 2
            if samples[mid].time <= now { low = mid + 1 } else { high = mid }
        }
        var result: [PrecipitationSegment] = []
        var index = low
        while index < samples.count, result.count < count {
            let sample = samples[index]
            let start = sample.time.addingTimeInterval(-step)
            if let previous = result.last, abs(start.timeIntervalSince(previous.end)) > 1 { break }  // a gap
            if result.isEmpty, start > now { break }  // the series starts after now
            result.append(sample.segment(minutes: minutes))
            index += 1
        }
        if requireAll { return result.count == count ? result : nil }
        return result.isEmpty ? nil : result
    }
}

/// What the weather panel, the CLI and the share card show: the forecast
/// for one position as seen at one instant.
public struct WeatherForecast: Equatable, Sendable {
    public var position: GeoPosition
    /// When the response arrived.
    public var fetched: Date
    public var currentTemperatureCelsius: Double?
    public var currentPrecipitationMillimetres: Double?
    /// Every quarter hour overlapping the next 60 minutes (4 or 5), when
    /// the source has them with at least one value.
    public var next60: [PrecipitationSegment]?
    /// The next 12 hours (up to twelve hourly segments).
    public var next12h: [PrecipitationSegment]
    /// The finest data from the segment under way to the end of the series
    /// (`WeatherSeries.finest`): what the words and the spell are read from.
    /// The ring's segments alone would cut a spell at the ring's edge.
    public var finest: [PrecipitationSegment]
    /// The WMO code and the wind now (`current`), when the source sent them.
    public var currentWeatherCode: Int?
    public var currentWind: Wind?
    /// The highest and lowest hourly temperature of the local day (°C).
    public var highCelsius: Double?
    public var lowCelsius: Double?

    public init(position: GeoPosition, fetched: Date, currentTemperatureCelsius: Double?,
                currentPrecipitationMillimetres: Double? = nil,
                next60: [PrecipitationSegment]?, next12h: [PrecipitationSegment], finest: [PrecipitationSegment]? = nil) {
        self.finest = finest ?? next60.map { hour in hour + next12h.filter { $0.start >= (hour.last?.end ?? .distantPast) } } ?? next12h
        self.position = position
        self.fetched = fetched
        self.currentTemperatureCelsius = currentTemperatureCelsius
        self.currentPrecipitationMillimetres = currentPrecipitationMillimetres
        self.next60 = next60
        self.next12h = next12h
    }

    /// The segments for a ring span: the hour when asked and available,
    /// else the twelve hours ("best available", as Lucid does).
    public func segments(preferringHour: Bool) -> (span: RingSpan, segments: [PrecipitationSegment]) {
        if preferringHour, let hour = next60 { return (.nextHour, hour) }
        return (.next12Hours, next12h)
    }

    /// The coming rain in a ring span's words, read from the finest data.
    public func comingRain(_ span: RingSpan, at now: Date) -> ComingRain {
        ComingRain(finest, span: span, now: now)
    }

    /// What falls in the coming spell of a span (nil: dry or unknown).
    public func comingType(_ span: RingSpan, at now: Date) -> PrecipitationType? {
        ComingRain.type(finest, span: span, now: now)
    }

    /// The next (or current) precipitation spell starting within 12 hours,
    /// from the finest data covering it; nil when none is forecast (or the
    /// source has no values).
    public func spell(at now: Date) -> ComingRain? {
        let rain = comingRain(.next12Hours, at: now)
        if case .rain = rain { return rain }
        return nil
    }

    /// How much of the clock the precipitation ring stands for.
    public enum RingSpan: String, Equatable, Sendable {
        case nextHour, next12Hours

        /// Minutes once round the ring.
        public var minutes: Int { self == .nextHour ? 60 : 720 }
    }
}
