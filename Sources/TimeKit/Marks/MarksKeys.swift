import Foundation

/// `[marks]`: what recording a mark does, and where its position comes from.
public enum MarksKeys: SettingGroup {
    public static let table = "marks"

    public static let bell = Setting.flag(
        table, "bell", default: true, at: \.bell,
        help: BilingualText(en: "Double beep when a mark is recorded.",
                            ja: "マークを記録したときにベルを 2 回鳴らします。"),
        overlay: BilingualText(en: "Bell on marks", ja: "マーク時のベル"))

    public static let flash = Setting.flag(
        table, "flash", default: true, at: \.flash,
        help: BilingualText(en: "Flash the new mark's row.", ja: "新しいマークの行を点滅させます。"),
        overlay: BilingualText(en: "Flash on marks", ja: "マーク時の点滅"))

    public static let watchErrorSeconds = Setting.number(
        table, "watch_error_seconds", default: 0, at: \.watchErrorSeconds, range: -60...60, unit: "seconds",
        help: BilingualText(
            en: "Watch error / reaction offset in seconds (-60 to 60), stored with each mark and added to its corrected instant.",
            ja: "時計の誤差・反応の遅れ（秒、-60〜60）。各マークに保存され、補正後の時刻に加えられます。"))

    public static let position = Setting.position(
        table, "position", at: \.fixedPosition,
        help: BilingualText(
            en: "Fixed position for marks when gpsd has no fix, e.g. \"27 28.02 S 153 22.84 E\" or \"-27.467, 153.381\"; empty for none.",
            ja: "gpsd に測位がないときにマークに付ける固定位置。例 \"27 28.02 S 153 22.84 E\" や \"-27.467, 153.381\"。空なら付けません。"))

    /// `host:port`, or nil (`"off"`, or empty) when gpsd is not asked.
    public static let gpsd = Setting<String?>(
        table, "gpsd", default: "127.0.0.1:2947", example: "192.168.1.10:2947",
        help: BilingualText(en: "gpsd address as host:port, or \"off\".",
                            ja: "gpsd のアドレス（host:port）。使わないなら \"off\"。"),
        at: \.gpsdAddress,
        decode: { value throws(SettingKey.Invalid) -> String? in
            let text = Trimmed.whitespace(try SettingKey.string(value))
            if text == "off" || text.isEmpty { return nil }
            guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
                  (1...65535).contains(port), colon != text.startIndex else {
                throw SettingKey.Invalid(message: "expected host:port such as \"127.0.0.1:2947\", or \"off\"; got \"\(text)\"")
            }
            return text
        },
        encode: { .string($0 ?? "off") })

    public static let keys = [bell.erased, flash.erased, watchErrorSeconds.erased, position.erased, gpsd.erased]
}
