import Foundation

/// Reading the parts of a sight as a person types them.
public enum SightText {
    /// Other spellings people use for the almanac's star names.
    static let aliases: [String: String] = [
        "alnair": "Al Na'ir", "rigilkent": "Rigil Kentaurus", "rigelkent": "Rigil Kentaurus",
        "rigilkentaurus": "Rigil Kentaurus", "alphacentauri": "Rigil Kentaurus", "kausaust": "Kaus Australis",
        "zubenelgenubi": "Zubenelgenubi", "northstar": "Polaris",
    ]

    /// Letters and digits, lowercased: `Al Na'ir` → `alnair`, `HIP 86670` →
    /// `hip86670` (digits kept, or every `HIP n` star would fold to `hip`).
    static func folded(_ text: String) -> String {
        text.lowercased().filter { $0.isLetter || $0.isASCII && $0.isNumber }
    }

    /// A body name, with an optional limb for the Sun and Moon:
    /// `Kaus Australis`, `Sun LL`, `SunLL`, `Moon UL`, `venus`.
    public static func body(_ text: String, almanac: Almanac) throws -> (body: CelestialBody, limb: Limb) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var key = folded(trimmed)
        var limb = Limb.centre
        for (suffix, l) in [("ll", Limb.lower), ("ul", Limb.upper)] where key.hasSuffix(suffix) {
            let stem = String(key.dropLast(2))
            if stem == "sun" || stem == "moon" { key = stem; limb = l }
        }
        let names = almanac.bodies
        if let body = names.first(where: { folded($0.name) == key }) { return (body, limb) }
        if let alias = aliases[key], let body = names.first(where: { $0.name == alias }) { return (body, limb) }
        let close = names.map { ($0.name, editDistance(folded($0.name), key)) }
            .sorted { $0.1 < $1.1 }.prefix(3).map(\.0)
        throw InputError(field: .body, input: trimmed, reason: .notABody(closeNames: Array(close)), accepted: .body)
    }

    /// A sextant altitude: `43 23.8`, `43-23.8`, `43°23.8'` or decimal `43.3967`.
    public static func altitudeDegrees(_ text: String, field: InputField = .altitude) throws -> Double {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        func fail(_ reason: InputReason) -> InputError {
            InputError(field: field, input: trimmed, reason: reason, accepted: .altitude)
        }
        if trimmed.hasPrefix("-") { throw fail(.altitudeOutside) }
        // Plain decimal digits only: no sign, exponent, hex (`0x1p3` is not
        // 8°), `nan` or `inf`; one separator between degrees and minutes (a
        // space, `°`, or a `-` touching both), so `43 -5` is no 43° 05′.
        let value: Double
        switch AltitudeScan(trimmed) {
        case .degrees(let text)?:
            guard let d = Double(text) else { throw fail(.notAnAltitude) }
            value = d
        case let .degreesMinutes(degrees, minutes)?:
            guard let d = Double(degrees), let m = Double(minutes) else { throw fail(.notAnAltitude) }
            guard m < 60 else {
                throw fail(.minutesOver60(String(minutes)))
            }
            value = d + m / 60
        case nil:
            throw fail(.notAnAltitude)
        }
        guard value.isFinite, value > 0, value < 90 else {
            throw fail(.altitudeOutside)
        }
        return value
    }

    /// Every name a sight can be taken of, as typed: `Sun LL`, `Sun UL`,
    /// `Moon LL`, `Moon UL`, the planets, then the stars in catalogue order.
    public static func sightNames(almanac: Almanac) -> [String] {
        almanac.bodies.flatMap { body -> [String] in
            body == .sun || body == .moon ? [body.name + " LL", body.name + " UL"] : [body.name]
        }
    }

    /// Names that complete what is typed, by the same folding `body(_:almanac:)`
    /// uses (letters only, any case): `ka` → `Kaus Australis`, `sunl` → `Sun LL`.
    public static func completions(of typed: String, almanac: Almanac) -> [String] {
        let key = folded(typed)
        guard !key.isEmpty else { return [] }
        return sightNames(almanac: almanac).filter { folded($0).hasPrefix(key) }
    }

    /// The `count` names nearest to what is typed (edit distance), for "close names".
    public static func closeNames(to typed: String, almanac: Almanac, count: Int = 3) -> [String] {
        let key = folded(typed)
        return almanac.bodies.map { ($0.name, editDistance(folded($0.name), key)) }
            .sorted { $0.1 < $1.1 }.prefix(count).map(\.0)
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let saved = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = saved
            }
        }
        return row[b.count]
    }
}

/// The two written forms of a sextant altitude, read character by character:
/// `D[.d] [°]` and `D(° | - | spaces)M[.m] [′ or ']`, D of 1 to 3 digits,
/// M of 1 to 3 digits and a fraction; white space as Unicode defines it may
/// sit around `°` and before the minute mark. The same forms the regular
/// expressions `(\d{1,3}(?:\.\d+)?)\s*°?` and
/// `(\d{1,3})(?:\s*°\s*|-|\s+)(\d{1,3}(?:\.\d+)?)\s*[′']?` took, which
/// Swift compiled again at every call (1.8 M instructions a sight, issue 31);
/// `SightTextTests` holds the two equal over generated inputs.
enum AltitudeScan: Equatable {
    case degrees(Substring)
    case degreesMinutes(Substring, Substring)

    init?(_ text: String) {
        var i = text.startIndex
        func digits(_ most: Int?) -> Substring? {
            let start = i
            var count = 0
            while i < text.endIndex, text[i].isASCII, text[i].isWholeNumber, most.map({ count < $0 }) ?? true {
                i = text.index(after: i)
                count += 1
            }
            return count == 0 ? nil : text[start..<i]
        }
        func number() -> Substring? {
            let start = i
            guard digits(3) != nil else { return nil }
            if i < text.endIndex, text[i] == ".", text.index(after: i) < text.endIndex {
                let dot = i
                i = text.index(after: i)
                if digits(nil) == nil { i = dot }
            }
            return text[start..<i]
        }
        func spaces() -> Int {
            var count = 0
            while i < text.endIndex, text[i].isWhitespace { i = text.index(after: i); count += 1 }
            return count
        }
        guard let degrees = number() else { return nil }
        let afterDegrees = i
        // D[.d] [°]
        _ = spaces()
        if i < text.endIndex, text[i] == "°" { i = text.index(after: i) }
        if i == text.endIndex { self = .degrees(degrees); return }
        // D(° | - | spaces)M: degrees without a fraction.
        guard !degrees.contains(".") else { return nil }
        i = afterDegrees
        let gap = spaces()
        if i < text.endIndex, text[i] == "°" {
            i = text.index(after: i)
            _ = spaces()
        } else if gap == 0, i < text.endIndex, text[i] == "-" {
            i = text.index(after: i)
        } else if gap == 0 {
            return nil
        }
        guard let minutes = number() else { return nil }
        _ = spaces()
        if i < text.endIndex, text[i] == "′" || text[i] == "'" { i = text.index(after: i) }
        guard i == text.endIndex else { return nil }
        self = .degreesMinutes(degrees, minutes)
    }
}
