/// `[sights]`: the conditions the sights panel reduces with (as `timedeck
/// fix --eye/--ie/--temp/--pressure`, same ranges and defaults: both start
/// from `SightCorrections.standard`) and its dead reckoning.
public enum SightsKeys: SettingGroup {
    public static let table = "sights"
    static let standard = SightCorrections.standard

    public static let eyeMetres = Setting.number(
        table, "eye_metres", default: standard.heightOfEyeMetres, at: \.sightCorrections.heightOfEyeMetres,
        range: 0...1000, unit: "m",
        help: BilingualText(
            en: "Height of eye above the sea in metres (0 to 1000) for the sights panel's dip (1.76′·√h).",
            ja: "眼高（海面からの目の高さ、メートル、0〜1000）。天測パネルの眼高差（1.76′·√h）に使います。"))

    public static let indexErrorArcminutes = Setting.number(
        table, "index_error_arcminutes", default: standard.indexErrorArcminutes, at: \.sightCorrections.indexErrorArcminutes,
        range: -60...60, unit: "′",
        help: BilingualText(
            en: "Sextant index error in arcminutes (-60 to 60), positive on the arc (subtracted from Hs).",
            ja: "六分儀の器差（分角、-60〜60）。オンザアークを正とし、Hs から引きます。"))

    public static let temperatureCelsius = Setting.number(
        table, "temperature_celsius", default: standard.temperatureCelsius, at: \.sightCorrections.temperatureCelsius,
        range: -60...60, unit: "°C",
        help: BilingualText(en: "Air temperature in °C (-60 to 60); scales the refraction.",
                            ja: "気温（°C、-60〜60）。大気差の大きさを補正します。"))

    public static let pressureHectopascals = Setting.number(
        table, "pressure_hectopascals", default: standard.pressureHectopascals, at: \.sightCorrections.pressureHectopascals,
        range: 800...1100, unit: "hPa",
        help: BilingualText(en: "Air pressure in hPa (800 to 1100); scales the refraction.",
                            ja: "気圧（hPa、800〜1100）。大気差の大きさを補正します。"))

    public static let courseDegrees = Setting.number(
        table, "course_degrees", default: 0, at: \.sightsCourseDegrees, range: 0...360, unit: "°",
        help: BilingualText(en: "Course made good in degrees true (0 to 360) for a running fix in the sights panel.",
                            ja: "天測パネルのランニングフィックスに使う実航針路（真方位、0〜360 度）。"))

    public static let speedKnots = Setting.number(
        table, "speed_knots", default: 0, at: \.sightsSpeedKnots, range: 0...99, unit: "kn",
        help: BilingualText(en: "Speed in knots (0 to 99); earlier sights are advanced to the fix time. 0: at rest.",
                            ja: "速力（ノット、0〜99）。前の天測をフィックスの時刻まで進めます。0 は停止。"))

    public static let deadReckoning = Setting.position(
        table, "dr", at: \.sightsDeadReckoning,
        help: BilingualText(
            en: "Dead-reckoning position for the sights panel, in any form marks accept; empty for gpsd's fix, else marks.position.",
            ja: "天測パネルの推測位置（マークと同じ書き方）。空なら gpsd の測位、それもなければ marks.position。"))

    public static let keys = [eyeMetres.erased, indexErrorArcminutes.erased, temperatureCelsius.erased,
                              pressureHectopascals.erased, courseDegrees.erased, speedKnots.erased, deadReckoning.erased]
}
