import TimeKit

/// The words of `timedeck mars`'s text reports (issue 33 item 4: Japanese for
/// everything new; issue 34: the CLI spoke English whatever `display.language`
/// said): the one-instant report's labels and worded values, the `--sols`
/// schedule, `--all`, and the notes on stderr. Numbers and instants arrive
/// formatted (the same in every language); `--json` never comes here.
///
/// Part of the catalog as `CommandMessage.marsReport`. The English is what the
/// command printed before it spoke Japanese, byte for byte (MarsEnglishGolden).
public enum MarsMessage: Hashable, Sendable {
    /// A row of the one-instant report: the label padded to 24 cells, then the value.
    case row(MarsReportRow, value: String)
    /// Ls with the northern season: `5.64851°  (northern spring)`.
    case solarLongitude(degrees: String, season: MarsSeason)
    /// The equation of time in degrees and in Mars minutes: `-9.47886°  (-37m54s Mars time)`.
    case equationOfTime(degrees: String, sign: String, minutes: Int, seconds: String)
    /// A light time, `11m 22.352s`, with the seconds alone after it when `total` is given.
    case lightTime(minutes: Int, seconds: String, total: String?)
    /// The light time between chosen ends and how far it is from centre to centre (ms).
    case endsLightTime(minutes: Int, seconds: String, total: String, milliseconds: String)
    /// After the Sun-Earth-Mars angle when it is under 3°.
    case conjunctionNote
    /// Why there is no light time.
    case lightUnknown(MarsLightProblem)
    case azimuth(degrees: String)
    /// No sunrise or sunset this sol.
    case noSunEvent(polarDay: Bool)
    case unknown
    case sunNeedsLatitude
    /// A light path's end at a planet's centre (a site or station is named by its name).
    case marsCentre
    case earthCentre

    // MARK: --sols
    /// `Curiosity mission sols 1000–1002 at 13:00:00 LMST`; `last` nil for one sol.
    case scheduleTitle(place: String, mission: Bool, first: Int, last: Int?, time: String)
    case column(MarsColumn)
    case notOnThisSol
    case polarCell(day: Bool)
    case outsideEphemerisCell
    case badTimeLegend
    /// Under a schedule whose ERT column uses chosen ends.
    case scheduleLightPath(path: String)

    // MARK: --all
    case allTitle(at: String)
    case allFooter(lightTime: String)
    /// With chosen ends: the LIGHT column's ends (each site its own Mars end, else Mars's centre).
    case allEndsFooter(earth: String?, eachSite: Bool)

    // MARK: notes on stderr
    case occursTwice(time: String, sol: Int, second: String)
    case notOnSols(time: String, sols: [Int], leftOut: Bool)
    case noLightTime(MarsLightProblem)
    /// The leap-second list's trouble (`LeapSecondList.notice`'s words), without a newline:
    /// `seconds` is TAI − UTC in use, `builtIn` whether the built-in table stands in.
    case leapListMissing(path: String, seconds: Int, builtIn: Bool)
    case leapListUnreadable(path: String, reason: String, seconds: Int, builtIn: Bool)
    case leapListExpired(day: String, seconds: Int, builtIn: Bool)

    var english: String {
        switch self {
        case let .row(row, value): CommandMessage.padded(row.english, 24) + value
        case let .solarLongitude(degrees, season): "\(degrees)  (northern \(season.rawValue))"
        case let .equationOfTime(degrees, sign, minutes, seconds): "\(degrees)  (\(sign)\(minutes)m\(seconds)s Mars time)"
        case let .lightTime(minutes, seconds, total): "\(minutes)m \(seconds)s" + (total.map { "  (\($0) s)" } ?? "")
        case let .endsLightTime(minutes, seconds, total, ms): "\(minutes)m \(seconds)s  (\(total) s; \(ms) ms from centre to centre)"
        case .conjunctionNote: "  (solar conjunction: under 3°, links unreliable)"
        case .lightUnknown(let problem): "unknown: " + Self.english(problem)
        case .azimuth(let degrees): "\(degrees)° from north through east"
        case .noSunEvent(let day): day ? "none (polar day)" : "none (polar night)"
        case .unknown: "unknown"
        case .sunNeedsLatitude: "needs a latitude: give --site (a bare --longitude has none)"
        case .marsCentre: "Mars centre"
        case .earthCentre: "Earth centre"
        case let .scheduleTitle(place, mission, first, last, time):
            "\(place)\(mission ? " mission" : "") sol\(last == nil ? "" : "s") \(first)\(last.map { "–\($0)" } ?? "") at \(time)"
        case .column(let column): column.english
        case .notOnThisSol: "(not on this sol)"
        case .polarCell(let day): day ? "(polar day)" : "(polar night)"
        case .outsideEphemerisCell: "(outside DE421)"
        case .badTimeLegend: "✗ bad time to call (before dawn)"
        case .scheduleLightPath(let path): "ERT: light from \(path)"
        case .allTitle(let at): "Every site at \(at)"
        case .allFooter(let light): "light time to the Earth \(light) (SUN: the Sun's elevation at each site)"
        case let .allEndsFooter(earth, eachSite):
            "LIGHT (s): one-way light time from " + (eachSite ? "each site" : "Mars centre") + " to " + (earth ?? "Earth centre")
        case let .occursTwice(time, sol, second):
            "note: \(time) occurs twice on sol \(sol) (the equation of time grew across local mean midnight); "
                + "this is the first, the second is \(second).\n"
        case let .notOnSols(time, sols, leftOut):
            "note: \(time) does not occur on sol\(sols.count == 1 ? "" : "s") \(sols.map(String.init).joined(separator: ", ")) "
                + "(true solar time skips it as the sol turns at local mean midnight); \(leftOut ? "left out" : "shown empty").\n"
        case .noLightTime(let problem): "note: no light time: \(Self.english(problem))\n"
        case let .leapListMissing(path, seconds, builtIn): "note: leap-second list not found at \(path); " + Self.using(seconds, builtIn)
        case let .leapListUnreadable(path, reason, seconds, builtIn):
            "note: leap-second list \(path) unreadable (\(reason)); " + Self.using(seconds, builtIn)
        case let .leapListExpired(day, seconds, builtIn): "note: leap-second list expired \(day); " + Self.using(seconds, builtIn)
        }
    }

    var japanese: String {
        switch self {
        case let .row(row, value): CommandMessage.padded(row.japanese, 24) + value
        case let .solarLongitude(degrees, season): "\(degrees)  （北半球の\(Self.japanese(season))）"
        case let .equationOfTime(degrees, sign, minutes, seconds): "\(degrees)  （火星時間 \(sign)\(minutes)分\(seconds)秒）"
        case let .lightTime(minutes, seconds, total): "\(minutes)分 \(seconds)秒" + (total.map { "  （\($0) 秒）" } ?? "")
        case let .endsLightTime(minutes, seconds, total, ms): "\(minutes)分 \(seconds)秒  （\(total) 秒、中心間との差 \(ms) ミリ秒）"
        case .conjunctionNote: "  （合: 3° 未満、通信は不安定）"
        case .lightUnknown(let problem): "不明: " + Self.japanese(problem)
        case .azimuth(let degrees): "\(degrees)°（北から東回り）"
        case .noSunEvent(let day): day ? "なし（白夜）" : "なし（極夜）"
        case .unknown: "不明"
        case .sunNeedsLatitude: "緯度が必要です: --site を指定してください（--longitude だけでは緯度がありません）"
        case .marsCentre: "火星の中心"
        case .earthCentre: "地球の中心"
        case let .scheduleTitle(place, mission, first, last, time):
            "\(place)\(mission ? " ミッション" : "") ソル \(first)\(last.map { "–\($0)" } ?? "") の \(time)"
        case .column(let column): column.japanese
        case .notOnThisSol: "（このソルにはない）"
        case .polarCell(let day): day ? "（白夜）" : "（極夜）"
        case .outsideEphemerisCell: "（DE421 の範囲外）"
        case .badTimeLegend: "✗ 連絡に向かない時刻（夜明け前）"
        case .scheduleLightPath(let path): "ERT: 光の経路 \(path)"
        case .allTitle(let at): "全地点 \(at)"
        case .allFooter(let light): "地球までの光時間 \(light)（太陽: 各地点の太陽高度）"
        case let .allEndsFooter(earth, eachSite):
            "光時間 (秒): " + (eachSite ? "各地点" : "火星の中心") + " から " + (earth ?? "地球の中心") + " までの片道光時間"
        case let .occursTwice(time, sol, second):
            "注意: \(time) はソル \(sol) に 2 回あります（地方平均太陽時の真夜中をまたいで均時差が増えたため）。"
                + "これは 1 回目で、2 回目は \(second) です。\n"
        case let .notOnSols(time, sols, leftOut):
            "注意: \(time) はソル \(sols.map(String.init).joined(separator: "、")) にありません"
                + "（ソルが地方平均太陽時の真夜中に変わるとき真太陽時がその時刻を飛ばします）。\(leftOut ? "省きました" : "空欄にしました")。\n"
        case .noLightTime(let problem): "注意: 光時間なし: \(Self.japanese(problem))\n"
        case let .leapListMissing(path, seconds, builtIn): "注意: うるう秒の一覧が \(path) にありません。" + Self.usingJapanese(seconds, builtIn)
        case let .leapListUnreadable(path, reason, seconds, builtIn):
            "注意: うるう秒の一覧 \(path) を読めません（\(reason)）。" + Self.usingJapanese(seconds, builtIn)
        case let .leapListExpired(day, seconds, builtIn): "注意: うるう秒の一覧は \(day) に期限が切れました。" + Self.usingJapanese(seconds, builtIn)
        }
    }

    static func using(_ seconds: Int, _ builtIn: Bool) -> String {
        "using \(seconds) s" + (builtIn ? " (built-in table)" : "")
    }

    static func usingJapanese(_ seconds: Int, _ builtIn: Bool) -> String {
        "TAI − UTC = \(seconds) 秒を使います" + (builtIn ? "（組み込みの表）" : "")
    }

    static func english(_ problem: MarsLightProblem) -> String {
        switch problem {
        case .outsideEphemeris(let range): range.description
        case .notConverged(let failure): failure.description
        case .ephemerisUnreadable: "the ephemeris for the light time could not be read"
        }
    }

    static func japanese(_ problem: MarsLightProblem) -> String {
        switch problem {
        case .outsideEphemeris(let range):
            "光時間には同梱の JPL DE421 が必要です。範囲は \(range.firstDayText) から \(range.lastDayText) まで"
                + "（光時間のため 1 日の余裕を含む）で、\(range.dayText) はその外です。範囲内の時刻を指定してください"
        case .notConverged(let failure):
            "光時間の反復計算が 1970 年から \(failure.unixSeconds) 秒の時点で収束しませんでした"
                + "（最後の刻み \(failure.lastStepSeconds) 秒）。この時刻を報告してください"
        case .ephemerisUnreadable: "光時間の暦を読めません"
        }
    }

    static func japanese(_ season: MarsSeason) -> String {
        switch season {
        case .spring: "春"
        case .summer: "夏"
        case .autumn: "秋"
        case .winter: "冬"
        }
    }
}

/// The labels of `timedeck mars`'s one-instant report, in output order
/// (`UTC` and `TT - UTC` are abbreviations, the same in every language, so
/// not here).
public enum MarsReportRow: Hashable, Sendable {
    case julianDateUT, julianDateTT, daysSinceJ2000, meanAnomaly, fictitiousMeanSun, equationOfCenter
    case solarLongitude, equationOfTime, marsSolDate, sol, coordinatedMarsTime, longitude, localMeanSolarTime
    case localTrueSolarTime, subsolarLongitude, solarDeclination, heliocentricDistance, marsYear, site, missionSol
    case scet, ert, oneWayLightTime, earthMarsDistance, sunEarthMarsAngle, solarElevation, solarAzimuth
    case sunrise(sol: Int)
    case localNoon, sunset, highestSun, sunAtSite, lightPath, ertAtEnd, lightTimeEnds

    /// Every row (the sunrise with a sample sol), for the catalog's tests.
    public static let all: [MarsReportRow] = [
        .julianDateUT, .julianDateTT, .daysSinceJ2000, .meanAnomaly, .fictitiousMeanSun, .equationOfCenter,
        .solarLongitude, .equationOfTime, .marsSolDate, .sol, .coordinatedMarsTime, .longitude, .localMeanSolarTime,
        .localTrueSolarTime, .subsolarLongitude, .solarDeclination, .heliocentricDistance, .marsYear, .site, .missionSol,
        .scet, .ert, .oneWayLightTime, .earthMarsDistance, .sunEarthMarsAngle, .solarElevation, .solarAzimuth,
        .sunrise(sol: 52304), .localNoon, .sunset, .highestSun, .sunAtSite, .lightPath, .ertAtEnd, .lightTimeEnds,
    ]

    var english: String {
        switch self {
        case .julianDateUT: "Julian Date (UT)"
        case .julianDateTT: "Julian Date (TT)"
        case .daysSinceJ2000: "Days since J2000 (TT)"
        case .meanAnomaly: "Mean anomaly"
        case .fictitiousMeanSun: "Fictitious mean sun"
        case .equationOfCenter: "Equation of center"
        case .solarLongitude: "Solar longitude Ls"
        case .equationOfTime: "Equation of time"
        case .marsSolDate: "Mars Sol Date"
        case .sol: "Sol"
        case .coordinatedMarsTime: "Coordinated Mars Time"
        case .longitude: "Longitude"
        case .localMeanSolarTime: "Local mean solar time"
        case .localTrueSolarTime: "Local true solar time"
        case .subsolarLongitude: "Subsolar longitude"
        case .solarDeclination: "Solar declination"
        case .heliocentricDistance: "Heliocentric distance"
        case .marsYear: "Mars Year"
        case .site: "Site"
        case .missionSol: "Mission sol"
        case .scet: "SCET (event at Mars)"
        case .ert: "ERT (seen on Earth)"
        case .oneWayLightTime: "One-way light time"
        case .earthMarsDistance: "Earth-Mars distance"
        case .sunEarthMarsAngle: "Sun-Earth-Mars angle"
        case .solarElevation: "Solar elevation"
        case .solarAzimuth: "Solar azimuth"
        case .sunrise(let sol): "Sunrise (sol \(sol))"
        case .localNoon: "Local noon"
        case .sunset: "Sunset"
        case .highestSun: "Highest Sun"
        case .sunAtSite: "Sun at the site"
        case .lightPath: "Light path"
        case .ertAtEnd: "ERT at that end"
        case .lightTimeEnds: "Light time, those ends"
        }
    }

    var japanese: String {
        switch self {
        case .julianDateUT: "ユリウス日 (UT)"
        case .julianDateTT: "ユリウス日 (TT)"
        case .daysSinceJ2000: "J2000 からの日数 (TT)"
        case .meanAnomaly: "平均近点角"
        case .fictitiousMeanSun: "仮想平均太陽"
        case .equationOfCenter: "中心差"
        case .solarLongitude: "太陽黄経 Ls"
        case .equationOfTime: "均時差"
        case .marsSolDate: "火星ソル日付 (MSD)"
        case .sol: "ソル"
        case .coordinatedMarsTime: "協定火星時 (MTC)"
        case .longitude: "経度"
        case .localMeanSolarTime: "地方平均太陽時 (LMST)"
        case .localTrueSolarTime: "地方真太陽時 (LTST)"
        case .subsolarLongitude: "太陽直下点の経度"
        case .solarDeclination: "太陽赤緯"
        case .heliocentricDistance: "日心距離"
        case .marsYear: "火星年"
        case .site: "地点"
        case .missionSol: "ミッションソル"
        case .scet: "SCET（火星での事象）"
        case .ert: "ERT（地球で受信）"
        case .oneWayLightTime: "片道光時間"
        case .earthMarsDistance: "地球–火星の距離"
        case .sunEarthMarsAngle: "太陽–地球–火星の角度"
        case .solarElevation: "太陽高度"
        case .solarAzimuth: "太陽方位角"
        case .sunrise(let sol): "日の出（ソル \(sol)）"
        case .localNoon: "地方正午"
        case .sunset: "日の入り"
        case .highestSun: "太陽の最高高度"
        case .sunAtSite: "地点の太陽"
        case .lightPath: "光の経路"
        case .ertAtEnd: "その端での ERT"
        case .lightTimeEnds: "その両端の光時間"
        }
    }
}

/// The column labels of `mars --sols` and `mars --all` that are words (UTC,
/// LMST, LTST and ERT (UTC) are abbreviations, the same in every language).
public enum MarsColumn: Hashable, Sendable, CaseIterable {
    case sol, sunriseUTC, sunsetUTC, site, longitude, missionSol, sun, light

    var english: String {
        switch self {
        case .sol: "SOL"
        case .sunriseUTC: "SUNRISE (UTC)"
        case .sunsetUTC: "SUNSET (UTC)"
        case .site: "SITE"
        case .longitude: "LONGITUDE"
        case .missionSol: "MISSION SOL"
        case .sun: "SUN"
        case .light: "LIGHT (s)"
        }
    }

    var japanese: String {
        switch self {
        case .sol: "ソル"
        case .sunriseUTC: "日の出 (UTC)"
        case .sunsetUTC: "日の入り (UTC)"
        case .site: "地点"
        case .longitude: "経度"
        case .missionSol: "ミッションソル"
        case .sun: "太陽"
        case .light: "光時間 (秒)"
        }
    }
}
