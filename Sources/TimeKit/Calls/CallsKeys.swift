/// `[calls]`: the call planner's reminders.
public enum CallsKeys: SettingGroup {
    public static let table = "calls"

    /// Minutes before a saved call; nil for off.
    public static let remind = Setting<Int?>(
        table, "remind", default: 10, example: 60,
        help: BilingualText(
            en: "How long before a saved call the dashboard reminds you (notice, bell, plain-mode line), e.g. \"10m\" or \"1h\"; \"off\" for none. A call's own reminder (calls add --remind, calls set, m in the call editor) wins.",
            ja: "保存した通話の何分前にダッシュボードが知らせるか（通知、ベル、プレーンモードの行）。例 \"10m\"、\"1h\"。知らせないなら \"off\"。通話ごとのリマインダー（calls add --remind、calls set、通話エディタの m）が優先されます。"),
        at: \.callRemindMinutes,
        decode: { value throws(SettingKey.Invalid) -> Int? in
            let text = try SettingKey.string(value)
            do {
                return try CallReminder.parse(text).minutes(setting: nil)
            } catch {
                throw SettingKey.Invalid(message: "\(error)")
            }
        },
        encode: { .string(CallReminder.text(minutes: $0)) })

    public static let keys = [remind.erased]
}
