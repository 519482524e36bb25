import TimeKit

/// The last of the commands' English, in Japanese: a position that cannot
/// be read (`--dr`), the sight conditions out of range, and what `call` and
/// `calls` assumed (`CallNote`). Part of the catalog as
/// `CommandMessage.positionRefused`, `sightConditionRefused`, `callNote`;
/// the English is TimeKit's (`PositionProblem.english`,
/// `SightConditionRefusal.english`, `CallNote.english`), byte for byte what
/// the commands gave (NoteLanguageTests pins it). Typed text is put in as
/// typed (in 「」); `Console.error` makes it inert.
enum OptionMessage {
    static func japanese(_ error: GeoPosition.ParseError) -> String {
        "位置「\(InertText.display(error.input))」を読めません: \(japanese(error.problem))。"
            + "書き方: 「27 28.02 S 153 22.84 E」「27° 28'.02 S  153° 22'.84 E」「-27.467, 153.3807」"
    }

    static func japanese(_ problem: PositionProblem) -> String {
        switch problem {
        case .notDecimalPair: "符号付きの度の小数「緯度, 経度」か、N/S と E/W の文字が必要です"
        case .oneLetterEach: "N/S と E/W の文字が 1 つずつ必要です"
        case .twoLatitudes: "緯度（N/S）が 2 つあります"
        case .twoLongitudes: "経度（E/W）が 2 つあります"
        case .tooLong: "長すぎます"
        case .notANumber(let token): "「\(token)」は数値ではありません"
        case .unexpectedCharacter(let character): "使えない文字「\(character)」があります"
        case .numbersAfterLastLetter: "最後の N/S・E/W の文字の後に数値があります"
        case .degreesMinutesSeconds: "緯度と経度はそれぞれ度、必要なら分と秒で書いてください"
        case .signAndLetter: "N/S・E/W の文字かマイナス記号のどちらか一方にしてください"
        case .wholeDegrees: "分を続けるときは度を整数にしてください"
        case .minutesBelow60: "分は 60 未満にしてください"
        case .wholeMinutes: "秒を続けるときは分を整数にしてください"
        case .secondsBelow60: "秒は 60 未満にしてください"
        case .outOfRange(.latitudeOutOfRange(let v)):
            "緯度 \(v)° が −90° … +90° の範囲外です。「27 28.02 S」や -27.467 のように書いてください"
        case .outOfRange(.longitudeOutOfRange(let v)):
            "経度 \(v)° が −180° … +180° の範囲外です。「153 22.84 E」や 153.381 のように書いてください"
        }
    }

    static func japanese(_ refusal: SightConditionRefusal) -> String {
        let v = refusal.valueText
        return switch refusal {
        case .heightOfEye: "眼高 \(v) m が 0–1000 m の範囲外です"
        case .indexError: "器差 \(v)′ が ±60′ の範囲外です"
        case .temperature: "気温 \(v) °C が −60…60 °C の範囲外です"
        case .pressure: "気圧 \(v) hPa が 800…1100 hPa の範囲外です"
        case .course: "\(v)° は針路ではありません。真方位の度数 0–360 で指定してください"
        case .speed: "\(v) kn は速力ではありません。ノット 0–99 で指定してください"
        }
    }

    static func japanese(_ note: CallNote) -> String {
        switch note {
        case let .here(place, position, .gpsdFix):
            "「here」: gpsd の測位位置（\(position)）に最も近い \(place) を使います"
        case let .here(place, position, .configured(gpsd, seconds)):
            "「here」: marks.position（\(position)）に最も近い \(place) を使います"
                + (gpsd.map { "（\($0) の gpsd は \(seconds) 秒以内に測位できませんでした）" } ?? "")
        case let .local(query, zone):
            "「\(query)」はこのマシンのタイムゾーン \(zone) です（TZ または /etc/localtime から）。"
        case let .clockSkipped(zone, gap, wall, offset):
            "その現地時刻は \(zone) にはありません（時計が \(gap) 分進みます）。\(wall) \(offset) を使います。"
        case let .clockTwice(zone, first, second):
            "その現地時刻は \(zone) で 2 回あります。1 回目の \(first) を使います（2 回目は \(second)）。"
        case let .passed(start, minutes, tomorrow):
            "\(start) はすでに過ぎています（\(UIMessage.japaneseSpan(minutes: minutes))前）。通話は保存しましたが通知しません。"
                + "これからの通話なら、"
                + (tomorrow.map { "「tomorrow \($0)」か +1d" } ?? "後の日付か +1d のような今からのずれ") + "を指定してください。"
        }
    }
}
