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
        // Issue 28: the mark's key (a second import of the file stores
        // nothing twice) and its sight, appended so old readers still work.
        "unique_key", "sight_body", "sight_hs_deg", "sight_ho_deg", "sight_intercept_nm", "sight_zn_deg",
        // What the JSON export already held, so `marks import` of a CSV file
        // loses nothing either.
        "fix_mode", "fix_unix_nanoseconds", "clock_synchronized", "clock_estimated_error_us", "clock_maximum_error_us",
        "gps_offset_ns", "gps_offset_method",
    ]

    /// Hs as written and read back: the shortest decimal that is the same
    /// `Double` (`30.5`, `0.1`, `89.99999999999`), so export → import →
    /// export gives the same bytes.
    public static func exactDegrees(_ value: Double) -> String {
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    /// `value` with `decimals` digits after the point, no negative zero.
    static func fixed(_ value: Double, decimals: Int) -> String {
        let text = String(format: "%.\(decimals)f", value)
        return text.hasPrefix("-") && text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) ? String(text.dropFirst()) : text
    }

    /// `value` rounded to `decimals` places (JSON's derived values).
    static func rounded(_ value: Double, decimals: Int) -> Double {
        let scale = pow(10, Double(decimals))
        let r = (value * scale).rounded() / scale
        return r == 0 ? 0 : r
    }

    /// RFC 4180: CRLF line ends, a header line, fields with a comma, quote,
    /// CR or LF (or a space at either end) enclosed in double quotes with
    /// inner quotes doubled. With `inertNotes` (output to a terminal) notes
    /// go through `InertText`.
    public static func csv(_ marks: [SightingMark], inertNotes: Bool = false) -> String {
        collect(.csv(inertText: inertNotes), withStation: false, marks.map { ($0, nil, nil) })
    }

    /// One CSV field, quoted when RFC 4180 requires it (or it starts or ends
    /// with a space).
    public static func csvField(_ s: String) -> String {
        guard s.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0D || $0 == 0x0A })
                || s.utf8.first == 0x20 || s.utf8.last == 0x20
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

    /// A JSON array of mark objects, pretty-printed with sorted keys, inert
    /// on a terminal (see `MarkExportWriter`).
    public static func json(_ marks: [SightingMark]) -> String {
        collect(.json, withStation: false, marks.map { ($0, nil, nil) })
    }

    /// Marks with their sights (nil: none) as CSV or JSON, as `marks
    /// export` writes them.
    public static func export(_ rows: [(mark: SightingMark, sight: ExportedSight?)], format: MarkExportWriter.Format) -> String {
        collect(format, withStation: false, rows.map { ($0.mark, nil, $0.sight) })
    }

    /// The team log as a JSON array: the objects of `json`, each with a
    /// `station` key.
    public static func teamJSON(_ marks: [TeamMark]) -> String {
        collect(.json, withStation: true, marks.map { ($0.mark, $0.station, $0.sight) })
    }

    /// The team log as CSV: a `station` column, then the columns of `csv`.
    public static func teamCSV(_ marks: [TeamMark], inertNotes: Bool = false) -> String {
        collect(.csv(inertText: inertNotes), withStation: true, marks.map { ($0.mark, $0.station, $0.sight) })
    }

    /// The writer's whole output as one string (short lists; exports of
    /// the store stream through `MarkExportWriter` instead).
    static func collect(_ format: MarkExportWriter.Format, withStation: Bool,
                        _ rows: [(SightingMark, String?, ExportedSight?)]) -> String {
        var bytes: [UInt8] = []
        var writer = MarkExportWriter(format: format, withStation: withStation) { bytes.append(contentsOf: $0) }
        // The flush closure only appends to memory: nothing here can throw.
        try? writer.begin()
        for (mark, station, sight) in rows { try? writer.add(mark, station: station, sight: sight) }
        try? writer.end()
        return String(decoding: bytes, as: UTF8.self)
    }
}
