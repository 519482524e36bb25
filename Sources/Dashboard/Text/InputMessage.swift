import TimeKit

/// Where a refused value came from, when the command says so before the
/// refusal: an option (`--at`, `--dr-at`, written the same in every
/// language) or the time of a `--sight` (`time of sight 2`).
public enum InputSource: Hashable, Sendable {
    case option(String)
    case sightTime(Int)

    var english: String {
        switch self {
        case .option(let name): name
        case .sightTime(let n): "time of sight \(n)"
        }
    }

    var japanese: String {
        switch self {
        case .option(let name): name
        case .sightTime(let n): "天測 \(n) の時刻"
        }
    }
}

/// The shared option parsers' refusals (`InputError`: instants, durations,
/// longitudes, Mars clock readings, stations, sights) in the commands'
/// languages. Part of the catalog as `CommandMessage.inputRefused`. The
/// English is `InputError.description`, the text the parsers always gave
/// (InputErrorEnglishTests, InputLanguageTests pin it); the typed text is
/// put in as typed (the printer makes it inert).
enum InputMessage {
    static func english(_ error: InputError, source: InputSource?) -> String {
        (source.map { $0.english + ": " } ?? "") + error.description
    }

    static func japanese(_ error: InputError, source: InputSource?) -> String {
        (source.map { $0.japanese + ": " } ?? "")
            + "\(japanese(error.field))「\(error.input)」を読めません: \(japanese(error.reason))。使える形式: \(japanese(error.accepted))"
    }

    static func japanese(_ field: InputField) -> String {
        switch field {
        case .instant: "時刻"
        case .duration: "期間"
        case .longitude: "経度"
        case .station: "地上局"
        case .body: "天体"
        case .marsTime(let kind): kind.rawValue
        case .solAndTime: "ソルと時刻"
        case .sol: "ソル"
        case .altitude: "Hs"
        case .altitudeOption: "--hs"
        case .altitudeOfSight(let n): "天測 \(n) の Hs"
        }
    }

    static func japanese(_ part: InstantPart) -> String {
        switch part {
        case .year: "年"
        case .month: "月"
        case .day: "日"
        case .hour: "時"
        case .minute: "分"
        case .second: "秒"
        case .offsetHours: "オフセットの時"
        case .offsetMinutes: "オフセットの分"
        }
    }

    static func japanese(_ accepted: InputAccepted) -> String {
        switch accepted {
        case .instant:
            "タイムゾーン付きの ISO-8601（例 2021-02-18T20:55:00Z、2021-02-18T20:55:00.250+01:00、2021-02-18 20:55Z）"
                + "または日付 2021-02-18（UTC の 0 時）。年は 1700-2200"
        case .duration:
            "数値と単位の組（1m、90s、1h30m、2.5h、500ms、1d、1w、1sol。単位は ms、s、m、min、h、d、w、sol）"
                + "または ISO-8601（PT1M、P1D など）。1ms から 100 年まで"
        case .longitude: "東経の度数 -180 から 360（137.4、-133.8、226.2）、または 0-360 に E か W（137.4E、133.8W）"
        case .marsTime: "HH:MM または HH:MM:SS（小数部も可、00:00 から 23:59:59.999）。例 13:00、07:05:30"
        case .station:
            "goldstone、canberra、madrid（DSN の 70 m アンテナ DSS-14、DSS-43、DSS-63）、"
                + "または 緯度,経度[,高さ]: 測地緯度（北が正、-90...90 または 35.4N）、東経（-180...360 または 116.9W）、"
                + "WGS-84 楕円体からの高さ（メートル、-500...100000、既定 0）"
        case .solAndTime: "ソルと時刻。例 1700 13:00、1700 06:30 ltst"
        case .body:
            "Sun LL、Sun UL、Moon LL、Moon UL、Venus、Mars、Jupiter、Saturn、航海用の 57 恒星か Polaris"
                + "（timedeck almanac --at NOW で一覧）、または identify が示す明るい星（Mizar、Alhena、HIP 86670）"
        case .altitude: "度と分「43 23.8」「43-23.8」「43° 23.8′」、または度の小数「43.3967」"
        }
    }

    static func japanese(_ separator: InstantSeparator) -> String {
        switch separator {
        case .afterYear: "年の後に '-' が必要です (YYYY-MM-DD)"
        case .afterMonth: "月の後に '-' が必要です (YYYY-MM-DD)"
        case .betweenHoursAndMinutes: "時と分の間に ':' が必要です (HH:MM)"
        }
    }

    static func japanese(_ reason: InputReason) -> String {
        switch reason {
        case .empty: "空です"
        case .missingOrShort(let part): "\(japanese(part))がないか短すぎます"
        case let .notDigits(part, count): "\(japanese(part))は \(count) 桁の数字にしてください"
        case .expected(let separator): japanese(separator)
        case .yearOutside(let year): "\(year) 年は 1700-2200 の範囲外です"
        case .noSuchMonth(let month): "\(month) 月はありません"
        case let .noSuchDay(day, year, month): "\(year)-\(month < 10 ? "0" : "")\(month) に \(day) 日はありません"
        case .expectedT: "日付と時刻の間に 'T' が必要です"
        case .tooManyFractionDigits: "秒の小数部が 9 桁を超えています"
        case .pointWithoutDigits: "小数点の後に数字が必要です"
        case .hourPast23(let hour): "\(hour) 時は 23 を超えています"
        case .minutePast59(let minute): "\(minute) 分は 59 を超えています"
        case .leapSecond: "うるう秒 :60 は使えません（:59.999 を使ってください）"
        case .secondPast59(let second): "\(second) 秒は 59 を超えています"
        case .noZone: "タイムゾーンがありません: UTC なら Z、または +01:00 のようなオフセットを付けてください"
        case .offsetOutOfRange: "オフセットが範囲外です（-18:00 から +18:00）"
        case .expectedZone: "時刻の後には Z か +01:00 のようなオフセットが必要です"
        case .textAfterInstant: "時刻の後に余分な文字があります"
        case .tooLong: "長すぎます"
        case .underOneMillisecond: "1ms 以上にしてください"
        case .overHundredYears: "100 年を超えています"
        case .noAmount: "量がありません"
        case .expectedNumber(let at): "「\(at)」の位置に数値が必要です"
        case .needsUnit(let number): "「\(number)」に単位が必要です"
        case .unknownUnit(let unit): "不明な単位「\(unit)」です"
        case .emptyTimePart: "'T' の後に時・分・秒が必要です"
        case .yearsOrMonths: "年と月は長さが一定しません。日数で指定してください (P30D)"
        case .notDegrees: "度数ではありません"
        case .signAndEastWest: "符号と E/W はどちらか一方にしてください"
        case .over360(let number): "\(number)° は 360° を超えています"
        case .outsideLongitudes(let number): "\(number) は -180...360 の範囲外です"
        case .expectedHoursAndMinutes: "時と分を ':' で区切ってください"
        case .hoursDigits: "時は 1 桁か 2 桁の数字にしてください"
        case .minutesDigits: "分は 2 桁の数字にしてください"
        case .secondsDigits: "秒は 2 桁の数字にしてください"
        case .marsSecondsRange: "火星の 1 分の秒は 00 から 59 です（うるう秒はありません）"
        case .fractionDigits: "秒の小数部は 1 桁から 9 桁にしてください"
        case .minutesRange: "分は 00 から 59 です"
        case .marsMidnight: "火星の時計に 24:00 はありません: ソルは 23:59:59.999… で終わり、真夜中は次のソルの 00:00 です"
        case .hoursRange: "時は 00 から 23 です"
        case .notAStation: "既知の局ではありません"
        case .stationNumbers: "2 つか 3 つの数値をコンマで区切って指定してください"
        case .signAndNorthSouth: "符号と N/S はどちらか一方にしてください"
        case .latitudeNotDegrees: "緯度が度数ではありません"
        case .latitudeOutside(let number): "緯度 \(number) は -90...90 の範囲外です"
        case .stationLongitude: "経度が東経 -180 から 360 の度数（または E/W 付き）ではありません"
        case .heightNotMetres: "高さがメートルの数値ではありません"
        case .heightOutside(let number): "高さ \(number) m は -500...100000 の範囲外です"
        case .expectedSolAndTime: "ソルと時刻が必要です"
        case .notWholeNumber: "整数ではありません"
        case .notABody(let close): "天測暦の天体ではありません（近い名前: \(close.joined(separator: "、"))）"
        case .notAnAltitude: "高度ではありません"
        case .altitudeOutside: "Hs が 0°–90° の範囲外です"
        case .minutesOver60(let number): "分は 60 未満にしてください（\(number) は範囲外です）"
        }
    }
}
