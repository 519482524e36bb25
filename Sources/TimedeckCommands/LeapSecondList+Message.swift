import Dashboard
import TimeKit

extension LeapSecondList {
    /// `notice` as a catalog message (nil when all is well); TimeKit keeps the
    /// English for `doctor` and logs, commands print this one.
    var noticeMessage: MarsMessage? {
        let seconds = table.latestTAIMinusUTC
        switch status {
        case .ok: return nil
        case .missing: return .leapListMissing(path: path, seconds: seconds, builtIn: usingBuiltIn)
        case .unreadable(let reason): return .leapListUnreadable(path: path, reason: reason, seconds: seconds, builtIn: usingBuiltIn)
        case .expired(let expires):
            let day = String(ISOInstant.milliseconds(unixMilliseconds: expires * 1000).prefix(10))
            return .leapListExpired(day: day, seconds: seconds, builtIn: usingBuiltIn)
        }
    }

    /// The notice in the interface language, without a newline.
    var noticeText: String? { noticeMessage.map { CommandConfig.language.text(.marsReport($0)) } }
}
