import Foundation

/// Reads back what `marks export` wrote (CSV or JSON), for `timedeck marks
/// import` (issue 28: a backup restores the sextant log too). Pure: bytes
/// in, marks with their sights out, or the first problem with where it is.
///
/// Columns and keys are found by name, so an export from before the sight
/// columns existed imports too. Only what the user entered or the clock
/// recorded is read; what is worked out from it (Mark Time, the corrected
/// instant, the position's status and text, Ho and the intercept) is
/// worked out again.
public enum MarkImport {
    /// One mark to store, with its sight if it has one.
    public struct Row: Equatable, Sendable {
        public var mark: SightingMark
        public var sight: ExportedSight?
    }

    public enum Format: Sendable { case csv, json }

    /// What is wrong, and where (`line 4`, `mark 3`), worded for the user.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public var place: String
        public var problem: String
        public var description: String { "\(place): \(problem)" }
    }

    /// The longest body name accepted (the almanac's longest is 15).
    public static let maximumBodyCharacters = 40

    /// The marks of `data`, in file order.
    public static func rows(_ data: Data, format: Format) throws -> [Row] {
        switch format {
        case .csv: return try csvRows(data)
        case .json: return try jsonRows(data)
        }
    }

    /// `json` when the first byte that is not white space is `[`, else `csv`.
    public static func guessedFormat(_ data: Data) -> Format {
        data.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == 0x5B ? .json : .csv
    }

    // MARK: CSV

    static func csvRows(_ data: Data) throws -> [Row] {
        guard let text = String(data: data, encoding: .utf8) else {
            throw Problem(place: "the file", problem: "is not UTF-8 text (an export is)")
        }
        let records = try CSVRecords.parse(text)
        guard let header = records.first?.fields else { throw Problem(place: "the file", problem: "is empty") }
        var column: [String: Int] = [:]
        for (index, name) in header.enumerated() where column[name] == nil {
            column[name.trimmingCharacters(in: .whitespaces)] = index
        }
        guard column["unix_nanoseconds"] != nil else {
            throw Problem(place: "line 1", problem: "has no unix_nanoseconds column; is this a `timedeck marks export` CSV file?")
        }
        return try records.dropFirst().filter { $0.fields != [""] }.map { record in
            let place = "line \(record.line)"
            func field(_ name: String) -> String? {
                guard let i = column[name], i < record.fields.count, !record.fields[i].isEmpty else { return nil }
                return record.fields[i]
            }
            var values = Values(place: place)
            values.unixNanoseconds = try values.integer(field("unix_nanoseconds"), "unix_nanoseconds")
            if let ms = try values.milliseconds(field("correction_s"), "correction_s") { values.correctionNanoseconds = ms * 1_000_000 }
            values.note = field("note") ?? ""
            values.source = field("position_source")
            values.latitude = try values.number(field("latitude"), "latitude")
            values.longitude = try values.number(field("longitude"), "longitude")
            values.fixAgeMilliseconds = try values.milliseconds(field("fix_age_s"), "fix_age_s")
            values.uniqueKey = field("unique_key")
            values.fixMode = try values.integer(field("fix_mode"), "fix_mode").map { Int(truncatingIfNeeded: $0) }
            values.fixUnixNanoseconds = try values.integer(field("fix_unix_nanoseconds"), "fix_unix_nanoseconds")
            values.clock = try values.clock(csv: field)
            values.body = field("sight_body")
            values.hs = try values.number(field("sight_hs_deg"), "sight_hs_deg")
            return try values.row()
        }
    }

    // MARK: JSON

    static func jsonRows(_ data: Data) throws -> [Row] {
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw Problem(place: "the file", problem: "is not JSON (\(error.localizedDescription))")
        }
        guard let array = parsed as? [Any] else {
            throw Problem(place: "the file", problem: "is not a JSON array of marks (as `timedeck marks export --format json` writes)")
        }
        return try array.enumerated().map { index, element in
            let place = "mark \(index + 1)"
            guard let object = element as? [String: Any] else { throw Problem(place: place, problem: "is not a JSON object") }
            var values = Values(place: place)
            values.unixNanoseconds = try values.integer(object["unixNanoseconds"], "unixNanoseconds")
            if let seconds = try values.number(object["correctionSeconds"], "correctionSeconds") {
                values.correctionNanoseconds = try values.nanoseconds(seconds, "correctionSeconds")
            }
            values.note = try values.text(object["note"], "note") ?? ""
            values.source = try values.text(object["positionSource"], "positionSource")
            values.latitude = try values.number(object["latitude"], "latitude")
            values.longitude = try values.number(object["longitude"], "longitude")
            values.fixAgeMilliseconds = try values.number(object["fixAgeSeconds"], "fixAgeSeconds")
                .map { try values.milliseconds(seconds: $0, "fixAgeSeconds") }
            values.fixMode = try values.integer(object["fixMode"], "fixMode").map { Int($0) }
            if let fixTime = try values.text(object["fixTime"], "fixTime") {
                guard let ms = ISOInstant.parseMilliseconds(fixTime) else {
                    throw Problem(place: place, problem: "fixTime \"\(InertText.display(fixTime))\" is not an ISO instant")
                }
                values.fixUnixNanoseconds = ms.multipliedReportingOverflow(by: 1_000_000).partialValue
            }
            values.uniqueKey = try values.text(object["uniqueKey"], "uniqueKey")
            if let clock = object["clock"] as? [String: Any] {
                values.clock = try values.clock(clock)
            }
            if let sight = object["sight"], !(sight is NSNull) {
                guard let sight = sight as? [String: Any] else { throw Problem(place: place, problem: "sight is not an object") }
                values.body = try values.text(sight["body"], "sight body")
                values.hs = try values.number(sight["hsDegrees"], "sight hsDegrees")
                if values.body == nil || values.hs == nil {
                    throw Problem(place: place, problem: "a sight needs both body and hsDegrees")
                }
            }
            return try values.row()
        }
    }
}
