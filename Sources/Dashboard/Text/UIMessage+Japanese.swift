import TimeKit
extension UIMessage {
    /// The message in Japanese. Arguments that are data (paths, names,
    /// times, user notes) are inserted as they are.
    var japanese: String {
        switch self {
        case .verbatim(let text): text
        case .text(let text): text.japanese
        case .command(let message): message.japanese
        case .panelSection(let panel): "\(Self.japanesePanelName(panel))パネル（Tab で選択）"
        case .panelSectionIdle(let panel): "\(Self.japanesePanelName(panel))パネル（表示する内容がない間は Tab で選択されません）"
        case let .snapshotSaved(path, copied): "スナップショットを保存: \(path)" + (copied ? "（クリップボードにも渡しました）" : "")
        case .savedTo(let path): "保存先 \(path)"
        case .settingNotSaved(let problem): "保存できません: " + problem.japanese
        case .snapshotNotSaved(let problem): "スナップショットを保存できません: " + problem.japanese
        case let .configUnusable(path, problem, advice): "設定ファイル \(path) を使えません（\(problem)）。すべて既定値で動きます（\(advice)）"
        case let .configHasProblems(path, problems):
            "設定ファイル \(path) に問題が \(problems.count) 件。その項目だけ既定値を使います: "
                + problems.joined(separator: "; ") + "（直し方は timedeck config check）"
        case let .localZoneProblem(.countsLeapSeconds(tz, seconds)):
            "TZ=\"\(tz)\" はうるう秒を数えるゾーンです。timedeck はその時差で常用時を表示しますが、"
                + "date や C ライブラリはこれまでのうるう秒の分（\(seconds) 秒）遅れた時刻を表示します。"
                + "それらと合わせるには right/ を付けないゾーン名を使ってください"
        case .localZoneProblem(.unknownZone(let tz)):
            "TZ=\"\(tz)\" は timedeck の知らないタイムゾーンなので、現地時刻は UTC です。"
                + "TZ に Europe/Paris のようなゾーン名を設定するか（timedeck places search で探せます）、設定を外して /etc/localtime を使ってください"
        case let .enlargeTerminal(minimum, now): "端末を広げてください。最小 \(minimum)（現在 \(now)）。q で終了。"
        case .focusPanel(let panel): "選択中: \(Self.japanesePanelName(panel))パネル。"
        case let .dateWithWeekday(date, weekday): "\(date) (\(weekday))"
        case let .settingValue(title, value): "\(title.ja): \(value)。"
        case .noteFor(let id): id.map { "メモ #\($0): " } ?? "保留中のマークのメモ: "
        case .confirmClear(let count): "マーク \(count) 件をすべて削除しますか? "
        case .newestLoaded(let count): "（最新 \(count) 件を読み込み）"
        case let .marksToggles(bell, flash): "ベル \(bell ? "オン" : "オフ") · 点滅 \(flash ? "オン" : "オフ")"
        case .watchCorrection(let seconds): "時計誤差 \(seconds)"
        case .bellForNewMarks(let on): "新しいマークのベル \(on ? "オン" : "オフ")（設定: marks.bell）。"
        case .flashForNewMarks(let on, let heldOff):
            "新しいマークの点滅 \(on ? "オン" : "オフ")（設定: marks.flash）\(heldOff ? "（動きを減らす設定により表示しません）" : "")。"
        case .keptAllMarks(let count): "マーク \(count) 件をすべて保持しました。"
        case .notesAreAtMost(let limit): "メモは最大 \(limit) 文字です。"
        case let .markNotSaved(reason, markTime, iso): "\(markTime) マーク未保存（\(reason.text(.ja))）\(iso)、書き留めてください"
        case let .heldInJournal(markTime, more, reason):
            "\(markTime) ジャーナルに保留\(more > 0 ? "（+\(more)）" : ""): \(reason.text(.ja))"
        case let .stampedAfterStop(markTime, count, seconds):
            "時刻の遅れ: \(markTime)\(count > 1 ? "（+\(count - 1)）" : "") は停止後に読んだキーです。最大 \(seconds) 秒前に押された可能性があります"
        case let .storeReadOnly(path, journalWritable, advice):
            journalWritable
                ? "ストアは読み取り専用です（\(path)）。書き込めるようになるまで新しいマークはジャーナルに保持します — \(advice)"
                : "ストアとそのフォルダーは読み取り専用です。新しいマークは保存できません — \(advice)"
        case let .storeFileChanged(deleted, path):
            "データベースが使用中に\(deleted ? "削除" : "置き換え")されました。新しいマークは \(path) に保存されるまでジャーナルに保持します"
        case let .journalLinesQuarantined(count, path):
            "ジャーナルの \(count) 行を取り込めませんでした。理由とともに \(path) に移しました"
        case .noteSaved(let id): "#\(id) のメモを保存しました（u で元に戻す）。"
        case let .markDeleted(id, markTime): (id.map { "#\($0)" } ?? "保留中のマーク") + " \(markTime) を削除しました（u で元に戻す）。"
        case .markRestored(let id): "#\(id) を元に戻しました。"
        case .marksRestored(let count): "マーク \(count) 件を元に戻しました。"
        case .marksCleared(let count): "マーク \(count) 件を消去しました（u で元に戻す）。"
        case .storeError(let reason): "保存エラー: \(reason.text(.ja))"
        case .callNotSaved(let problem): "保存できませんでした: \(problem.text(.ja))"
        case .callsUnreadable(let problem): "通話を読めません（\(problem.text(.ja))）。変更は保存されません。"
        case .marsChoicesNotSaved(let problem): "火星パネルの選択を保存できません: \(problem.text(.ja))"
        case let .markRecorded(id, markTime, iso, position): "マーク #\(id) を記録: \(markTime)、\(iso)、\(position)。"
        case let .teamStatus(online, toSend):
            online ? "チーム: 接続中" + (toSend > 0 ? "、送信待ち \(toSend) 件" : "") : "チーム: オフライン、送信待ち \(toSend) 件"
        case .teamRefused(let count): "サーバーが \(count) 件を拒否（timedeck team status）"
        case let .teamStationShared(station, marks, example):
            "局 \(station) は別のフォルダーでも使われています: このフォルダーにないマーク \(marks) 件（例: \(example)）。フォルダーごとに別の team.station を設定してください"
        case let .teamMarkArrived(station, markTime, iso): "局 \(station) のマーク: \(markTime)、\(iso)。"
        case .typedNote(let text):
            "入力: \(text.isEmpty ? "（空）" : UIMessage.withoutTrailingSpaces(text))"
                + UIMessage.trailingSpaces(text, one: "スペース", many: { "スペース \($0) 個" }, separator: "、")
        case let .typeNote(id, current): (id.map { "マーク #\($0)" } ?? "保留中のマーク") + " のメモを入力。Enter で保存、Esc で取り消し、Ctrl-Space で記録。現在のメモ: \(current)"
        case .confirmClearSpoken(let count): "マーク \(count) 件をすべて削除しますか? y で削除、他のキーで保持します。"
        case .clockSynced(let error): "時計は同期済み ±\(error)（カーネル）"
        case .clockNotSynchronized: "時計は未同期（カーネル）"
        case .clockUnknown: "時計の状態は不明（adjtimex 利用不可）"
        case let .gpsOffset(offset, method):
            "、GPS \(offset) " + (method == .tpv ? "（NMEA、粗い）" : method == .toff ? "（TOFF）" : "（PPS）")
        case .gpsdConnecting(let address): "gpsd \(address): 接続中"
        case let .gpsdUnavailable(address, reason): "gpsd \(address): 利用不可（\(reason)）"
        case .gpsdNoReport(let address): "gpsd \(address): 接続済み、報告待ち"
        case let .gpsdFix(address, mode, satellites):
            "gpsd \(address): " + (mode == 3 ? "3D 測位" : mode == 2 ? "2D 測位" : "測位なし") + (satellites.map { "、衛星 \($0) 個" } ?? "")
        case .positionFixed(let place): "\(place)（固定）"
        case let .positionGPSD(place, mode, age): "\(place)（gpsd \(Self.japaneseMode(mode))、\(age)）"
        case let .positionStale(place, mode, age): "古い測位、\(age): \(place)（gpsd \(Self.japaneseMode(mode))）"
        case .noGPSFixGPSD: "GPS 測位なし（gpsd）"
        case let .fixAge(seconds, afterMark): afterMark ? "マークの \(seconds) 後の測位" : "\(seconds) 前"
        case .fixAgeUnknown: "経過時間不明"
        case .minutes(let minutes): "\(minutes) 分"
        case let .callOf(index, count): "（\(index)/\(count) 件目）"
        case .callFrom(let place): "\(place)からの通話"
        case .deleteCallQuestion(let name): "「\(name)」を削除しますか? "
        case .callSaved(let name): "「\(name)」を保存しました。"
        case .storeWritesWaiting: "まだ保存していません: 別のプログラムがデータベースを使用中です。空きしだい保存します"
        case .storeWritesSaved(let count): "データベースを待っていた変更 \(count) 件を保存しました"
        case .callDeleted(let name): "「\(name)」を削除しました。"
        case let .leastBadTime(places, minutes):
            "24 時間以内に全員の夜明け前を避けられる時刻はありません。夜明け前が最も短い時刻です（"
                + zip(places, minutes).map { "\($0) \($1) 分" }.joined(separator: "、") + "）。"
        case let .bestInNext24Hours(good, of): "今後 24 時間の最適時刻: \(of) か所中 \(good) か所が勤務時間内。"
        case let .clocksChange(weekday, date, minutes):
            "⚠ 時刻変更 \(date)（\(weekday)）（\(minutes > 0 ? "+" : "−")\(abs(minutes)) 分）"
        case let .marsSol(sol, clock): "ソル \(sol) \(clock) LMST"
        case let .morePlaces(n): "  … ほか \(n) か所：端末を高くするかパネルを隠すと表示されます"
        case let .callStartsIn(name, minutes, times):
            (minutes == 0 ? "「\(name)」が始まります" : "「\(name)」まであと \(Self.japaneseSpan(minutes: minutes))")
                + (times.isEmpty ? "" : " · \(times)")
        case let .nextCallIn(name, minutes):
            minutes == 0 ? "次: \(name) 開始" : "次: \(name) あと \(Self.japaneseSpan(minutes: minutes))"
        case let .reminderLabel(minutes, isDefault):
            (minutes.map { "\(Self.japaneseSpan(minutes: $0))前に通知" } ?? "通知なし") + (isDefault ? "（既定）" : "")
        case .cannotReadTime(let text):
            "「\(text)」を読めません: 2027-03-15 14:00、tomorrow 09:00、+3d、-1w、+2h、2027-03-15T14:00Z の形で"
        case let .movedTo(local, place): "\(place)時間の \(local) に移動しました。"
        case .movedToSkipped(let local): "その時刻は現地に存在しません（時計が進む）。\(local) に移動しました。"
        case .movedToRepeated(let local): "その時刻は現地で 2 回あります。1 回目の \(local) に移動しました。"
        case let .plainCall(name, at, rows): "通話「\(name)」\(at): \(rows)。"
        case let .plainCallRow(place, weekday, time, dayOffset, offset, period, bad):
            "\(place): \(weekday) \(time)" + (dayOffset == 0 ? "" : "（\(dayOffset > 0 ? "+" : "")\(dayOffset) 日）")
                + " \(offset)、\(period.japanese)" + (bad ? "、不適" : "")
        case let .plainMarsCallRow(place, sol, clock, period, bad):
            "\(place): ソル \(sol) \(clock) LMST、\(period.japanese)" + (bad ? "、不適" : "")
        case let .plainMars(site, longitude, lmst, ltst, missionSol):
            "火星: " + (site.map { "\($0)、" } ?? "") + "経度 \(longitude)、LMST \(lmst)、LTST \(ltst)"
                + (missionSol.map { "、ミッションソル \($0)。" } ?? "。")
        case let .plainEditorOpened(name, isNew, places):
            (isNew ? "新しい通話「\(name)」。" : "通話「\(name)」を編集中。") + UIMessage.plainPlaces(places).japanese
                + "キー: a 追加、c 変更、x 削除、J と K で移動、s 発信元にする、r 名前の変更、"
                + "t 時間、m 通知、P 参加者、D 通話を削除、Enter で保存、Esc で取り消し。"
        case .plainEditorClosed(let name): "通話「\(name)」の編集を閉じました。"
        case .plainPlaces(let places):
            "場所: " + places.enumerated().map { i, place in
                "\(i + 1). \(place)" + (i == 0 ? UIText.plainSource.japanese : "")
            }.joined(separator: "、") + "。"
        case let .plainPlaceAdded(place, position, count): "\(place) を追加しました（\(count) か所中 \(position) 番目）。"
        case let .plainPlaceRemoved(place, left): "\(place) を削除しました。残りは \(left) か所です。"
        case let .plainPlaceMoved(place, position):
            "\(place) を \(position) 番目" + (position == 1 ? UIText.plainSource.japanese : "") + "に移動しました。"
        case let .plainPlaceChanged(from, to): "\(from) を \(to) に変更しました。"
        case let .plainPlaceSelected(place, position, count, people):
            "\(count) か所中 \(position) 番目: \(place)" + (position == 1 ? UIText.plainSource.japanese : "")
                + (people.isEmpty ? "。" : "、参加者: \(people)。")
        case .plainCallName(let name): "通話の名前: \(name)。"
        case .plainDuration(let minutes): minutes.map { "時間: \($0) 分。" } ?? "時間の指定なし。"
        case let .plainReminder(minutes, isDefault):
            (minutes.map { "通知: 開始 \(Self.japaneseSpan(minutes: $0))前" } ?? "通知なし") + (isDefault ? "（calls.remind の設定）。" : "。")
        case let .plainPeople(place, people):
            people.isEmpty ? "\(place) の参加者は指定されていません。" : "\(place) の参加者: \(people)。"
        case .plainAskDelete(let name): "通話「\(name)」を削除しますか? y で削除、n か Esc で残します。"
        case let .plainPickerOpened(replacing, query):
            (replacing ? "場所を変更: " : "場所を追加: ")
                + "入力して検索（検索語: \(query.isEmpty ? "空" : query)）。上下キーで選択、Enter で確定、Esc で閉じます。"
        case .plainTyped(let text):
            "入力: \(text.isEmpty ? UIText.plainEmpty.japanese : UIMessage.withoutTrailingSpaces(text))"
                + UIMessage.trailingSpaces(text, one: "スペース", many: { "スペース \($0) 個" }, separator: "、")
        case .themeForcedMono(let saved): "mono（NO_COLOR、保存 \(saved)）"
        case let .plainResults(count, shown):
            "候補 \(count) 件: \(shown.joined(separator: "、"))\(count > shown.count ? "、…" : "")。"
        case let .plainResultChosen(place, position, count): "候補 \(count) 件中 \(position) 番目: \(place)。"
        // A Mars site's Japanese label already says 火星.
        case .matchOldZoneName(let name): "旧名 \(name)"
        case .matchMarsAlias(let alias): "火星の地点、別名「\(alias)」"
        case let .plainResultPlace(label, zone, match): "\(label)（\(zone ?? "LMST")）" + (match.map { "、\($0)" } ?? "")
        case let .plainFieldOpened(field, text):
            "\(field.japanese): \(text.isEmpty ? UIText.plainEmpty.japanese : text)。入力して Enter で確定、Esc で閉じます。"
        case let .unknownMarsSite(name, suggestions):
            "設定 mars.site の「\(name)」は既知の地点ではありません（候補: \(suggestions)）"
        case .marsChoicesNotRemembered(let error): "火星パネルの選択は記憶されません: \(error)"
        case let .marsSiteNameTaken(site, taken): "設定の火星地点 \(site) は使いません: \(taken) が同じ名前です"
        case let .marsCallMoved(sol, time, place, utc): "通話を \(place) のソル \(sol) \(time) に移動しました: \(utc)"
        case .marsGoToUnreadable(let typed): "「\(typed)」を読めません。ソルと時刻を入力してください（例 1700 13:00、真太陽時は ltst を付ける）"
        case let .marsGoToBeforeMission(site, first): "\(site) のソルは \(first) から数えます。\(first) 以降を指定してください"
        case let .marsGoToOutsideCalls(sol, year): "ソル \(sol) は \(year) 年です。通話は 1972〜2199 年の範囲でのみ移動できます"
        case let .marsGoToNotOnSol(time, sol): "\(time) はソル \(sol) にありません（ソルの変わり目で飛びます）。前後のソルを試してください"
        case .marsGoToField(let text): "ソルと時刻へ移動: \(text)▏"
        case let .leapListMissing(path, seconds, builtIn):
            "うるう秒リストが見つかりません: \(path)。" + Self.japaneseUsing(seconds, builtIn)
        case let .leapListUnreadable(path, reason, seconds, builtIn):
            "うるう秒リスト \(path) を読めません（\(reason)）。" + Self.japaneseUsing(seconds, builtIn)
        case let .leapListExpired(day, seconds, builtIn):
            "うるう秒リストの期限切れ（\(day)）。" + Self.japaneseUsing(seconds, builtIn)
        case let .sightUnknownBody(typed, close): "「\(typed)」は天測暦の天体ではありません（近い名前: \(close)）"
        case .sightLookingAmongBrighterStars(let typed): "「\(typed)」を明るい恒星の中から探しています…"
        case .sightsBrighterStarsUnreadable(let problem):
            "明るい恒星の表を読み込めません（\(InertText.display(problem))）。その天測はここでは計算されません。"
                + "TIMEDECK_RESOURCES に Resources フォルダを設定してください"
        case .sightBadAltitude(let typed):
            "Hs「\(typed)」は 0°〜90° の高度ではありません。43 23.8、43-23.8 または 43.3967 の形で入力してください"
        case let .sightBelowHorizon(body, altitude):
            "\(body) はマークの時刻に推測位置から見て地平線の下です（計算高度 \(altitude)）。天体と推測位置を確かめてください"
        case let .sightStoring(id, body): "#\(id) に \(body) を保存中…"
        case let .sightStored(id, body): "天測を保存しました: #\(id) の \(body)。"
        case .sightMarkGone(let id): "マーク #\(id) は削除されたため、天測は保存されませんでした。"
        case let .sightRemoved(id, body): "#\(id) の天測（\(body)）を外しました。u で元に戻せます。"
        case .sightNoneToRemove(let id?): "マーク #\(id) には外す天測がありません。"
        case .sightNoneToRemove(nil): "マークが選択されていません。マークパネルで選んでから、ここで x を押してください。"
        case let .sightsSheetWritten(path, fix, lines):
            "位置記入用紙を保存しました（\(fix ? "位置あり、" : "位置なし、")位置の線 \(lines) 本）: \(path)"
        case .sightsSheetNotWritten(let problem): "位置記入用紙を保存できません: " + problem.japanese
        case let .sightNotStored(id, problem): "#\(id) の天測を保存できません: \(problem.text(.ja))"
        case .sightCannotReduce(let body): "\(body) はその時刻では計算できません（天測暦の範囲外）"
        case let .sightsSpread(rms, ellipse, axis):
            "残差 RMS \(rms) 海里" + (ellipse.map { " · 1σ 誤差楕円 \($0) 海里（長軸 \(axis ?? "")）" } ?? "")
        case let .sightsDisagree(body, miles): "\(body) がほかの天測による位置から \(miles) 海里ずれています。天体名・Hs・時刻を確かめてください"
        case let .sightsPoorCut(degrees, least):
            "位置が決まりません: 位置の線の交角が \(degrees) しかありません（\(least) 未満）。ほかと約 90° 離れた方位の天体を加えてください"
        case .sightsCirclesApart(let miles): "位置が決まりません: 位置の圏が交わりません（\(miles) 海里離れています）"
        case let .sightsFarFromDeadReckoning(miles, bearing, limit):
            "位置が決まりません: 推測位置から \(miles) 海里・方位 \(bearing) です（\(limit) 海里を超えています）"
        case let .sightsDisagreeBy(miles, limit): "位置が決まりません: 天測が一致しません（残差 最大 \(miles) 海里、\(limit) 海里を超えています）"
        case .sightsCandidates(let bodies): "\(bodies) のどれか 1 つが誤っていますが、どれかは決められません。天体名・Hs・時刻を確かめてください"
        case let .sightsFromDeadReckoning(miles, bearing): "推測位置から \(miles) 海里・方位 \(bearing)"
        case let .sightsOneLine(through, direction): "位置の線 1 本（位置ではありません）: \(through) を通り \(direction) の向き"
        case let .sightsClockDoubt(seconds?, arcminutes, miles):
            "時計が同期されていません（推定誤差 \(seconds) 秒）: 経度が \(arcminutes)′（東西に \(miles) 海里）ずれているかもしれません"
        case .sightsClockDoubt(nil, _, _): "時計が同期されていません（誤差不明）: 経度はその時計の精度しかありません"
        case let .sightsRoundLeftOut(used, total): "この回の天測 \(total) 個のうち新しい \(used) 個で位置を出しています"
        case .sightsFix(let position): "天測位置 \(position)"
        case let .sightsDeadReckoning(position, source): "推測位置 \(position)（\(source)）"
        case let .sightsDayAhead(morning, noon, evening):
            "この先の天測（UTC）: " + [morning.map { "薄明 \($0)" }, noon.map { "正午 \($0)" },
                                  evening.map { "薄明 \($0)" }].compactMap { $0 }.joined(separator: " · ")
        case let .sightIntercept(miles, toward, azimuth): "\(miles) 海里 \(toward ? "T" : "A")  方位 \(azimuth)"
        case let .sightEntryField(id?, _, text): "#\(id) の天測（天体, Hs）: \(text)▏"
        case let .sightEntryField(nil, true, text): "保留中のマークの天測（天体, Hs）: \(text)▏"
        case let .sightEntryField(nil, false, text): "天測（天体, Hs）: \(text)▏"
        case let .plainKeyTyped(c): c == " " ? "スペース" : c
        case let .plainKeyErased(c): (c == " " ? "スペース" : c) + " を削除"
        case .sightCompletions(let names): "Tab 補完: \(names)"
        case let .plainSight(id, body, miles, toward, azimuth):
            "天測 #\(id) \(body): 修正差 \(miles) 海里 \(toward ? "向かう側" : "離れる側")、方位 \(azimuth)。"
        case .plainFix(let position): "天測位置 \(position)。"
        case .weatherOff(let host): "天気はオフです（オンにすると位置を \(host) に送信します）。e でオン"
        case .weatherAsking(let host): "\(host) に予報を問い合わせ中…"
        case let .weatherRainFrom(time, minutes, peak): "\(time) から \(Self.japaneseDuration(minutes))の雨、最大 \(peak) mm/h"
        case let .weatherRainNow(until, peak): "雨が降っています（\(until) まで、最大 \(peak) mm/h）"
        case .weatherAge(let minutes): "\(Self.japaneseAge(minutes))前の予報"
        case let .weatherStale(minutes, problem): "\(Self.japaneseAge(minutes))前の予報: \(Self.japaneseProblem(problem))"
        case let .weatherForecastFor(place, km): "\(km) km 離れた \(place) の予報"
        case let .weatherFallsFrom(kind, time, minutes, peak):
            "\(time) から \(Self.japaneseDuration(minutes))の\(Self.japaneseFall(kind))、最大 \(peak) mm/h"
        case let .weatherFallsNow(kind, until, peak): "\(Self.japaneseFall(kind))が降っています（\(until) まで、最大 \(peak) mm/h）"
        case .weatherNoForecast(let problem): "予報なし: \(Self.japaneseProblem(problem))"
        case let .weatherWind(degrees, speed, gusts, knots):
            "風 " + (degrees.map { "\(CompassPoint.japanese($0)) \(CompassPoint.degreesText($0)) " } ?? "")
                + (speed.map { "\($0) \(knots ? "ノット" : "km/h")" } ?? "–") + (gusts.map { "、最大瞬間 \($0)" } ?? "")
        case .weatherChance(let percent): "降水確率 最大 \(percent)%"
        case let .weatherHighLow(high, low): "今日の最高 \(high)、最低 \(low)"
        case let .weatherSun(rise, set):
            (rise.map { "日の出 \($0)" } ?? "日の出なし") + "、" + (set.map { "日の入り \($0)" } ?? "日の入りなし")
        }
    }

    static func japaneseUsing(_ seconds: Int, _ builtIn: Bool) -> String {
        "\(seconds) 秒を使用" + (builtIn ? "（内蔵の表）" : "")
    }

    /// `23 分`, `2 時間 5 分`, `3 日 4 時間`.
    static func japaneseSpan(minutes: Int) -> String {
        if minutes < 60 { return "\(minutes) 分" }
        if minutes < 24 * 60 { return minutes % 60 == 0 ? "\(minutes / 60) 時間" : "\(minutes / 60) 時間 \(minutes % 60) 分" }
        let d = minutes / 1440, h = (minutes % 1440) / 60
        return h == 0 ? "\(d) 日" : "\(d) 日 \(h) 時間"
    }

    static func japaneseMode(_ mode: Int?) -> String {
        switch mode {
        case 3?: "3D"
        case 2?: "2D"
        case 1?: "測位なし"
        default: "モード不明"
        }
    }

    /// `42 分`, `3 時間`.
    static func japaneseAge(_ minutes: Int) -> String { minutes < 120 ? "\(minutes) 分" : "\(minutes / 60) 時間" }

    /// `30 分間`, `5 時間`, `1 時間 30 分間`.
    static func japaneseDuration(_ minutes: Int) -> String {
        guard minutes >= 90 else { return "\(minutes) 分間" }
        return "\(minutes / 60) 時間" + (minutes % 60 == 0 ? "" : " \(minutes % 60) 分間")
    }

    /// Why a forecast could not be had, in Japanese. Details in English from
    /// the parser are left out; the server's own reason is shown as sent.
    static func japaneseProblem(_ problem: WeatherProblem) -> String {
        switch problem {
        case .timedOut(let s): "\(s) 秒以内に応答がありません"
        case .unreachable: "サーバーに接続できません"
        case let .httpStatus(code, reason): "サーバーの応答 HTTP \(code)" + (reason.map { ": \($0)" } ?? "")
        case .tooLarge: "応答が大きすぎます"
        case .malformed: "応答を読めません"
        case .serverRefused(let reason): "サーバーの返答「\(reason)」"
        case .missingField(let name): "応答に \(name) がありません"
        case .unequalLengths(let block): "\(block) の値と時刻の数が合いません"
        case .badValue: "ありえない値があります"
        case .otherPlace(let km): String(format: "応答は %.0f km 離れた地点のものです", km)
        case .notUTC: "応答の時刻が UTC ではありません"
        case .unexpectedUnits(let unit): "想定外の単位 \(unit)"
        case .allInPast: "予報の時刻がすべて過去です"
        case .noPosition: "問い合わせる位置がありません"
        case .tlsRefused(let why): japaneseTLSRefusal(why)
        case .addressRefused(let url, _):
            "weather.url「\(url)」は使えません: 何も送信しません。timedeck config set weather.url で直してください"
        }
    }

    /// A refused https connection, in Japanese; libcurl's English words
    /// are left out.
    static func japaneseTLSRefusal(_ why: TLSRefusal) -> String {
        switch why {
        case .expired: "サーバーの証明書の期限が切れています。サーバーで更新してください"
        case .notYetValid: "サーバーの証明書はまだ有効ではありません。この計算機の時計と証明書の開始日を確かめてください"
        case .unknownAuthority:
            "サーバーの証明書は信頼する CA の署名ではありません。独自の CA なら timedeck config set weather.ca_file でその PEM ファイルを指定してください"
        case .wrongHost(let host): "サーバーの証明書は \(host) のものではありません。weather.url のホスト名を確かめてください"
        case .caFileUnusable(let path, _): "weather.ca_file \(path) を使えません。timedeck config check で確かめてください"
        case .other: "安全な接続に失敗しました"
        }
    }

    static func japanesePanelName(_ panel: PanelID) -> String {
        switch panel {
        case .marks: "マーク"
        case .mars: "火星"
        case .calls: "通話"
        case .sights: "天測"
        case .weather: "天気"
        }
    }
}

extension UIMessage {
    /// What falls, in Japanese.
    static func japaneseFall(_ kind: PrecipitationType) -> String {
        switch kind {
        case .snow: "雪"
        case .showers: "にわか雨"
        case .mixed: "みぞれ"
        case .rain, .none: "雨"
        }
    }
}
