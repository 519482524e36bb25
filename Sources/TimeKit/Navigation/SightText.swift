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
        if let whole = trimmed.wholeMatch(of: /(\d{1,3}(?:\.\d+)?)\s*°?/), let d = Double(whole.1) {
            value = d
        } else if let dm = trimmed.wholeMatch(of: /(\d{1,3})(?:\s*°\s*|-|\s+)(\d{1,3}(?:\.\d+)?)\s*[′']?/),
                  let d = Double(dm.1), let m = Double(dm.2) {
            guard m < 60 else {
                throw fail(.minutesOver60(String(dm.2)))
            }
            value = d + m / 60
        } else {
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
