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
            values.fixMode = try values.integer(field("fix_mode"), "fix_mode").map { Int(exactly: $0) ?? -1 }
            values.fixUnixNanoseconds = try values.integer(field("fix_unix_nanoseconds"), "fix_unix_nanoseconds")
            values.clock = try values.clock(csv: field)
            values.body = field("sight_body")
            values.hs = try values.number(field("sight_hs_deg"), "sight_hs_deg")
            return try values.row()
        }
    }

    // MARK: JSON

    /// One object of the JSON export, as read (`JSONDecoder` reads every
    /// Double exactly; `JSONSerialization` here does not: 0.30000000000000004
    /// came back as 0.3000000000000001).
    struct JSONMark: Decodable {
        struct Clock: Decodable {
            var synchronized: Bool?
            var estimatedErrorMicroseconds: Int64?
            var maximumErrorMicroseconds: Int64?
            var gpsOffsetSeconds: Double?
            var gpsOffsetMethod: String?
        }
        struct SightObject: Decodable {
            var body: String?
            var hsDegrees: Double?
        }
        var unixNanoseconds: Int64?
        var correctionSeconds: Double?
        var note: String?
        var positionSource: String?
        var latitude: Double?
        var longitude: Double?
        var fixAgeSeconds: Double?
        var fixMode: Int?
        var fixTime: String?
        var fixUnixNanoseconds: Int64?
        var uniqueKey: String?
        var clock: Clock?
        var sight: SightObject?
    }

    static func jsonRows(_ data: Data) throws -> [Row] {
        let marks: [JSONMark]
        do {
            marks = try JSONDecoder().decode([JSONMark].self, from: data)
        } catch let error as DecodingError {
            // Foundation says "not valid JSON" with no path for a number that
            // does not fit (1e19 as unixNanoseconds): tell the two apart.
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty,
               (try? JSONSerialization.jsonObject(with: data)) != nil {
                throw Problem(place: "the file", problem: "holds a number that does not fit its key (unixNanoseconds and "
                              + "the other whole numbers must be integers within ±9.2e18)")
            }
            throw problem(error)
        } catch {
            throw Problem(place: "the file", problem: "is not JSON (\(error.localizedDescription))")
        }
        return try marks.enumerated().map { index, object in
            var values = Values(place: "mark \(index + 1)")
            values.unixNanoseconds = object.unixNanoseconds
            if let seconds = object.correctionSeconds {
                values.correctionNanoseconds = try values.nanoseconds(seconds, "correctionSeconds")
            }
            values.note = object.note ?? ""
            values.source = object.positionSource
            values.latitude = object.latitude
            values.longitude = object.longitude
            values.fixAgeMilliseconds = try object.fixAgeSeconds.map { try values.milliseconds(seconds: $0, "fixAgeSeconds") }
            values.fixMode = object.fixMode
            if let fixTime = object.fixTime {
                guard let ms = ISOInstant.parseMilliseconds(fixTime) else {
                    throw values.fail("fixTime \"\(InertText.display(fixTime))\" is not an ISO instant")
                }
                values.fixUnixNanoseconds = ms.multipliedReportingOverflow(by: 1_000_000).partialValue
            }
            // The exact GPS time when the export has it (fixTime is to the millisecond).
            if let exact = object.fixUnixNanoseconds { values.fixUnixNanoseconds = exact }
            values.uniqueKey = object.uniqueKey
            if let clock = object.clock {
                let kernel = clock.synchronized.map {
                    ClockStatus.Kernel(synchronized: $0, estimatedErrorMicroseconds: clock.estimatedErrorMicroseconds ?? 0,
                                       maximumErrorMicroseconds: clock.maximumErrorMicroseconds ?? 0)
                }
                var gps: ClockStatus.GPSOffset?
                if let seconds = clock.gpsOffsetSeconds {
                    guard let method = clock.gpsOffsetMethod.flatMap(ClockStatus.OffsetMethod.init(rawValue:)) else {
                        throw values.fail("clock gpsOffsetMethod is not toff, pps or tpv")
                    }
                    gps = ClockStatus.GPSOffset(nanoseconds: try values.nanoseconds(seconds, "clock gpsOffsetSeconds"), method: method)
                }
                values.clock = ClockStatus(kernel: kernel, gpsOffset: gps)
            }
            if let sight = object.sight {
                guard let body = sight.body, let hs = sight.hsDegrees else {
                    throw values.fail("a sight needs both body and hsDegrees")
                }
                values.body = body
                values.hs = hs
            }
            return try values.row()
        }
    }

    /// Where the decoder stopped (`mark 3: latitude: …`), in the user's words.
    static func problem(_ error: DecodingError) -> Problem {
        let (path, detail): ([any CodingKey], String)
        switch error {
        case let .typeMismatch(type, context): (path, detail) = (context.codingPath, "is not \(type == String.self ? "text" : "a \(type)")")
        case let .valueNotFound(_, context): (path, detail) = (context.codingPath, "is missing")
        case let .keyNotFound(key, context): (path, detail) = (context.codingPath + [key], "is missing")
        case let .dataCorrupted(context): (path, detail) = (context.codingPath, "is not JSON: \(context.debugDescription)")
        @unknown default: (path, detail) = ([], "cannot be read")
        }
        guard let index = path.first?.intValue else {
            return Problem(place: "the file", problem: path.isEmpty && detail.hasPrefix("is not a")
                           ? "is not a JSON array of marks (as `timedeck marks export --format json` writes)" : detail)
        }
        let field = path.dropFirst().map(\.stringValue).joined(separator: " ")
        return Problem(place: "mark \(index + 1)", problem: (field.isEmpty ? "" : field + " ") + detail)
    }
}
