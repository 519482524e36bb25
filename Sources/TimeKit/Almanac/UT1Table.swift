import Foundation

/// UT1 − UTC by day from IERS EOP 20 C04 for 1972 and IERS finals2000A from
/// 1973-01-02 (measured, then predicted), read from `ut1-utc.tsv`
/// (scripts/generate-almanac-data.py).
///
/// GHA needs UT1: UT1 − UTC reaches 0.9 s, which is 0.23′ of GHA. Between
/// the daily values the table is interpolated linearly; across a leap second
/// the jump of 1 s is taken out first. Outside the table the nearest value is
/// used and `coverage(atMJD:)` says so.
public struct UT1Table: Equatable, Sendable {
    public var firstMJD: Int
    public var secondsByDay: [Double]
    /// Last day of IERS measurements (Bulletin A "I" flag); after it, predictions.
    public var measuredThroughMJD: Int
    public var predictedThroughMJD: Int { firstMJD + secondsByDay.count - 1 }

    public enum Coverage: Equatable, Sendable {
        case measured, predicted, beforeTable, afterPredictions
    }

    public init(firstMJD: Int, secondsByDay: [Double], measuredThroughMJD: Int) {
        self.firstMJD = firstMJD
        self.secondsByDay = secondsByDay
        self.measuredThroughMJD = measuredThroughMJD
    }

    public struct ParseError: Error, CustomStringConvertible {
        public var line: Int
        public var reason: String
        public var description: String {
            "ut1-utc.tsv line \(line): \(reason). Regenerate it with scripts/generate-almanac-data.py."
        }
    }

    public static func parse(_ text: String) throws -> UT1Table {
        var text = text
        return try text.withUTF8 { try parse(bytes: $0) }
    }

    /// Reads the table's bytes line by line without `strtod` (`PlainDecimal`):
    /// 20 000 lines are read on every `timedeck fix` and `almanac`.
    public static func parse(bytes: UnsafeBufferPointer<UInt8>) throws -> UT1Table {
        var first: Int?, measured: Int?
        var values: [Double] = []
        values.reserveCapacity(20_500)
        var lineNumber = 0
        var lineStart = 0
        let newline = UInt8(ascii: "\n"), hash = UInt8(ascii: "#"), at = UInt8(ascii: "@")
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != newline { lineEnd += 1 }
            lineNumber += 1
            let from = lineStart
            lineStart = lineEnd + 1
            while lineEnd > from, bytes[lineEnd - 1] == UInt8(ascii: "\r") || bytes[lineEnd - 1] == UInt8(ascii: " ") {
                lineEnd -= 1
            }
            let line = UnsafeBufferPointer(rebasing: bytes[from..<lineEnd])
            if line.isEmpty { continue }
            if line.first == hash {
                guard line.count > 1, line[line.startIndex + 1] == at else { continue }
                let parts = String(decoding: line.dropFirst(2), as: UTF8.self).split(separator: " ")
                guard parts.count == 2, let day = Int(parts[1]) else {
                    throw ParseError(line: lineNumber, reason: "bad #@ line")
                }
                if parts[0] == "first" { first = day }
                if parts[0] == "measured-through" { measured = day }
            } else if let value = PlainDecimal.parse(buffer: line) {
                values.append(value)
            } else {
                throw ParseError(line: lineNumber, reason: "not a number: \(String(decoding: line.prefix(40), as: UTF8.self))")
            }
        }
        guard let first, let measured, !values.isEmpty else {
            throw ParseError(line: 0, reason: "missing #@ first / measured-through or values")
        }
        return UT1Table(firstMJD: first, secondsByDay: values, measuredThroughMJD: measured)
    }

    /// The bundled table, from `ut1-utc.bin` (the values of `ut1-utc.tsv`
    /// as float64, written by scripts/generate-almanac-data.py): copied, not
    /// parsed, so `almanac` and `fix` no longer read 20 000 decimals at
    /// every start (8 M instructions, issue 31).
    public static func loadBundled() throws -> UT1Table {
        let data = try Data(contentsOf: ResourceLocator.url(for: "ut1-utc.bin"), options: .alwaysMapped)
        return try data.withUnsafeBytes { try read(binary: $0) }
    }

    static let binaryMagic = Array("TDUT1v1\n".utf8)

    /// Reads `ut1-utc.bin`: the magic, int32 first MJD, measured-through MJD
    /// and count, an int32 zero, then count little-endian float64. Every
    /// field is checked before use (a short, foreign or damaged file is an
    /// error that says how to regenerate it, never a wrong UT1).
    public static func read(binary bytes: UnsafeRawBufferPointer) throws -> UT1Table {
        func fail(_ reason: String) -> BinaryError { BinaryError(reason: reason) }
        guard bytes.count >= 24, Array(bytes.prefix(8)) == binaryMagic else { throw fail("not a UT1 table (bad header)") }
        func int32(_ at: Int) -> Int { Int(Int32(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: Int32.self))) }
        let first = int32(8), measured = int32(12), count = int32(16)
        guard count > 0, int32(20) == 0, bytes.count == 24 + 8 * count else {
            throw fail("\(bytes.count) bytes do not hold the \(count) values its header names")
        }
        // MJD 15020 is 1900, 88069 is 2100: far outside, the header is damaged.
        guard (15020...88069).contains(first), (first - 1...first + count - 1).contains(measured) else {
            throw fail("days out of range (first \(first), measured through \(measured))")
        }
        var values = [Double](repeating: 0, count: count)
        for i in 0..<count {
            let value = Double(bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 24 + 8 * i, as: UInt64.self)))
            // UT1 − UTC is kept within 0.9 s by leap seconds.
            guard value.isFinite, abs(value) < 1 else { throw fail("value \(i + 1) is \(value), not a UT1 − UTC") }
            values[i] = value
        }
        return UT1Table(firstMJD: first, secondsByDay: values, measuredThroughMJD: measured)
    }

    public struct BinaryError: Error, CustomStringConvertible {
        public var reason: String
        public var description: String {
            "ut1-utc.bin: \(reason). Regenerate it with python3 scripts/generate-almanac-data.py ut1-binary."
        }
    }

    public func coverage(atMJD mjd: Double) -> Coverage {
        if mjd < Double(firstMJD) { return .beforeTable }
        if mjd > Double(predictedThroughMJD + 1) { return .afterPredictions }
        return mjd <= Double(measuredThroughMJD + 1) ? .measured : .predicted
    }

    /// A line for the user when `mjd` is outside the measured or predicted
    /// values (GHA may then be off by up to 0.23′), else nil.
    public func notice(atMJD mjd: Double) -> String? {
        switch coverage(atMJD: mjd) {
        case .measured, .predicted: return nil
        case .beforeTable:
            return "UT1 − UTC is not in the bundled IERS table before \(Self.day(firstMJD)); GHA may be off by up to 0.23′"
        case .afterPredictions:
            return "UT1 − UTC is predicted only through \(Self.day(predictedThroughMJD)); the last value is used and "
                + "GHA may be off by up to 0.23′ (regenerate Resources/ut1-utc.tsv with scripts/generate-almanac-data.py)"
        }
    }

    /// One line for `--version`.
    public var versionLine: String {
        "UT1 − UTC: bundled IERS C04 (1972) and finals2000A table, measured through \(Self.day(measuredThroughMJD)), "
            + "predicted through \(Self.day(predictedThroughMJD))"
    }

    static func day(_ mjd: Int) -> String {
        String(ISOInstant.milliseconds(unixMilliseconds: Int64(mjd - 40587) * 86_400_000).prefix(10))
    }

    /// UT1 − UTC in seconds at `mjd` (UTC Modified Julian Date).
    public func ut1MinusUTCSeconds(atMJD mjd: Double) -> Double {
        let offset = mjd - Double(firstMJD)
        if offset <= 0 { return secondsByDay[0] }
        let index = Int(offset)
        if index >= secondsByDay.count - 1 { return secondsByDay[secondsByDay.count - 1] }
        let a = secondsByDay[index]
        var b = secondsByDay[index + 1]
        // A leap second at the end of day `index` makes UT1 − UTC jump by +1 s.
        if b - a > 0.5 { b -= 1 } else if a - b > 0.5 { b += 1 }
        return a + (b - a) * (offset - Double(index))
    }
}
