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

    /// Parses `HH:MM[:SS[.fraction]]` (pure; never traps).
    public static func parse(_ text: String, kind: Kind) throws(InputError) -> MarsLocalTime {
        func fail(_ reason: InputReason) -> InputError {
            InputError(field: .marsTime(kind), input: text, reason: reason, accepted: .marsTime)
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { throw fail(.expectedHoursAndMinutes) }
        guard let h = twoDigits(parts[0]) else { throw fail(.hoursDigits) }
        guard parts[1].count == 2, let m = twoDigits(parts[1]) else { throw fail(.minutesDigits) }
        var seconds = 0.0
        if parts.count == 3 {
            let s = parts[2]
            let whole = s.prefix { $0 != "." && $0 != "," }
            let fraction = s.dropFirst(whole.count)
            guard whole.count == 2, let w = twoDigits(whole) else { throw fail(.secondsDigits) }
            guard w < 60 else { throw fail(.marsSecondsRange) }
            var value = Double(w)
            if !fraction.isEmpty {
                let digits = fraction.dropFirst()
                guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                      let f = Double("0." + digits) else { throw fail(.fractionDigits) }
                value += f
            }
            seconds = value
        }
        guard m < 60 else { throw fail(.minutesRange) }
        if h == 24 && m == 0 && seconds == 0 {
            throw fail(.marsMidnight)
        }
        guard h < 24 else { throw fail(.hoursRange) }
        return MarsLocalTime(kind: kind, hours: Double(h) + Double(m) / 60 + seconds / 3600)
    }

    private static func twoDigits(_ s: Substring) -> Int? {
        guard (1...2).contains(s.count), s.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(s)
    }
}
