import TimeKit

extension CommandMessage {
    /// The message in Japanese, in the words the dashboard's sights and
    /// weather panels use (推測位置, 天測位置, 修正差, 位置の線, 海里).
    /// Table headers put each label where the English one starts, so the
    /// columns under them do not move; units in table rows (nm, °, ′) stay
    /// as symbols.
    var japanese: String {
        switch self {
        case .fixHeader(let residual):
            Self.columns([("天体", 0), ("UTC", 17), ("Ho", 44), ("Hc", 57), ("Zn", 70), ("修正差", 77)]
                         + (residual ? [("残差", 89)] : []))
        case .identifyHeader: Self.columns([("候補", 0), ("Hc", 21), ("Zn", 32), ("Ho−Hc", 40), ("ΔZn", 49), ("等級", 56)])
        case .planHeader: Self.columns([("天体", 2), ("高度", 19), ("Zn", 31), ("等級", 38)])
        case .averageHeader: Self.columns([("UTC", 0), ("Hs", 27), ("修正差", 40), ("列からの差", 52)])
        case .towardOrAway(let toward): toward ? "向かう側" : "離れる側"
        case .deadReckoning(let position): "推測位置  \(position)"
        case .oneSightIsALine: "天測 1 つ: 位置の線であり、位置ではありません（船はこの線上のどこかにいます。ほかの天測の線と交差させてください）"
        case let .lineRuns(direction, through, at, advanced):
            "位置の線は \(at) に \(through) を通り \(direction) の向き"
                + (advanced.map { "（天測の時刻から \($0) 海里 転位）" } ?? "")
        case let .lineEnds(half, ends): "両端（±\(half) 海里）: " + ends.joined(separator: "  と  ")
        case let .fixAt(position, at): "天測位置  \(position)  \(at)"
        case let .fixSpread(rms, crossing, ellipse, axis):
            "ばらつき: 残差 RMS \(rms) 海里、位置の線の交角 最大 \(crossing)°"
                + (ellipse.map { "、1σ 誤差楕円 \($0) 海里（長軸 \(axis ?? "")）" } ?? "")
        case let .fromDeadReckoning(miles, bearing): "推測位置から: \(miles) 海里・方位 \(bearing)"
        case let .clockDoubt(sights, seconds, arcminutes, miles, line):
            "天測 \(sights.map(String.init).joined(separator: "、")) の時計が同期されていません"
                + (seconds.map {
                    "（推定誤差 \($0) 秒）: \(line ? "位置の線" : "天測位置")の経度が \(arcminutes)′（東西に \(miles) 海里）ずれているかもしれません"
                } ?? "（誤差不明）: \(line ? "位置の線" : "天測位置")の経度はその時計の精度しかありません")
        case .fixRefused(let refusal): Self.japaneseRefusal(refusal)
        case let .polarisAt(at, meridian): "Polaris \(at)、推測位置の子午線 \(meridian) 上"
        case .polarisLatitude(let latitude): "緯度 \(latitude)   （緯度のみで位置ではありません: 経度は推測位置のもの）"
        case let .compassBody(body, at, altitude): "\(body) \(at)、高度 \(altitude)"
        case let .compassRow(row, value): Self.padded(Self.japaneseLabel(row), 14) + value
        case let .amplitude(text, rising): "\(text)（\(rising ? "出" : "没")）"
        case .identified(let body): "天体は \(body) です"
        case .identifiedNone:
            "高度 2°・方位 5° 以内の天体はありません。Hs・時刻・推測位置・方位を確かめてください（3.5 等より暗い星かもしれません）"
        case .identifiedAmbiguous(let bodies):
            "特定できません: \(bodies.joined(separator: "、")) がどれも高度 2°・方位 5° 以内です。見えた明るさを等級と比べるか、方位を測り直すか、ほかの天測をしてください"
        case .identifiedBrightStar:
            "（航海用の星ではないヒッパルコス星です。fix と天測暦はこの名前（星座名なし）で受け付けます）"
        case .identifyWithin: "範囲内"
        case let .noonPassage(at, position): "子午線通過（LAN）  \(at)  推測位置 \(position)"
        case let .noonSun(south, below, altitude):
            "太陽の方位は\(south ? "南（180°）" : "北（000°）")、"
                + (below.map { "推測位置で中心が地平線の \($0)° 下: 今日は正午の天測はできません" }
                    ?? "推測位置での中心の Ho \(altitude)")
        case let .noonCurve(sights, maxAltitude, at, seconds, rms):
            "正午曲線（天測 \(sights) 個）: 最大 Ho \(maxAltitude)（\(at)" + (seconds.map { " ± \($0) 秒" } ?? "") + "）、RMS \(rms)′"
        case let .noonLatitude(latitude, error): "緯度      \(latitude)" + (error.map { " ± \($0)′" } ?? "")
        case let .noonLongitude(longitude, error):
            "経度      \(longitude)" + (error.map { " ± \($0)′" } ?? "") + "（最大高度の時刻から）"
        case .noonExactFit: "天測 3 個は曲線にちょうど合うため、誤差を推定できません。もっと天測してください"
        case let .averageRate(body, rate): "\(body): 列の中央で天測暦の高度は毎分 \(rate)′ 変わります"
        case .averageOutlier: "外れ値: 除外"
        case let .averageKept(count, rms, mean): "採用した天測 \(count) 個、平均修正差 \(mean)′ のまわりの RMS \(rms)′"
        case .averageOneSight(let sight): "1 つの天測にまとめると:  --sight \"\(sight)\""
        case let .planHeading(twilight, at, from):
            Self.japaneseHeading(twilight, at: at) + (from.map { "  推測位置 " + $0 } ?? "")
        case let .planPolar(twilight, lowest, highest): Self.japanesePolar(twilight, lowest: lowest, highest: highest)
        case .planNoBody: "高度 15°–70° の天体なし"
        case let .planDay(start, end, lowest, highest):
            "推測位置の一日（地方平時）: \(start) から \(end)、太陽高度 \(lowest)° から \(highest)°"
        case .planEvent(let event): Self.japaneseEvent(event)
        case .planNoneThatDay(let events): "この日はなし: " + events.map(Self.japaneseEvent).joined(separator: "、")
        case .planNoDaytimeFix: "昼間の位置: なし（太陽と月または金星が、ともに高度 10° 以上で方位差 45°–135° になりません）"
        case .planDaytimeFixes: "昼間の位置（ともに高度 10° 以上、方位差 45°–135°）:"
        case let .planOpportunity(body, start, end, best, sunAzimuth, bodyAzimuth, apart):
            "Sun–\(body)  \(start) から \(end)、最適 \(best)（Sun \(sunAzimuth)°、\(body) \(bodyAzimuth)°: 方位差 \(apart)°）"
        case .planLegend: "1–4: 推奨する組（選んだ順）: 明るさと、地平線まわりの方位の広がりを合わせて選んでいます"
        case let .weatherHeader(place, fetched, minutes): "\(place) の予報、\(fetched) 取得（\(minutes) 分前）"
        case .weatherTemperature(let t): "気温 \(t)"
        case .weatherSunLine(_, _, .day?): "今日は日の出も日の入りもありません: 白夜（太陽は沈みません）"
        case .weatherSunLine(_, _, .night?): "今日は日の出も日の入りもありません: 極夜（太陽は昇りません）"
        case let .weatherSunLine(rise, set, nil):
            (rise.map { "日の出 " + $0 } ?? "今日は日の出なし") + "、" + (set.map { "日の入り " + $0 } ?? "日の入りなし")
        case .weatherNoQuarterHours(let hour):
            "\(Self.japaneseSpan(hour)): この地点は 15 分ごとの予報がありません（下の 12 時間が最良の予報です）"
        case let .weatherAmounts(hour, amounts): "\(Self.japaneseSpan(hour))（mm）: " + amounts
        case .weatherNoRain: "降水なし"
        case .weatherNoValues: "値なし"
        case let .weatherComing(kind, start, end, minutes, peak, intensity, falling):
            falling ? "\(UIMessage.japaneseFall(kind ?? .rain))が降っています（\(end) まで、最大 \(peak) mm/h、\(Self.japaneseIntensity(intensity))）"
                : "\(start) から \(UIMessage.japaneseDuration(minutes))の\(UIMessage.japaneseFall(kind ?? .rain))、最大 \(peak) mm/h（\(Self.japaneseIntensity(intensity))）"
        case let .nowReport(utc, markTime, unix, local):
            "UTC        \(utc)\nマーク時刻 \(markTime)\nUnix 時刻  \(unix)\n現地       \(local)"
        case .marsReport(let message): message.japanese
        case .marsUsage(let usage): usage.japanese
        case let .inputRefused(error, source): InputMessage.japanese(error, source: source)
        case .placeNote(let note): PlaceMessage.japanese(note)
        case .placeNoteLine(let note): "注意: " + PlaceMessage.japanese(note)
        case .placeRefused(let refusal): refusal.japanese
        case let .positionRefused(error, source): "\(source): " + OptionMessage.japanese(error)
        case let .sightShape(number, text):
            "--sight \(number)「\(text)」: 「天体, Hs, ISO 時刻」の形で書いてください（例「Sun LL, 43 23.8, 2024-03-21T10:02:40Z」）"
        case .sightConditionRefused(let refusal): refusal.option + ": " + OptionMessage.japanese(refusal)
        case .callNote(let note): OptionMessage.japanese(note)
        case .callNoteLine(let note): "注意: " + OptionMessage.japanese(note)
        case .hereNeedsPosition:
            "「here」には位置が必要です: gpsd で測位するか、設定ファイルに marks.position を書くか"
                + "（例 position = \"51.5074, -0.1278\"。場所は `timedeck config path`）、場所の名前を指定してください。"
        case let .localNotAZone(query, zone):
            "「\(query)」はこのマシンのタイムゾーンですが、TZ=\"\(zone)\" は通話に使える tz ゾーン名ではありません。"
                + "都市名か Europe/Paris のようなゾーンを指定してください。"
        }
    }

    static func japaneseLabel(_ row: CompassRow) -> String {
        switch row {
        case .trueAzimuth: "真方位"
        case .compass: "コンパス方位"
        case .error: "コンパス誤差"
        case .variation: "偏差"
        case .deviation: "自差"
        case .amplitude: "出没方位角"
        }
    }

    static func japaneseSpan(_ hour: Bool) -> String { hour ? "今後 60 分" : "今後 12 時間" }

    /// The card's and the legend's words: 弱い, 並, 強い.
    static func japaneseIntensity(_ intensity: PrecipitationIntensity) -> String {
        switch intensity {
        case .none: "なし"
        case .light: "弱い"
        case .moderate: "並"
        case .heavy: "強い"
        }
    }

    static func japaneseHeading(_ twilight: SightPlan.Twilight, at: String) -> String {
        switch twilight {
        case .morning: "朝の常用薄明 \(at)"
        case .evening: "夕方の常用薄明 \(at)"
        case .polarNight: "極夜: 一日中星が見えます。太陽が最も高いとき \(at)"
        case .allDayTwilight: "一日中薄明: 太陽が最も低いとき \(at)"
        case .polarDay: "常用薄明なし（太陽は −6° より下がりません）: 太陽の位置の線のみ"
        }
    }

    static func japanesePolar(_ twilight: SightPlan.Twilight, lowest: Double, highest: Double) -> String {
        let span = String(format: "太陽高度は %.1f° から %.1f° の間", lowest, highest)
        switch twilight {
        case .polarNight:
            return "極夜: \(span)で −6° まで上がりません。一日中星が見え、太陽の天測はできません。"
                + "地平線が最も明るい、太陽の最も高いときで計画します"
        case .allDayTwilight:
            return "日の出のない一日中の薄明: \(span)。地平線が見えればいつでも星を測れます。"
                + "太陽の最も低いときで計画します"
        case .polarDay:
            return "常用薄明なし: \(span)で −6° まで下がりません。水平線の見える星はありません。"
                + "太陽の位置の線のみ（月や金星が出ていればそれも）"
        case .morning, .evening:
            return span
        }
    }

    static func japaneseEvent(_ event: DayPlan.Event) -> String {
        switch event {
        case .morningNauticalTwilight: "朝の航海薄明（太陽 −12°）"
        case .morningCivilTwilight: "朝の常用薄明（太陽 −6°）"
        case .sunrise: "日の出"
        case .meridianPassage: "太陽の子午線通過（正午）"
        case .sunset: "日の入り"
        case .eveningCivilTwilight: "夕方の常用薄明（太陽 −6°）"
        case .eveningNauticalTwilight: "夕方の航海薄明（太陽 −12°）"
        case .moonrise: "月の出"
        case .moonset: "月の入り"
        }
    }

    /// `FixRefusal.description` in Japanese: the verdict, what to blame,
    /// and where the least-squares position landed, in the panel's words.
    static func japaneseRefusal(_ r: FixRefusal) -> String {
        let landed = r.fromDeadReckoningNauticalMiles.flatMap { d in
            r.fromDeadReckoningBearingDegrees.map { String(format: "最小二乗解の位置は推測位置から %.0f 海里・方位 %03.0f°", d, $0) }
        }
        var parts: [String]
        switch r.reason {
        case .poorCut(let degrees):
            parts = [String(format: "位置が決まりません: 位置の線がよく交わりません。交角は %.0f° しかありません（%.0f° 未満では位置になりません）。"
                            + "ほかと約 90° 離れた方位の天体を天測してください", degrees, CelestialFix.smallestCrossingDegrees)]
        case .circlesDoNotMeet(let gap):
            parts = [String(format: "位置が決まりません: 位置の圏が交わりません（%.0f 海里離れています）", gap), japaneseBlame(r)]
        case .didNotConverge:
            parts = ["位置が決まりません: 最小二乗解が収束しません（推測位置の近くで位置の線が交わりません）", japaneseBlame(r)]
        case .farFromDeadReckoning:
            parts = [String(format: "位置が決まりません: %@（%.0f 海里を超えています）", landed ?? "位置が推測位置から遠すぎます",
                            CelestialFix.farFromDeadReckoningNauticalMiles),
                     r.bodies.count >= 3 && r.candidates.isEmpty && r.culprit == nil
                        ? "天測どうしは一致しています。天測の日付・タイムゾーン・時計、または推測位置を確かめてください"
                        : japaneseBlame(r),
                     "推測位置が本当にそれほど離れているなら、その位置の近くを推測位置にしてもう一度計算してください"]
        case .sightsDisagree(let worst):
            parts = [String(format: "位置が決まりません: 天測が一致しません（残差 %.1f 海里。%.0f 海里を超える残差は六分儀の誤差ではありません）",
                            worst, CelestialFix.disagreementNauticalMiles), japaneseBlame(r)]
        }
        if case .farFromDeadReckoning = r.reason {} else if let landed { parts.append(landed) }
        return parts.joined(separator: "。")
    }

    /// `FixRefusal.blame` in Japanese; sights named `Vega（天測 1）`.
    static func japaneseBlame(_ r: FixRefusal) -> String {
        let name = { (i: Int) in "\(r.bodies[i])（天測 \(i + 1)）" }
        let list = r.candidates.map(name).joined(separator: "、")
        if let culprit = r.culprit {
            return String(format: "%@ がほかの天測 %d 個による位置から %.1f 海里ずれています。その天体名・Hs・時刻を確かめてください",
                          name(culprit), r.bodies.count - 1, r.culpritMissNauticalMiles ?? 0)
        }
        if r.candidates.count == r.bodies.count, r.bodies.count <= 3 {
            return "\(list) のどれか 1 つが誤っていますが、天測 \(r.bodies.count) 個ではどれかは決められません（4 個あれば決められます）。"
                + "それぞれの天体名・Hs・時刻を確かめてください"
        }
        if !r.candidates.isEmpty {
            return "\(list) のどれか 1 つが誤っています（どれを除いても残りは一致します）。その天体名・Hs・時刻を確かめてください"
        }
        return "1 つの天測では説明できません（2 つ以上が誤っているか、時計か推測位置の誤りです）。すべての天測を確かめてください"
    }
}
