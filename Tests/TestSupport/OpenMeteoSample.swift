import Foundation

/// Responses in the format of Open-Meteo's `/v1/forecast` (written from its
/// documentation: `latitude`, `longitude`, `generationtime_ms`,
/// `utc_offset_seconds`, `timezone`, `elevation`, the `*_units` blocks and
/// the `current`, `minutely_15` and `hourly` blocks of parallel arrays,
/// values possibly `null`), for the weather tests and a local test server.
public struct OpenMeteoSample: Sendable {
    public enum TimeFormat: Sendable { case iso8601, unixtime }

    public var latitude = 52.52
    public var longitude = 13.419998
    public var timeFormat = TimeFormat.iso8601
    /// The first hourly time (UTC); quarter hours start at the same instant.
    public var start: Date
    /// Hourly precipitation (mm in the hour *before* each time), nil for null.
    public var hourly: [Double?]
    /// Quarter-hour precipitation (mm in the 15 minutes before each time).
    public var quarterHourly: [Double?]
    public var temperature: Double? = 7.3
    public var currentTime: Date?
    public var utcOffsetSeconds = 0
    /// More fields by name (issue 34: `rain`, `showers`, `snowfall`,
    /// `precipitation_probability`, `weather_code`, the wind), as the API
    /// sends them: parallel arrays in the blocks, numbers in `current`.
    public var extraQuarterHourly: [String: [Double?]] = [:]
    public var extraHourly: [String: [Double?]] = [:]
    public var extraCurrent: [String: Double?] = [:]
    /// Temperatures by hour (nil: the default pattern).
    public var hourlyTemperatures: [Double?]?

    public init(start: Date, hourly: [Double?], quarterHourly: [Double?]) {
        self.start = start
        self.hourly = hourly
        self.quarterHourly = quarterHourly
    }

    /// The API's error shape (sent with HTTP 400).
    public static func error(_ reason: String) -> Data {
        Data("{\"error\":true,\"reason\":\(quoted(reason))}".utf8)
    }

    public var data: Data { Data(json.utf8) }

    public var json: String {
        let formatName = timeFormat == .iso8601 ? "iso8601" : "unixtime"
        var out = "{\"latitude\":\(latitude),\"longitude\":\(longitude),\"generationtime_ms\":0.0851154327392578,"
        out += "\"utc_offset_seconds\":\(utcOffsetSeconds),\"timezone\":\"GMT\",\"timezone_abbreviation\":\"GMT\",\"elevation\":38.0,"
        out += "\"current_units\":{\"time\":\"\(formatName)\",\"interval\":\"seconds\",\"temperature_2m\":\"°C\",\"precipitation\":\"mm\"},"
        out += "\"current\":{\"time\":\(time(currentTime ?? start)),\"interval\":900,\"temperature_2m\":\(number(temperature)),"
        out += "\"precipitation\":\(number(quarterHourly.first ?? 0))"
        for (name, value) in extraCurrent.sorted(by: { $0.key < $1.key }) { out += ",\"\(name)\":\(number(value))" }
        out += "},"
        out += "\"minutely_15_units\":{\"time\":\"\(formatName)\",\"precipitation\":\"mm\",\"temperature_2m\":\"°C\"},"
        out += "\"minutely_15\":" + block(quarterHourly, step: 900, extra: extraQuarterHourly) + ","
        out += "\"hourly_units\":{\"time\":\"\(formatName)\",\"precipitation\":\"mm\",\"temperature_2m\":\"°C\"},"
        out += "\"hourly\":" + block(hourly, step: 3600, extra: extraHourly, temperatures: hourlyTemperatures) + "}"
        return out
    }

    func block(_ values: [Double?], step: Double, extra: [String: [Double?]] = [:], temperatures given: [Double?]? = nil) -> String {
        let times = values.indices.map { time(start.addingTimeInterval(Double($0) * step)) }
        let temperatures = given.map { $0.map(number) } ?? values.indices.map { i in number(temperature.map { $0 + Double(i % 7) / 10 }) }
        var out = "{\"time\":[\(times.joined(separator: ","))],\"precipitation\":[\(values.map(number).joined(separator: ","))],"
            + "\"temperature_2m\":[\(temperatures.joined(separator: ","))]"
        for (name, list) in extra.sorted(by: { $0.key < $1.key }) { out += ",\"\(name)\":[\(list.map(number).joined(separator: ","))]" }
        return out + "}"
    }

    func time(_ date: Date) -> String {
        let seconds = Int64(date.timeIntervalSince1970)
        switch timeFormat {
        case .unixtime: return "\(seconds)"
        case .iso8601:
            var f = DateComponents()
            let c = Calendar(identifier: .gregorian)
            var utc = c
            utc.timeZone = TimeZone(identifier: "UTC")!
            f = utc.dateComponents([.year, .month, .day, .hour, .minute], from: date)
            return String(format: "\"%04d-%02d-%02dT%02d:%02d\"", f.year!, f.month!, f.day!, f.hour!, f.minute!)
        }
    }

    func number(_ value: Double?) -> String { value.map { "\($0)" } ?? "null" }

    static func quoted(_ s: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [s], options: [.fragmentsAllowed])
        let text = String(decoding: data, as: UTF8.self)
        return String(text.dropFirst().dropLast())
    }
}
