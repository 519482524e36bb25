import Foundation

/// The language of the interface. Code is written with English strings;
/// `localized(_:)` looks each one up in the table for the language, falling
/// back to the English text, so a missing translation is never a blank.
public enum UILanguage: String, CaseIterable, Equatable, Sendable {
    case en
    case ja

    /// The language for a config choice ("auto", "en", "ja") and the locale
    /// environment: with "auto", the first of LC_ALL, LC_MESSAGES, LANG that is
    /// set decides (`ja_JP.UTF-8` → Japanese).
    public static func resolve(setting: String, environment: [String: String]) -> UILanguage {
        if let chosen = UILanguage(rawValue: setting) { return chosen }
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            return value.lowercased().hasPrefix("ja") ? .ja : .en
        }
        return .en
    }

    /// `text` in this language.
    public func localized(_ text: String) -> String {
        switch self {
        case .en: return text
        case .ja: return Translations.japanese[text] ?? text
        }
    }

    /// `text` translated with its surrounding spaces kept, and padded or
    /// trimmed at the end to the same display width, so that translated
    /// labels keep table columns aligned.
    public func localizedKeepingWidth(_ text: String) -> String {
        guard self != .en else { return text }
        let leading = String(text.prefix { $0 == " " })
        let rest = text.dropFirst(leading.count)
        let core = String(rest.reversed().drop { $0 == " " }.reversed())
        guard !core.isEmpty, let translated = Translations.japanese[core] else { return text }
        let width = DisplayWidth.of(text)
        var out = leading + translated
        let outWidth = DisplayWidth.of(out)
        if outWidth < width { out += String(repeating: " ", count: width - outWidth) }
        if rest.count > core.count, outWidth >= width { out += " " }
        return out
    }

    /// Known phrases inside a composed line translated in place (whole
    /// words only, longest phrase first). For interface text only, never for
    /// user data such as notes.
    public func localizedPhrases(_ text: String) -> String {
        guard self == .ja else { return text }
        var out = text
        for (english, japanese) in Translations.phrasesLongestFirst {
            var searchStart = out.startIndex
            while let range = out.range(of: english, range: searchStart..<out.endIndex) {
                if !Self.isWordBoundary(out, before: range.lowerBound) || !Self.isWordBoundary(out, after: range.upperBound) {
                    searchStart = range.upperBound
                    continue
                }
                out.replaceSubrange(range, with: japanese)
                searchStart = out.index(range.lowerBound, offsetBy: japanese.count, limitedBy: out.endIndex) ?? out.endIndex
            }
        }
        return out
    }

    /// Whether a phrase may end at `index`: not inside a word, and not in a
    /// dotted name such as `marks.bell` (a dot counts only before a space).
    static func isWordBoundary(_ text: String, after index: String.Index) -> Bool {
        guard index < text.endIndex else { return true }
        let c = text[index]
        if c.isLetter || c == "_" { return false }
        if c == ".", let next = text.index(index, offsetBy: 1, limitedBy: text.endIndex), next < text.endIndex {
            return !(text[next].isLetter || text[next] == "_")
        }
        return true
    }

    /// Whether a phrase may start at `index` (see `isWordBoundary(_:after:)`).
    static func isWordBoundary(_ text: String, before index: String.Index) -> Bool {
        guard index > text.startIndex else { return true }
        let c = text[text.index(before: index)]
        if c.isLetter || c == "_" { return false }
        if c == ".", text.index(before: index) > text.startIndex {
            let previous = text[text.index(before: text.index(before: index))]
            return !(previous.isLetter || previous == "_")
        }
        return true
    }

    /// Short weekday name for an ISO weekday (1 = Monday).
    public func weekday(_ isoWeekday: Int) -> String {
        let index = max(1, min(7, isoWeekday)) - 1
        switch self {
        case .en: return ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][index]
        case .ja: return ["月", "火", "水", "木", "金", "土", "日"][index]
        }
    }
}

/// Japanese for the interface's English strings. Panels add their strings
/// here; keys are the exact English text used in the code.
enum Translations {
    /// Phrases found inside composed status lines (see `localizedPhrases`).
    static let phrases: [String: String] = [
        "clock NOT synchronized": "時計は未同期",
        "clock synced": "時計は同期済み",
        "(kernel)": "（カーネル）",
        "unavailable": "利用不可",
        "connection refused": "接続拒否",
        "no fix": "測位なし",
        "stale fix": "古い測位",
        "bell on": "ベル オン", "bell off": "ベル オフ",
        "flash on": "点滅 オン", "flash off": "点滅 オフ",
        "watch": "時計誤差",
        "Space mark": "Space 記録",
        "select": "選択", "note": "メモ", "delete": "削除", "undo": "取り消し",
        "clear": "全消去", "bell": "ベル", "flash": "点滅",
        "Note for": "メモ:",
        "Enter saves": "Enter 保存", "Esc cancels": "Esc 取り消し",
        "Delete all": "全て削除:", "marks?": "件?", "mark?": "件?",
        "y deletes": "y で削除", "u undoes": "u で元に戻す", "any other key keeps them": "他のキーで保持",
        "newest": "最新", "loaded": "件を読み込み",
        // Marks messages and details
        "No mark to annotate: press Space to record one.": "メモを付けるマークがありません。Space で記録します。",
        "No mark to delete.": "削除するマークがありません。",
        "Nothing to undo.": "取り消すものはありません。",
        "No marks to clear.": "消去するマークがありません。",
        "Note not changed.": "メモは変更されていません。",
        "for new marks": "（新しいマーク）",
        "Bell": "ベル", "Flash": "点滅", "on": "オン", "off": "オフ",
        "Kept all": "保持:", "marks": "件", "marks.": "件。",
        "MARK NOT SAVED": "マーク未保存", "write it down": "書き留めてください",
        "Note saved on": "メモを保存:", "(u undoes)": "(u で元に戻す)",
        "Deleted": "削除:", "Cleared": "消去:", "Store error": "保存エラー",
        "Notes are at most": "メモは最大", "characters.": "文字です。",
        "held": "保留", "held in journal": "ジャーナルに保留", "DB busy": "DB 使用中",
        "That mark is not stored yet: wait until it shows its number.": "このマークはまだ保存されていません。番号が出るまで待ってください。",
        "Held marks are now stored in the database.": "保留中のマークをデータベースに保存しました。",
        "no GPS fix": "GPS 測位なし", "no position": "位置なし", "(fixed)": "（固定）", "stale": "古い",
        // Leap-second notices
        "leap-second list expired": "うるう秒リストの期限切れ",
        "leap-second list not found at": "うるう秒リストが見つかりません:",
        "leap-second list": "うるう秒リスト", "unreadable": "読めません",
        "using": "使用:",
    ]
    static let phrasesLongestFirst: [(String, String)] = phrases.sorted { $0.key.count > $1.key.count }.map { ($0.key, $0.value) }

    static let japanese: [String: String] = [
        // Header and status line
        "Local": "現地",
        "help": "ヘルプ",
        "panel": "パネル",
        "quit": "終了",
        // Help overlay
        "Keys": "キー一覧",
        "Everywhere": "全画面共通",
        "In this help": "このヘルプ内",
        "Esc close": "Esc 閉じる",
        "↓ more · Esc close": "↓ 続き · Esc 閉じる",
        "Show this help": "このヘルプを表示",
        "Say the time (plain mode)": "時刻を読み上げ（プレーンモード）",
        "Quit": "終了",
        "Settings": "設定",
        "Settings (saved to the config file)": "設定（設定ファイルに保存）",
        "Previous setting": "前の項目",
        "Next setting": "次の項目",
        "Next choice (saved at once)": "次の値（すぐ保存）",
        "Previous choice (saved at once)": "前の値（すぐ保存）",
        "Close the settings": "設定を閉じる",
        "In the settings (o)": "設定画面内（o）",
        "Theme": "テーマ",
        "Clock": "時計",
        "Bell on marks": "マーク時のベル",
        "Flash on marks": "マーク時の点滅",
        "Reduced motion": "動きを減らす",
        "Language": "言語",
        "←→ change · ↑↓ select · Esc close · saved at once": "←→ 変更 · ↑↓ 選択 · Esc 閉じる · すぐ保存",
        "Saved to": "保存先",
        "Save a snapshot of the screen and data": "画面とデータのスナップショットを保存",
        "Quit timedeck": "timedeck を終了",
        "Focus the next panel": "次のパネルへ",
        "Focus the previous panel": "前のパネルへ",
        "Close the help": "ヘルプを閉じる",
        "Scroll up": "上へスクロール",
        "Scroll down": "下へスクロール",
        "Marks panel (Tab to focus)": "マークパネル（Tab で選択）",
        "Mars panel (Tab to focus)": "火星パネル（Tab で選択）",
        "Longitude 0.1° east": "経度を東へ 0.1°",
        "Longitude 0.1° west": "経度を西へ 0.1°",
        "Longitude 10° east": "経度を東へ 10°",
        "Longitude 10° west": "経度を西へ 10°",
        "Next site in the library": "次の地点（地点一覧）",
        "Advanced fields on/off": "詳細項目の表示切替",
        "Calls panel (Tab to focus)": "通話パネル（Tab で選択）",
        // Marks panel keys
        "Record a mark (exact UTC instant)": "マークを記録（正確な UTC 時刻）",
        "Select the newer mark": "新しいマークを選択",
        "Select the older mark": "古いマークを選択",
        "Five marks newer": "5 件新しいほうへ",
        "Five marks older": "5 件古いほうへ",
        "Newest mark": "最新のマーク",
        "Oldest mark": "最古のマーク",
        "Add or edit the selected mark's note": "選択中のマークのメモを追加・編集",
        "Delete the selected mark (u undoes)": "選択中のマークを削除（u で取り消し）",
        "Undo the last delete, clear or note edit": "直前の削除・全消去・メモ編集を取り消し",
        "Clear all marks (asks first; u undoes)": "すべてのマークを消去（確認あり、u で取り消し）",
        "Bell on/off for new marks": "新しいマークのベル オン/オフ",
        "Flash on/off for new marks": "新しいマークの点滅 オン/オフ",
        // Small terminal
        "Enlarge the terminal to at least": "端末を広げてください。最小",
        "now": "現在",
        "q quits.": "q で終了。",
        "using defaults": "既定値を使用",
        // Periods of the day and call markers
        "before dawn": "夜明け前",
        "breakfast": "朝食",
        "morning": "午前",
        "lunch": "昼食",
        "afternoon": "午後",
        "dinner": "夕食",
        "late night": "深夜",
        "✗ BAD": "✗ 不適",
        "✗ ENDS BAD": "✗ 終了が不適",
        // Call planner
        "No calls. Press N for a new call.": "通話がありません。N で新しい通話を作成します。",
        "✎ NEW CALL": "✎ 新しい通話",
        "✎ EDITING": "✎ 編集中",
        "source": "発信元",
        "a add  c change  x remove  J/K move  s make source  D delete call": "a 追加  c 変更  x 削除  J/K 移動  s 発信元に  D 通話を削除",
        "r rename  t duration  p people  Enter save  Esc cancel": "r 名前  t 時間  p 参加者  Enter 保存  Esc 取消",
        "no match yet: keep typing, or try a zone such as Europe/Paris": "一致なし: 入力を続けるか Europe/Paris のようなゾーン名を",
        "Name:": "名前:",
        "Duration (minutes, empty for none):": "時間（分、空欄で指定なし）:",
        "People at this place:": "この場所の参加者:",
        "Add place:": "場所を追加:",
        "Change to:": "変更先:",
        // Mars panel
        "Mars": "火星",
        "Sol": "ソル",
        "Mars Year": "火星年",
        "northern spring": "北半球の春",
        "northern summer": "北半球の夏",
        "northern autumn": "北半球の秋",
        "northern winter": "北半球の冬",
        "mission sol": "ミッションソル",
        "at": "経度",
        // Marks panel
        "Marks": "マーク",
        "No marks yet: press Space to record the exact UTC instant.": "マークはまだありません。Space で正確な UTC 時刻を記録します。",
        "no GPS fix": "GPS 測位なし",
        "no position": "位置なし",
    ]
}
