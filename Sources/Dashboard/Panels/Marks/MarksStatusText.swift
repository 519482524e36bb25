import Foundation
import TimeKit

/// The marks panel's status words (clock sync, gpsd, a mark's position) in
/// the interface language, composed from the values TimeKit measures. The
/// English matches TimeKit's `summary` texts, which the CLI prints.
enum MarksStatusText {
    /// `clock synced ±2.0 ms (kernel), GPS −0.3 ms (PPS)`.
    static func clock(_ status: ClockStatus, _ l: UILanguage) -> String {
        var text: String
        switch status.kernel {
        case let k? where k.synchronized:
            text = l.text(.clockSynced(error: ClockStatus.duration(nanoseconds: k.estimatedErrorMicroseconds * 1000, signed: false)))
        case _?:
            text = l.text(.clockNotSynchronized)
        case nil:
            text = l.text(.clockUnknown)
        }
        if let gps = status.gpsOffset {
            text += l.text(.gpsOffset(ClockStatus.duration(nanoseconds: gps.nanoseconds, signed: true), method: gps.method))
        }
        return text
    }

    /// `gpsd 127.0.0.1:2947: 3D fix, 9 satellites`.
    static func gpsd(_ gps: GPSDSnapshot, _ l: UILanguage) -> String {
        let address = gps.address.description
        switch gps.connection {
        case .connecting: return l.text(.gpsdConnecting(address: address))
        case .unavailable(let reason): return l.text(.gpsdUnavailable(address: address, reason: reason))
        case .connected:
            guard let fix = gps.fix else { return l.text(.gpsdNoReport(address: address)) }
            return l.text(.gpsdFix(address: address, mode: fix.mode, satellites: gps.sky?.satellitesUsed))
        }
    }

    /// `27° 28'.02 S  153° 22'.84 E (gpsd 3D, 0.4 s old)`, `no position`.
    static func position(_ p: MarkPosition, _ l: UILanguage) -> String {
        switch (p.status, p.coordinate) {
        case (.noFix, _):
            return p.source == .gpsd ? l.text(.noGPSFixGPSD) : l.text(.noPosition)
        case (.fixed, let c?):
            return l.text(.positionFixed(c.navigatorText))
        case (.current, let c?):
            return l.text(.positionGPSD(c.navigatorText, mode: p.fixMode, age: age(p, l)))
        case (.stale, let c?):
            return l.text(.positionStale(c.navigatorText, mode: p.fixMode, age: age(p, l)))
        default:
            return l.text(.noPosition)
        }
    }

    static func age(_ p: MarkPosition, _ l: UILanguage) -> String {
        guard let age = p.fixAgeMilliseconds else { return l.text(.fixAgeUnknown) }
        let seconds = Double(age.magnitude) / 1000  // magnitude: abs(Int64.min) traps
        let text = seconds < 100 ? String(format: "%.1f s", seconds) : "\(Int(seconds)) s"
        return l.text(.fixAge(seconds: text, afterMark: age < 0))
    }
}
