import TestSupport
import Foundation
import Testing
@testable import Dashboard

/// `LANG=ja_JP.UTF-8 timedeck` in a real terminal: the dashboard, every page
/// of the help and the call editor are in Japanese, with no English sentence.
@Suite(.serialized) struct JapaneseEndToEndTests {
    let bin = shellQuoted(TimedeckBinary.url.path)
    /// The locale decides (LC_ALL and LC_MESSAGES empty so LANG counts).
    let environment = ["LANG": "ja_JP.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "TZ": "Asia/Tokyo",
                       "TIMEDECK_REDUCED_MOTION": "1"]

    /// Stops the session's tmux server by its pid (see CallsEndToEndTests).
    func stop(_ session: TmuxSession) {
        let pid = (try? session.tmux(["display-message", "-p", "#{pid}"]))
            .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        if let pid, pid > 1 { kill(pid, SIGKILL) }
    }

    func englishLines(_ screen: String) -> [String] {
        screen.split(separator: "\n").map(String.init).filter { EnglishDetector.hasEnglishSentence($0) }
    }

    @Test func helpPagesAreJapanese() throws {
        let tmux = try TmuxSession(columns: 100, rows: 30, command: bin, environment: environment)
        defer { stop(tmux) }
        let main = try #require(tmux.waitForScreen { $0.contains("? ヘルプ") }, "the Japanese status bar never appeared:\n\(tmux.capture())")
        #expect(englishLines(main).isEmpty, "English on the main screen: \(englishLines(main))")
        try tmux.send("?")
        // Read it once it is drawn whole: a capture can land while the
        // terminal is still receiving the frame (seen once in a full run:
        // the box's top half over the dashboard, no page hint yet), so wait
        // for two equal captures.
        var opened = ""
        var page = try #require(tmux.waitForScreen { screen in
            defer { opened = screen }
            return screen.contains("キー一覧") && screen.contains("このヘルプを表示") && screen == opened
        }, "help did not open in Japanese:\n\(tmux.capture())")
        var pages = 0
        var seen: [String] = []
        // Page through with ↓ until the hint stops saying there is more.
        while pages < 60 {
            #expect(englishLines(page).isEmpty, "English in help page \(pages): \(englishLines(page))")
            seen.append(page)
            guard page.contains("↓/PgDn 続き") else { break }
            let before = page
            for _ in 0..<20 { try tmux.send("Down") }
            // Read the page once the burst of scrolling has settled (two
            // captures in a row agree).
            var last = ""
            page = try #require(tmux.waitForScreen { screen in
                defer { last = screen }
                return screen != before && screen == last
            }, "help did not scroll")
            pages += 1
        }
        #expect(pages >= 2, "expected several help pages, saw \(pages + 1)")
        let all = seen.joined(separator: "\n")
        #expect(all.contains("通話の編集中"), "the call editor's section is missing")
        #expect(all.contains("このヘルプ内"), "the last section is missing")
        try tmux.send("Escape")
        #expect(tmux.waitForScreen { !$0.contains("キー一覧") } != nil, "help did not close")
    }

    @Test func callPlannerAndEditorAreJapanese() throws {
        let tmux = try TmuxSession(columns: 100, rows: 30, command: bin, environment: environment)
        defer { stop(tmux) }
        // The first-run call is named in Japanese, with Japanese place names.
        let planner = try #require(tmux.waitForScreen { $0.contains("東京からの通話") && $0.contains("東京, JP") },
                                   "no Japanese call planner:\n\(tmux.capture())")
        #expect(englishLines(planner).isEmpty, "English in the planner: \(englishLines(planner))")
        // Back-tab from marks to the call planner, then start a new call:
        // the editor opens with the place picker.
        try tmux.send("BTab")
        try tmux.send("N")
        let editor = try #require(tmux.waitForScreen { $0.contains("新しい通話") && $0.contains("場所を追加") },
                                  "the call editor did not open in Japanese:\n\(tmux.capture())")
        #expect(englishLines(editor).isEmpty, "English in the call editor: \(englishLines(editor))")
        try tmux.send("L", "o", "n", "d", "o", "n")
        let picker = try #require(tmux.waitForScreen { $0.contains("ロンドン") }, "no Japanese place name:\n\(tmux.capture())")
        #expect(englishLines(picker).isEmpty, "English in the picker: \(englishLines(picker))")
        try tmux.send("Escape", "Escape")
        let dropped = try #require(tmux.waitForScreen { $0.contains("変更を破棄しました") }, "no Japanese message:\n\(tmux.capture())")
        #expect(englishLines(dropped).isEmpty, "English after cancelling: \(englishLines(dropped))")
    }
}
