import Foundation

/// Why a forecast could not be had, as a typed value: the shell's network
/// failures and everything the parser refuses. The dashboard words it in
/// the interface language; `description` is the CLI's English.
public enum WeatherProblem: Error, Equatable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// No answer within the time allowed (seconds).
    case timedOut(seconds: Int)
    /// The server could not be reached (the system's words, made inert).
    case unreachable(String)
    /// An HTTP status other than 200, with the server's reason when it gave one.
    case httpStatus(Int, reason: String?)
    /// The response is larger than `OpenMeteoParser.maximumBytes`.
    case tooLarge(bytes: Int)
    /// Not JSON, or JSON of another shape (what is wrong).
    case malformed(String)
    /// The API's error shape, `{"error":true,"reason":"…"}`: its reason,
    /// inert and at most `OpenMeteoParser.reasonLimit` characters.
    case serverRefused(reason: String)
    /// A required field is absent (its name).
    case missingField(String)
    /// A block's arrays are not all as long as its `time` array.
    case unequalLengths(block: String)
    /// A value no forecast can have (where, and what).
    case badValue(String)
    /// The answer is for a grid point this far (km) from the position asked.
    case otherPlace(kilometres: Double)
    /// Times are not UTC (`utc_offset_seconds` is not 0).
    case notUTC(offsetSeconds: Int)
    /// Units other than °C and mm (the unit text, inert).
    case unexpectedUnits(String)
    /// Every forecast time is at or before the moment it arrived.
    case allInPast(last: Date)
    /// Weather is on but there is no position to ask for.
    case noPosition
    /// The config's `weather.url` was refused (the value as shown, its
    /// password hidden, and why): weather stays off, nothing is sent to
    /// any host — never to the default service in its place.
    case addressRefused(url: String, reason: String)
    /// The https connection was refused: the certificate, its host, or
    /// `weather.ca_file` (what, in our words).
    case tlsRefused(TLSRefusal)

    /// `description` as one sentence with exactly one full stop at the end
    /// (a server's reason may end in its own: never "..").
    public var sentence: String {
        let text = description
        return text.hasSuffix(".") || text.hasSuffix("。") || text.hasSuffix("!") || text.hasSuffix("?") ? text : text + "."
    }

    public var description: String {
        switch self {
        case .timedOut(let s): "no answer within \(s) s"
        case .unreachable(let why): "server unreachable: \(why)"
        case let .httpStatus(code, reason): "HTTP \(code)" + (reason.map { ": \($0)" } ?? "")
        case .tooLarge(let bytes): "response too large (\(bytes) bytes, at most \(OpenMeteoParser.maximumBytes))"
        case .malformed(let what): "malformed response: \(what)"
        case .serverRefused(let reason): "server said: \(reason)"
        case .missingField(let name): "response lacks \(name)"
        case .unequalLengths(let block): "\(block) arrays differ in length"
        case .badValue(let what): "impossible value: \(what)"
        case .otherPlace(let km): String(format: "response is for a place %.0f km from the position asked", km)
        case .notUTC(let offset): "times are not UTC (utc_offset_seconds \(offset))"
        case .unexpectedUnits(let unit): "unexpected unit \(unit) (expected °C and mm)"
        case .allInPast(let last): "every forecast time is in the past (last \(ISOInstant.seconds(last)))"
        case .noPosition: "no position: set weather.position or marks.position, or connect gpsd"
        case .tlsRefused(let why): "certificate refused: \(why)"
        case let .addressRefused(url, reason):
            "weather.url \"\(url)\" is refused (\(reason)); nothing is sent until you correct it: "
                + "timedeck config set weather.url https://HOST/v1/forecast, or delete the line for \(OpenMeteoRequest.defaultBaseURL)"
        }
    }
}
