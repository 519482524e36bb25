import Foundation

/// A local time of day on Mars as a user asks for it: `13:00 LMST`,
/// `15:30:12.5 LTST`. A Mars clock has 24 hours of 60 minutes of 60 seconds
/// (each 1.0275 times the SI one) and no leap seconds, so 24:00 and :60 do
/// not exist.
public struct MarsLocalTime: Equatable, Hashable, Sendable {
    /// Which solar time the clock reading is in.
    public enum Kind: String, Equatable, Hashable, Sendable, CaseIterable {
        /// Local mean solar time (mission clocks keep it).
        case mean = "LMST"
        /// Local true solar time (where the Sun actually is).
        case solar = "LTST"
    }

    public var kind: Kind
    /// Hours since local midnight, 0 ≤ hours < 24.
    public var hours: Double

    public init(kind: Kind, hours: Double) {
        self.kind = kind
        self.hours = hours
    }

    /// `13:00:00 LMST` (seconds truncated, as a clock shows them).
    public var text: String { FixedText.clock(hours: hours) + " " + kind.rawValue }

    static let accepted = "HH:MM or HH:MM:SS with optional fraction (00:00 to 23:59:59.999), e.g. 13:00 or 07:05:30"

    /// Parses `HH:MM[:SS[.fraction]]` (pure; never traps).
    public static func parse(_ text: String, kind: Kind) throws(InputError) -> MarsLocalTime {
        let field = kind.rawValue
        func fail(_ problem: String) -> InputError { InputError(field: field, input: text, problem: problem, accepted: accepted) }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { throw fail("expected hours and minutes separated by ':'") }
        guard let h = twoDigits(parts[0]) else { throw fail("hours must be one or two digits") }
        guard parts[1].count == 2, let m = twoDigits(parts[1]) else { throw fail("minutes must be two digits") }
        var seconds = 0.0
        if parts.count == 3 {
            let s = parts[2]
            let whole = s.prefix { $0 != "." && $0 != "," }
            let fraction = s.dropFirst(whole.count)
            guard whole.count == 2, let w = twoDigits(whole) else { throw fail("seconds must be two digits") }
            guard w < 60 else { throw fail("a Mars minute has seconds 00 to 59 (no leap seconds)") }
            var value = Double(w)
            if !fraction.isEmpty {
                let digits = fraction.dropFirst()
                guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                      let f = Double("0." + digits) else { throw fail("the fraction of a second must be 1 to 9 digits") }
                value += f
            }
            seconds = value
        }
        guard m < 60 else { throw fail("minutes run from 00 to 59") }
        if h == 24 && m == 0 && seconds == 0 {
            throw fail("24:00 does not exist on a Mars clock: the sol ends at 23:59:59.999…; "
                + "midnight is 00:00 of the next sol")
        }
        guard h < 24 else { throw fail("hours run from 00 to 23") }
        return MarsLocalTime(kind: kind, hours: Double(h) + Double(m) / 60 + seconds / 3600)
    }

    private static func twoDigits(_ s: Substring) -> Int? {
        guard (1...2).contains(s.count), s.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(s)
    }
}
