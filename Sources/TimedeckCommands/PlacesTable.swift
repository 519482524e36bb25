import Foundation
import TimeKit

/// Plain-text tables for `places search` and `call`, aligned to fit 80 columns.
enum PlacesTable {
    /// `text` cut or padded to exactly `width` characters (cut with `…`).
    static func fit(_ text: String, _ width: Int) -> String {
        if text.count > width { return String(text.prefix(width - 1)) + "…" }
        return text + String(repeating: " ", count: width - text.count)
    }

    static func right(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }

    /// `Portland, OR, US` when the admin1 code is a readable abbreviation
    /// (US states, Canadian provinces), else `London, GB`.
    static func label(_ p: Place) -> String {
        if p.isZoneOnly { return p.label }
        if p.isMars { return "\(p.name) (Mars)" }
        let admin = p.admin1Code
        if admin.count == 2, admin.allSatisfy(\.isLetter), ["US", "CA", "AU"].contains(p.countryCode) {
            return "\(p.name), \(admin), \(p.countryCode)"
        }
        return "\(p.name), \(p.countryCode)"
    }

    static func search(_ matches: [PlaceResolver.Candidate], now: Date) -> String {
        var lines = [fit("PLACE", 30) + " " + fit("ZONE", 24) + " " + fit("LOCAL", 9) + " " + "UTC OFFSET"]
        for m in matches {
            let p = m.place
            if p.isMars {
                let r = MarsReading(at: now, longitudeEast: p.longitudeDegrees)
                lines.append(fit(label(p), 30) + " " + fit(p.zoneIdentifier, 24) + " " + fit(r.clockText, 9) + " LMST")
                continue
            }
            guard let zone = p.timeZone else { continue }
            let r = ZoneClock.reading(now, in: zone)
            let local = "\(r.weekdayName) \(MarkTime.pad(r.wall.hour)):\(MarkTime.pad(r.wall.minute))"
            lines.append(fit(label(p), 30) + " " + fit(p.zoneIdentifier, 24) + " " + fit(local, 9) + " "
                         + LocalTimeText.offset(seconds: r.utcOffsetSeconds))
        }
        return lines.joined(separator: "\n")
    }
}

private extension MarkTime {
    static func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
