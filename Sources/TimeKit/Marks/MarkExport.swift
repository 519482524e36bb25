import Foundation

/// Marks as CSV (RFC 4180) and JSON, the formats of `timedeck marks export`
/// and `marks list --json`. Positions in signed decimal degrees.
public enum MarkExport {
    /// CSV columns, in order. The first eight are those issue 4 asks for
    /// (id first, then instant, Mark Time, corrected instant, lat, lon, fix
    /// age, note); the rest make the file complete.
    public static let csvHeader = [
        "id", "utc", "mark_time", "corrected_utc", "latitude", "longitude", "fix_age_s", "note",
        "position_source", "position_status", "correction_s", "unix_nanoseconds", "clock_status",
    ]

    /// RFC 4180: CRLF line ends, a header line, fields with a comma, quote,
    /// CR or LF enclosed in double quotes with inner quotes doubled.
    /// With `inertNotes` (output to a terminal) notes go through `InertText`.
    public static func csv(_ marks: [SightingMark], inertNotes: Bool = false) -> String {
        var out = csvHeader.joined(separator: ",") + "\r\n"
        for mark in marks {
            let p = mark.position
            let fields: [String] = [
                mark.id.map(String.init) ?? "",
                mark.isoText,
                mark.markTimeText,
                mark.correctedISOText,
                p.coordinate.map { GeoPosition.decimal($0.latitudeDegrees) } ?? "",
                p.coordinate.map { GeoPosition.decimal($0.longitudeDegrees) } ?? "",
                p.fixAgeMilliseconds.map { millisecondsAsSeconds($0) } ?? "",
                inertNotes ? InertText.display(mark.note) : mark.note,
                p.source.rawValue,
                p.status.rawValue,
                millisecondsAsSeconds(SightingMark.milliseconds(mark.correctionNanoseconds)),
                String(mark.unixNanoseconds),
                mark.clock.summary,
            ]
            out += fields.map(csvField).joined(separator: ",") + "\r\n"
        }
        return out
    }

    /// One CSV field, quoted when RFC 4180 requires it.
    public static func csvField(_ s: String) -> String {
        guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" })
                || s.hasPrefix(" ") || s.hasSuffix(" ")
        else { return s }
        return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `-1.5`-style seconds from milliseconds, exact to the millisecond.
    static func millisecondsAsSeconds(_ ms: Int64) -> String {
        let sign = ms < 0 ? "-" : ""
        let a = ms.magnitude
        let frac = a % 1000
        return "\(sign)\(a / 1000).\(frac < 10 ? "00" : frac < 100 ? "0" : "")\(frac)"
    }

    /// A JSON array of mark objects, pretty-printed with sorted keys.
    public static func json(_ marks: [SightingMark]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(marks.map { MarkJSON(mark: $0) }),
              let text = String(data: data, encoding: .utf8)
        else { return "[]" }
        return escapingTerminalControls(text)
    }

    /// The team log as a JSON array: the objects of `json`, each with a
    /// `station` key.
    public static func teamJSON(_ marks: [TeamMark]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(marks.map { MarkJSON(mark: $0.mark, station: $0.station) }),
              let text = String(data: data, encoding: .utf8)
        else { return "[]" }
        return escapingTerminalControls(text)
    }

    /// The team log as CSV: a `station` column, then the columns of `csv`.
    public static func teamCSV(_ marks: [TeamMark], inertNotes: Bool = false) -> String {
        var lines = csv(marks.map(\.mark), inertNotes: inertNotes).components(separatedBy: "\r\n")
        guard lines.count == marks.count + 2 else { return "" }
        lines[0] = "station," + lines[0]
        for (index, mark) in marks.enumerated() {
            let station = inertNotes ? InertText.display(mark.station) : mark.station
            lines[index + 1] = csvField(station) + "," + lines[index + 1]
        }
        return lines.joined(separator: "\r\n")
    }

    /// JSON escapes C0 controls itself; this also writes C1 controls (an
    /// 8-bit CSI is U+009B) and bidirectional overrides as `\uXXXX`, so the
    /// text is inert on a terminal and still the same JSON value.
    static func escapingTerminalControls(_ json: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            switch scalar.value {
            case 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            default:
                out.append(scalar)
            }
        }
        return String(out)
    }
}

/// The JSON shape of one mark. Absent values are `null`, never missing.
struct MarkJSON: Encodable {
    var mark: SightingMark
    /// Set in the team log's views only (then the key is present).
    var station: String?

    init(mark: SightingMark, station: String? = nil) {
        self.mark = mark
        self.station = station
    }

    enum Keys: String, CodingKey {
        case id, utc, unixMillis, unixNanoseconds, markTime, correctionSeconds, correctedUtc, note
        case latitude, longitude, positionSource, positionStatus, positionText, fixMode, fixTime, fixAgeSeconds
        case clock, station
    }

    enum ClockKeys: String, CodingKey {
        case synchronized, estimatedErrorMicroseconds, maximumErrorMicroseconds, gpsOffsetSeconds, gpsOffsetMethod, summary
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        let p = mark.position
        try c.encode(mark.id, forKey: .id)
        if let station { try c.encode(station, forKey: .station) }
        try c.encode(mark.isoText, forKey: .utc)
        try c.encode(mark.unixMilliseconds, forKey: .unixMillis)
        try c.encode(mark.unixNanoseconds, forKey: .unixNanoseconds)
        try c.encode(mark.markTimeText, forKey: .markTime)
        try c.encode(Double(mark.correctionNanoseconds) / 1e9, forKey: .correctionSeconds)
        try c.encode(mark.correctedISOText, forKey: .correctedUtc)
        try c.encode(mark.note, forKey: .note)
        try c.encode(p.coordinate.map { rounded6($0.latitudeDegrees) }, forKey: .latitude)
        try c.encode(p.coordinate.map { rounded6($0.longitudeDegrees) }, forKey: .longitude)
        try c.encode(p.source.rawValue, forKey: .positionSource)
        try c.encode(p.status.rawValue, forKey: .positionStatus)
        try c.encode(p.summary, forKey: .positionText)
        try c.encode(p.fixMode, forKey: .fixMode)
        try c.encode(p.fixUnixNanoseconds.map { ISOInstant.milliseconds(unixMilliseconds: SightingMark.milliseconds($0)) },
                     forKey: .fixTime)
        try c.encode(p.fixAgeMilliseconds.map { Double($0) / 1000 }, forKey: .fixAgeSeconds)
        var clock = c.nestedContainer(keyedBy: ClockKeys.self, forKey: .clock)
        try clock.encode(mark.clock.kernel?.synchronized, forKey: .synchronized)
        try clock.encode(mark.clock.kernel?.estimatedErrorMicroseconds, forKey: .estimatedErrorMicroseconds)
        try clock.encode(mark.clock.kernel?.maximumErrorMicroseconds, forKey: .maximumErrorMicroseconds)
        try clock.encode(mark.clock.gpsOffset.map { Double($0.nanoseconds) / 1e9 }, forKey: .gpsOffsetSeconds)
        try clock.encode(mark.clock.gpsOffset?.method.rawValue, forKey: .gpsOffsetMethod)
        try clock.encode(mark.clock.summary, forKey: .summary)
    }

    func rounded6(_ v: Double) -> Double { (v * 1_000_000).rounded() / 1_000_000 }
}
