import Foundation

/// Parses a positive duration typed by a user into whole nanoseconds (pure;
/// never traps).
///
/// Accepted: one or more `<number><unit>` parts (`1m`, `90s`, `1h30m`,
/// `2.5h`, `500ms`, `1d`, `1sol`), units `ms`, `s`, `m`/`min`, `h`, `d`,
/// `w`, `sol` (one mean Mars solar day, 88 775.24414688 s); or ISO-8601
/// `PT1M`, `P1D`, `PT1H30M`. At most 100 years; at least 1 ms.
public enum DurationParser {
    /// Nanoseconds per unit, as Doubles (a sol is not a whole number of ms).
    static let units: [(String, Double)] = [
        ("ms", 1e6), ("sols", Mars24.secondsPerSol * 1e9), ("sol", Mars24.secondsPerSol * 1e9),
        ("min", 60e9), ("s", 1e9), ("m", 60e9), ("h", 3600e9), ("d", 86_400e9), ("w", 604_800e9),
    ]
    static let maximumNanoseconds = 100 * 365.25 * 86_400e9

    public static func parse(_ text: String) throws -> Int64 {
        func fail(_ reason: InputReason) -> InputError {
            InputError(field: .duration, input: text, reason: reason, accepted: .duration)
        }
        let lowered = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !lowered.isEmpty else { throw fail(.empty) }
        guard lowered.count <= 60 else { throw fail(.tooLong) }
        let total: Double
        if lowered.hasPrefix("p") {
            total = try iso(lowered, fail)
        } else {
            total = try parts(Substring(lowered), unitTable: units, fail)
        }
        guard total >= 1e6 else { throw fail(.underOneMillisecond) }
        guard total <= maximumNanoseconds else { throw fail(.overHundredYears) }
        return Int64(total.rounded())
    }

    /// `1h30m`-style parts with the given units, summed in nanoseconds.
    static func parts(_ s: Substring, unitTable: [(String, Double)],
                      _ fail: (InputReason) -> InputError) throws -> Double {
        var rest = s
        var total = 0.0
        guard !rest.isEmpty else { throw fail(.noAmount) }
        while !rest.isEmpty {
            let number = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            guard !number.isEmpty, number.filter({ $0 == "." }).count <= 1, number != ".",
                  let value = Double(number) else {
                throw fail(.expectedNumber(at: String(rest.prefix(10))))
            }
            rest = rest.dropFirst(number.count)
            let unitText = rest.prefix { $0.isLetter }
            guard !unitText.isEmpty else { throw fail(.needsUnit(String(number))) }
            guard let unit = unitTable.first(where: { $0.0 == unitText }) else {
                throw fail(.unknownUnit(String(unitText)))
            }
            rest = rest.dropFirst(unitText.count)
            total += value * unit.1
            guard total <= maximumNanoseconds else { throw fail(.overHundredYears) }
        }
        return total
    }

    /// ISO-8601 `PnWnDTnHnMnS` (no years or months: their length varies).
    static func iso(_ s: String, _ fail: (InputReason) -> InputError) throws -> Double {
        let body = s.dropFirst()
        let halves = body.split(separator: "t", maxSplits: 1, omittingEmptySubsequences: false)
        let datePart = halves[0]
        let timePart = halves.count > 1 ? halves[1] : nil
        if timePart?.isEmpty == true { throw fail(.emptyTimePart) }
        guard !datePart.isEmpty || timePart != nil else { throw fail(.noAmount) }
        var total = 0.0
        if !datePart.isEmpty {
            if datePart.contains("y") || datePart.contains("m") {
                throw fail(.yearsOrMonths)
            }
            total += try parts(datePart, unitTable: [("w", 604_800e9), ("d", 86_400e9)], fail)
        }
        if let timePart {
            total += try parts(timePart, unitTable: [("h", 3600e9), ("m", 60e9), ("s", 1e9)], fail)
        }
        return total
    }
}
