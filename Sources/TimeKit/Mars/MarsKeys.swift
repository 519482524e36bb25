/// `[mars]`: where on Mars the local solar times are for. Both empty by
/// default, so the Mars panel starts from its own saved choice.
public enum MarsKeys: SettingGroup {
    public static let table = "mars"

    public static let longitude = Setting.optionalNumber(
        table, "longitude", at: \.marsLongitudeEast, range: -180...360, unit: "degrees east",
        help: BilingualText(
            en: "Mars longitude in degrees east (-180 to 360) for local solar times; empty for none (the Mars panel keeps its own).",
            ja: "火星の地方太陽時に使う経度（東経、-180〜360 度）。空なら指定なし（火星パネルは自分の選択を使います）。"))

    /// A site of the library or of the file's own `[mars-site-<id>]`
    /// tables; the shell checks the name (it needs the bundled library).
    public static let site = Setting.text(
        table, "site", at: \.marsSite, example: "Jezero",
        help: BilingualText(
            en: "Mars site name (e.g. \"Jezero\"); sets the longitude and the mission sol. Empty for none.",
            ja: "火星の地点名（例 \"Jezero\"）。経度とミッションのソルが決まります。空なら指定なし。"))

    public static let keys = [longitude.erased, site.erased]
}
