/// `[display]`: how every panel looks, in which language.
public enum DisplayKeys: SettingGroup {
    public static let table = "display"

    public static let theme = Setting.choice(
        table, "theme", default: Settings.ThemeName.mission, at: \.theme,
        help: BilingualText(
            en: "Colour theme: mission (dark, Mars orange and cyan), sunlight (high contrast for bright light) or mono. NO_COLOR forces mono.",
            ja: "配色テーマ: mission（暗い背景に火星のオレンジとシアン）、sunlight（明るい場所向けの高コントラスト）、mono。NO_COLOR があると mono になります。"),
        overlay: BilingualText(en: "Theme", ja: "テーマ"))

    public static let clock = Setting.choice(
        table, "clock", default: Settings.ClockStyle.twentyFourHour, at: \.clock,
        help: BilingualText(en: "Local times in 24h or 12h form.",
                            ja: "現地時刻を 24 時間制（24h）か 12 時間制（12h）で表示します。"),
        overlay: BilingualText(en: "Clock", ja: "時計"))

    public static let reducedMotion = Setting.flag(
        table, "reduced_motion", default: false, at: \.reducedMotion,
        help: BilingualText(en: "Turn off animations (clock hands jump instead of sweeping).",
                            ja: "アニメーションを止めます（時計の針はなめらかに動かず、跳んで進みます）。"),
        overlay: BilingualText(en: "Reduced motion", ja: "動きを減らす"))

    public static let language = Setting.choice(
        table, "language", default: Settings.Language.auto, at: \.language,
        help: BilingualText(en: "Interface language: auto (from LANG/LC_*), en or ja.",
                            ja: "表示言語: auto（LANG/LC_* から決める）、en（英語）、ja（日本語）。"),
        overlay: BilingualText(en: "Language", ja: "言語"))

    public static let keys = [theme.erased, clock.erased, reducedMotion.erased, language.erased]
}
