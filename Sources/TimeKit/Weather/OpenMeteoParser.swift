import Foundation

/// Reads Open-Meteo's `/v1/forecast` JSON (the fields `OpenMeteoRequest`
/// asks for) into a checked `WeatherSeries`, or says precisely what is
/// wrong. Both time formats are read (`"2026-11-26T14:15"`, UTC because the
/// request says `timezone=GMT`, and Unix seconds). Nothing from the
/// response reaches a screen unchecked: the error reason is made inert and
/// bounded here, at the source.
public enum OpenMeteoParser {
    /// Larger responses are refused before parsing (a 16-day answer with
    /// every field asked is about 100 KB).
    public static let maximumBytes = 4 * 1024 * 1024
    /// Most samples in one series (16 days of quarter hours is 1536).
    public static let maximumSamples = 10_000
    /// The API snaps the position to the nearest point of its model grid:
    /// at most about 20 km away for the coarsest global grid it blends
    /// (0.25°, half a cell's diagonal at the equator). An answer farther
    /// than this is for another place (swapped coordinates, a stale proxy).
    public static let placeToleranceKilometres = 25.0
    /// Widest `utc_offset_seconds` read as a number (±18 h); beyond it the
    /// value is impossible, not merely not UTC.
    public static let maximumUTCOffsetSeconds = 18.0 * 3600
    /// Longest server reason kept (characters).
    public static let reasonLimit = 160

    /// The forecast in `data`, asked for at `asked` (nil: not checked),
    /// received at `fetched`.
    public static func parse(_ data: Data, asked: GeoPosition?, fetched: Date) throws(WeatherProblem) -> WeatherSeries {
        guard data.count <= maximumBytes else { throw .tooLarge(bytes: data.count) }
        let root: ForecastJSON
        do {
            root = try ForecastJSON.parse(data)
        } catch {
            throw .malformed("not JSON")
        }
        guard case .object = root else { throw .malformed("not a JSON object") }
        if let reason = refusal(root) { throw .serverRefused(reason: reason) }

        let latitude = try number(root["latitude"], "latitude")
        let longitude = try number(root["longitude"], "longitude")
        guard let position = try? GeoPosition(latitudeDegrees: latitude, longitudeDegrees: longitude) else {
            throw .badValue("position \(latitude), \(longitude)")
        }
        if let asked {
            let km = distanceKilometres(asked, position)
            guard km <= placeToleranceKilometres else { throw .otherPlace(kilometres: km) }
        }
        if let offset = root["utc_offset_seconds"], offset != .null {
            let seconds = try number(offset, "utc_offset_seconds")
            // Checked before conversion: `Int(1e300)` traps. Real offsets
            // are whole seconds within ±18 h (ISO 8601's widest).
            guard abs(seconds) <= maximumUTCOffsetSeconds, let whole = Int(exactly: seconds) else {
                throw .badValue("utc_offset_seconds \(seconds)")
            }
            guard whole == 0 else { throw .notUTC(offsetSeconds: whole) }
        }
        for unitsName in ["current_units", "minutely_15_units", "hourly_units"] {
            guard let units = root[unitsName], case .object = units else { continue }
            try checkUnit(units["temperature_2m"], expected: "°C")
            try checkUnit(units["precipitation"], expected: "mm")
            for name in ["rain", "showers"] { try checkUnit(units[name], expected: "mm") }
            try checkUnit(units["snowfall"], expected: "cm")
            try checkUnit(units["precipitation_probability"], expected: "%")
            for name in ["wind_speed_10m", "wind_gusts_10m"] { try checkUnit(units[name], expected: "km/h") }
        }

        var series = WeatherSeries(position: position, fetched: fetched, currentTemperatureCelsius: nil,
                                   quarterHours: [], hours: [])
        if let current = root["current"] {
            guard case .object = current else { throw .malformed("current is not an object") }
            let block = current
            if let t = block["time"] { series.currentTime = try time(t, "current.time") }
            series.currentTemperatureCelsius = try temperature(block["temperature_2m"], "current.temperature_2m")
            series.currentPrecipitationMillimetres = try precipitation(block["precipitation"], "current.precipitation")
            series.currentWeatherCode = try weatherCode(block["weather_code"], "current.weather_code")
            let wind = Wind(speedKilometresPerHour: try ranged(block["wind_speed_10m"], "current.wind_speed_10m", 0...500, "km/h"),
                            gustsKilometresPerHour: try ranged(block["wind_gusts_10m"], "current.wind_gusts_10m", 0...600, "km/h"),
                            directionDegrees: try ranged(block["wind_direction_10m"], "current.wind_direction_10m", 0...360, "°"))
            if wind != Wind(speedKilometresPerHour: nil, gustsKilometresPerHour: nil, directionDegrees: nil) { series.currentWind = wind }
        }
        guard let hourly = root["hourly"] else { throw .missingField("hourly") }
        series.hours = try samples(hourly, block: "hourly", stepSeconds: 3600)
        if let quarter = root["minutely_15"] {
            series.quarterHours = try samples(quarter, block: "minutely_15", stepSeconds: 900)
        }
        let last = max(series.hours.last?.time ?? .distantPast, series.quarterHours.last?.time ?? .distantPast)
        guard last > fetched else { throw .allInPast(last: last) }
        return series
    }

    /// What an HTTP answer to `request` means: a 200 body is parsed (asked
    /// at `request.sentPosition`); any other status is the API's error
    /// shape when the body has it (`serverRefused`, the documented 400),
    /// else `httpStatus` with the status alone (a proxy's HTML page is not
    /// shown). The shell's worker calls this and saves and reports the result.
    public static func interpret(status: Int, body: Data, request: OpenMeteoRequest,
                                 fetched: Date) -> Result<WeatherSeries, WeatherProblem> {
        guard status == 200 else {
            if body.count <= 64 * 1024, let root = try? ForecastJSON.parse(body), let reason = refusal(root) {
                return .failure(.serverRefused(reason: reason))
            }
            return .failure(.httpStatus(status, reason: nil))
        }
        do {
            return .success(try parse(body, asked: request.sentPosition, fetched: fetched))
        } catch {
            return .failure(error)
        }
    }

    /// The reason of the API's error shape, inert and bounded; nil when
    /// `root` is not an error.
    static func refusal(_ root: ForecastJSON) -> String? {
        guard root["error"] == .bool(true) else { return nil }
        guard case .string(let reason) = root["reason"] else { return "no reason given" }
        return inertReason(reason)
    }

    /// `text` with controls made visible and cut to `reasonLimit` characters.
    public static func inertReason(_ text: String) -> String {
        let inert = InertText.display(text.trimmingCharacters(in: .whitespacesAndNewlines))
        guard inert.count > reasonLimit else { return inert }
        return String(inert.prefix(reasonLimit - 1)) + "…"
    }

    /// One block's samples: `time` and the two value arrays, equally long,
    /// times rising by exactly `stepSeconds`.
    static func samples(_ object: ForecastJSON, block: String, stepSeconds: Int) throws(WeatherProblem) -> [ForecastSample] {
        guard case .object = object else { throw .malformed("\(block) is not an object") }
        guard object["time"] != nil else { throw .missingField("\(block).time") }
        let times = try array(object["time"], "\(block).time")
        guard times.count <= maximumSamples else { throw .badValue("\(block) has \(times.count) times") }
        let precipitation = try array(object["precipitation"], "\(block).precipitation")
        let temperature = try array(object["temperature_2m"], "\(block).temperature_2m")
        guard precipitation.count == times.count, temperature.count == times.count else {
            throw .unequalLengths(block: block)
        }
        // Issue 34's fields: optional (an older server may not send them),
        // but as long as `time` when sent, every value range-checked.
        func optional(_ field: String) throws(WeatherProblem) -> [ForecastJSON]? {
            guard let value = object[field] else { return nil }
            let list = try array(value, "\(block).\(field)")
            guard list.count == times.count else { throw .unequalLengths(block: block) }
            return list
        }
        let rain = try optional("rain"), showers = try optional("showers"), snowfall = try optional("snowfall")
        let probability = try optional("precipitation_probability"), code = try optional("weather_code")
        var result: [ForecastSample] = []
        result.reserveCapacity(times.count)
        var previous: Date?
        // Names built once, not per value (they are only read on failure).
        let timeName = "\(block).time", precipitationName = "\(block).precipitation", temperatureName = "\(block).temperature_2m"
        for i in 0..<times.count {
            let t = try time(times[i], timeName)
            if let previous, Int(t.timeIntervalSince(previous).rounded()) != stepSeconds {
                throw .badValue("\(block) times are not \(stepSeconds / 60) minutes apart at \(ISOInstant.seconds(t))")
            }
            previous = t
            var sample = ForecastSample(time: t,
                                        precipitationMillimetres: try Self.precipitation(precipitation[i], precipitationName),
                                        temperatureCelsius: try Self.temperature(temperature[i], temperatureName))
            if let rain { sample.rainMillimetres = try Self.precipitation(rain[i], "\(block).rain") }
            if let showers { sample.showersMillimetres = try Self.precipitation(showers[i], "\(block).showers") }
            if let snowfall { sample.snowfallCentimetres = try Self.ranged(snowfall[i], "\(block).snowfall", 0...1000, "cm") }
            if let probability {
                sample.probabilityPercent = try Self.ranged(probability[i], "\(block).precipitation_probability", 0...100, "%")
            }
            if let code { sample.weatherCode = try Self.weatherCode(code[i], "\(block).weather_code") }
            result.append(sample)
        }
        return result
    }

    static func array(_ value: ForecastJSON?, _ name: String) throws(WeatherProblem) -> [ForecastJSON] {
        guard let value else { throw .missingField(name) }
        guard case .array(let array) = value else { throw .malformed("\(name) is not an array") }
        return array
    }

    static func number(_ value: ForecastJSON?, _ name: String) throws(WeatherProblem) -> Double {
        guard let value, value != .null else { throw .missingField(name) }
        guard case .number(let n) = value else { throw .malformed("\(name) is not a number") }
        return n
    }

    static func optionalNumber(_ value: ForecastJSON?, _ name: String) throws(WeatherProblem) -> Double? {
        guard let value, value != .null else { return nil }
        return try number(value, name)
    }

    static func precipitation(_ value: ForecastJSON?, _ name: String) throws(WeatherProblem) -> Double? {
        guard let mm = try optionalNumber(value, name) else { return nil }
        // More than a metre in one step has never fallen anywhere.
        guard (0...1000).contains(mm) else { throw .badValue("\(name) \(mm) mm") }
        return mm
    }

    /// An optional number within `range` (checked before any conversion).
    static func ranged(_ value: ForecastJSON?, _ name: String, _ range: ClosedRange<Double>, _ unit: String) throws(WeatherProblem) -> Double? {
        guard let n = try optionalNumber(value, name) else { return nil }
        guard range.contains(n) else { throw .badValue("\(name) \(n) \(unit)") }
        return n
    }

    /// A WMO code: a whole number 0–99 (checked before `Int(_:)`, which traps on 1e300).
    static func weatherCode(_ value: ForecastJSON?, _ name: String) throws(WeatherProblem) -> Int? {
        guard let n = try ranged(value, name, 0...99, ""), let code = Int(exactly: n) else {
            if try optionalNumber(value, name) == nil { return nil }
            throw .badValue("\(name) is not a whole number")
        }
        return code
    }

    static func temperature(_ value: ForecastJSON?, _ name: String) throws(WeatherProblem) -> Double? {
        guard let celsius = try optionalNumber(value, name) else { return nil }
        guard (-100...70).contains(celsius) else { throw .badValue("\(name) \(celsius) °C") }
        return celsius
    }

    static func checkUnit(_ value: ForecastJSON?, expected: String) throws(WeatherProblem) {
        guard case .string(let unit) = value, unit != expected else { return }
        throw .unexpectedUnits(inertReason(String(unit.prefix(20))))
    }

    /// A time as either format: Unix seconds (a number) or
    /// `YYYY-MM-DDTHH:MM[:SS]` in UTC.
    static func time(_ value: ForecastJSON, _ name: String) throws(WeatherProblem) -> Date {
        if case .string(let text) = value {
            guard let seconds = isoSeconds(text) else { throw .malformed("\(name) \"\(inertReason(String(text.prefix(30))))\" is not a time") }
            return Date(timeIntervalSince1970: Double(seconds))
        }
        let seconds = try number(value, name)
        // 1970 to 2200: anything else is not a forecast time.
        guard seconds >= 0, seconds < 7_258_118_400, seconds == seconds.rounded() else {
            throw .badValue("\(name) \(seconds)")
        }
        return Date(timeIntervalSince1970: seconds)
    }

    /// Unix seconds of `2026-11-26T14:15` (or with `:SS`), read byte by byte.
    static func isoSeconds(_ text: String) -> Int64? {
        var text = text
        return text.withUTF8 { b -> Int64? in
            guard b.count == 16 || b.count == 19,
                  b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T"), b[13] == UInt8(ascii: ":"),
                  b.count == 16 || b[16] == UInt8(ascii: ":") else { return nil }
            func digits(_ start: Int, _ count: Int) -> Int? {
                var v = 0
                for i in start..<start + count {
                    let c = b[i]
                    guard c >= 0x30, c <= 0x39 else { return nil }
                    v = v * 10 + Int(c - 0x30)
                }
                return v
            }
            guard let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2),
                  let hour = digits(11, 2), let minute = digits(14, 2), let second = b.count == 19 ? digits(17, 2) : 0,
                  (1...12).contains(month), day >= 1, day <= GPSDTime.daysIn(month: month, year: year),
                  hour < 24, minute < 60, second < 60 else { return nil }
            let days = GPSDTime.daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day))
            return days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        }
    }

    /// Great-circle distance (haversine, mean Earth radius 6371.0 km).
    public static func distanceKilometres(_ a: GeoPosition, _ b: GeoPosition) -> Double {
        let rad = Double.pi / 180
        let dLat = (b.latitudeDegrees - a.latitudeDegrees) * rad
        let dLon = (b.longitudeDegrees - a.longitudeDegrees) * rad
        let h = sin(dLat / 2) * sin(dLat / 2)
            + cos(a.latitudeDegrees * rad) * cos(b.latitudeDegrees * rad) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * 6371.0 * asin(min(1, sqrt(h)))
    }
}
