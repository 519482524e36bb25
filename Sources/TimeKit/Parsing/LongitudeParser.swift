import Foundation

/// Parses a Mars longitude typed by a user into degrees east in (−180, 180]
/// (pure; never traps).
///
/// Accepted: a signed number of degrees east from −180 to 360 (`137.4`,
/// `-133.8`, `226.2`), or an unsigned number from 0 to 360 followed by `E` or
/// `W` (`137.4E`, `133.8W`, `133.8 °W`, lower case too).
public enum LongitudeParser {
    public static func parse(_ text: String) throws -> Double {
        func fail(_ reason: InputReason) -> InputError {
            InputError(field: .longitude, input: text, reason: reason, accepted: .longitude)
        }
        var body = text.trimmingCharacters(in: .whitespaces)
        guard !body.isEmpty else { throw fail(.empty) }
        var hemisphere: Character?
        if let last = body.last, "EeWw".contains(last) {
            hemisphere = Character(last.uppercased())
            body.removeLast()
            body = body.trimmingCharacters(in: .whitespaces)
            if body.hasSuffix("°") { body.removeLast() }
            body = body.trimmingCharacters(in: .whitespaces)
        } else if body.hasSuffix("°") {
            body.removeLast()
        }
        guard isPlainDecimal(body) else {
            throw fail(.notDegrees)
        }
        guard let value = Double(body), value.isFinite else { throw fail(.notDegrees) }
        if let hemisphere {
            guard !body.hasPrefix("-") && !body.hasPrefix("+") else {
                throw fail(.signAndEastWest)
            }
            guard value <= 360 else { throw fail(.over360(body)) }
            return MarsLongitude.normalized(hemisphere == "W" ? -value : value)
        }
        guard value >= -180 && value <= 360 else { throw fail(.outsideLongitudes(body)) }
        return MarsLongitude.normalized(value)
    }

    /// Digits with at most one point and an optional leading sign; no
    /// exponents, `nan` or `inf` (which `Double.init` would take).
    static func isPlainDecimal(_ s: String) -> Bool {
        var sawDigit = false, sawPoint = false
        for (index, c) in s.enumerated() {
            if c == "-" || c == "+" {
                if index != 0 { return false }
            } else if c == "." {
                if sawPoint { return false }
                sawPoint = true
            } else if c.isASCII && c.isNumber {
                sawDigit = true
            } else {
                return false
            }
        }
        return sawDigit && s.count <= 40
    }
}
