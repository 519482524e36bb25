import Foundation

/// `[periods]`: when each period of the local day begins, a key per period
/// after before dawn (which begins at midnight). The defaults are
/// `PeriodTable.standard`'s, which `Settings.periods` starts as.
public enum PeriodsKeys: SettingGroup {
    public static let table = "periods"

    /// The key for `period`'s start, in minutes after local midnight.
    public static func start(of period: DayPeriod) -> Setting<Int> {
        let fallback = PeriodTable.standard.boundaries.first { $0.period == period }?.startMinute ?? 0
        return Setting<Int>(
            table, period == .lateNight ? "late_night" : period.rawValue, default: fallback, example: fallback + 30,
            help: BilingualText(
                en: "Local time at which \(period.title) begins (before dawn, the bad time to call, begins at midnight).",
                ja: "\(japaneseName(period))が始まる現地時刻（通話に向かない夜明け前は 0 時に始まります）。"),
            read: { settings in settings.periods.boundaries.first { $0.period == period }?.startMinute ?? 0 },
            write: { settings, minute in
                settings.periods.boundaries.removeAll { $0.period == period }
                settings.periods = PeriodTable(boundaries: settings.periods.boundaries + [.init(period, startMinute: minute)])
            },
            decode: { value throws(SettingKey.Invalid) -> Int in
                let text = try SettingKey.string(value)
                let parts = text.split(separator: ":")
                guard parts.count == 2, let h = Int(parts[0]), let m = Int(parts[1]), (0...23).contains(h), (0...59).contains(m) else {
                    throw SettingKey.Invalid(message: "expected a time \"HH:MM\", got \"\(text)\"")
                }
                return h * 60 + m
            },
            // Not `String(format:)`: its C varargs cast each number at run
            // time, a conformance lookup before the first frame (12-06).
            encode: { .string(MarkTime.pad($0 / 60) + ":" + MarkTime.pad($0 % 60)) })
    }

    static func japaneseName(_ period: DayPeriod) -> String {
        switch period {
        case .beforeDawn: "夜明け前"
        case .breakfast: "朝食"
        case .morning: "午前"
        case .lunch: "昼食"
        case .afternoon: "午後"
        case .dinner: "夕食"
        case .lateNight: "深夜"
        }
    }

    public static let keys = DayPeriod.allCases.dropFirst().map { start(of: $0).erased }
}
