import Foundation

/// A calendar invitation for a call, as an RFC 5545 iCalendar file: one
/// VEVENT in UTC, with every place's local time in the description.
///
/// RFC 5545 rules followed: CRLF line ends (3.1), lines folded at 75 octets
/// without splitting a UTF-8 sequence (3.1), TEXT values escaped for `\`,
/// `;`, `,` and newlines (3.3.11), DTSTAMP/DTSTART in UTC form (3.3.5), and
/// the required VERSION, PRODID, UID and DTSTAMP properties.
public struct CalendarInvite: Equatable, Sendable {
    public var summary: String
    public var start: Date
    public var durationMinutes: Int
    public var description: String
    public var uid: String
    public var stamp: Date

    public init(summary: String, start: Date, durationMinutes: Int, description: String, uid: String, stamp: Date) {
        self.summary = summary
        self.start = start
        self.durationMinutes = durationMinutes
        self.description = description
        self.uid = uid
        self.stamp = stamp
    }

    /// The invitation as iCalendar text.
    public var ics: String {
        let lines = [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//timedeck//timedeck call//EN",
            "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH",
            "BEGIN:VEVENT",
            "UID:" + Self.escape(uid),
            "DTSTAMP:" + Self.utcStamp(stamp),
            "DTSTART:" + Self.utcStamp(start),
            "DURATION:PT\(max(1, durationMinutes))M",
            "SUMMARY:" + Self.escape(summary),
            "DESCRIPTION:" + Self.escape(description),
            "END:VEVENT",
            "END:VCALENDAR",
        ]
        return lines.map(Self.fold).joined(separator: "\r\n") + "\r\n"
    }

    /// `20260308T140000Z`.
    public static func utcStamp(_ date: Date) -> String {
        let f = UTCFields(unixMilliseconds: UTCFields.unixSeconds(date) * 1000)
        return "\(ISOInstant.year(f.year))\(MarkTime.pad(f.month))\(MarkTime.pad(f.day))T"
            + "\(MarkTime.pad(f.hour))\(MarkTime.pad(f.minute))\(MarkTime.pad(f.second))Z"
    }

    /// TEXT escaping (RFC 5545 3.3.11); control characters other than the
    /// newline are dropped, since TEXT may not carry them.
    public static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            case "\r": continue
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Folds a content line into chunks of at most 75 octets, continuation
    /// lines starting with one space, never inside a UTF-8 sequence.
    public static func fold(_ line: String) -> String {
        var chunks: [String] = []
        var current = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            let limit = chunks.isEmpty ? 75 : 74  // continuation lines spend one octet on the space
            if octets + size > limit {
                chunks.append(current)
                current = ""
                octets = 0
            }
            current.unicodeScalars.append(scalar)
            octets += size
        }
        chunks.append(current)
        return chunks.joined(separator: "\r\n ")
    }
}
