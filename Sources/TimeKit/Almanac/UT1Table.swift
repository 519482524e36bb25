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
        var first: Int?, measured: Int?
        var values: [Double] = []
        values.reserveCapacity(20_000)
        // Plain Substring work, no Foundation trimming: 20 000 lines are read
        // on every `timedeck fix` and must cost well under a millisecond.
        for (index, line) in text.split(separator: "\n").enumerated() {
            if line.hasPrefix("#@") {
                let parts = line.dropFirst(2).split(separator: " ")
                guard parts.count == 2, let day = Int(parts[1]) else {
                    throw ParseError(line: index + 1, reason: "bad #@ line")
                }
                if parts[0] == "first" { first = day }
                if parts[0] == "measured-through" { measured = day }
            } else if line.hasPrefix("#") || line.allSatisfy({ $0 == " " || $0 == "\r" }) {
                continue
            } else if let value = Double(line.hasSuffix("\r") ? line.dropLast() : line) {
                values.append(value)
            } else {
                throw ParseError(line: index + 1, reason: "not a number: \(line)")
            }
        }
        guard let first, let measured, !values.isEmpty else {
            throw ParseError(line: 0, reason: "missing #@ first / measured-through or values")
        }
        return UT1Table(firstMJD: first, secondsByDay: values, measuredThroughMJD: measured)
    }

    public static func loadBundled() throws -> UT1Table {
        let url = try ResourceLocator.url(for: "ut1-utc.tsv")
        return try parse(String(contentsOf: url, encoding: .utf8))
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
