import TestSupport
import Foundation
import Testing
@testable import Dashboard
import TimeKit

/// Every screen rendered in Japanese at 100×30 (help on every page, each
/// panel in its normal and modal modes, overlays, notices, plain mode) has
/// no English sentence: translation covers the whole interface.
@Suite struct JapaneseScreenTests {
    let db: PlaceDatabase
    let size = Size(columns: 100, rows: 30)
    init() throws { db = try PlaceDatabase.bundled() }

    /// All three panels with data: marks (fixed, gpsd, stale and missing
    /// positions, a watch correction), Mars at a site with the advanced
    /// fields, and a call between London, Tokyo and New York.
    var dashboard: AppState {
        var s = MarksFixtures.state(marks: 7, settings: MarksFixtures.settings(watchErrorSeconds: -0.3))
        s.panels = [.marks, .mars, .calls]
        s.localZone = zone("Asia/Tokyo").rules
        s.language = .ja
        s.marks.marks[1].position = MarkPosition(source: .gpsd, coordinate: MarksFixtures.brisbane, fixMode: 3, fixAgeMilliseconds: 400)
        s.marks.marks[2].position = MarkPosition(source: .gpsd, coordinate: MarksFixtures.brisbane, fixMode: 2, fixAgeMilliseconds: 12_000)
        s.marks.marks[3].position = MarkPosition(source: .gpsd, coordinate: nil, fixMode: 1, fixAgeMilliseconds: nil)
        s.marks.marks[4].position = MarkPosition(source: .none, coordinate: nil, fixMode: nil, fixAgeMilliseconds: nil)
        s.marks.gps = GPSDSnapshot(address: .default, connection: .unavailable(reason: "connection refused"))
        s.mars = MarsPanelState(longitudeEast: 0, siteID: "perseverance", advanced: true,
                                sites: (try? MarsSiteLibrary.bundled().sites) ?? [],
                                notices: [.leapListExpired(day: "2026-06-28", seconds: 37, builtIn: false),
                                          .unknownMarsSite(name: "jezro", suggestions: "Perseverance")])
        let call = CallPlan(id: 1, name: "Team", participants: ["London, GB", "Tokyo", "New York"].map {
            CallParticipant(place: db.bestMatch($0)!.place)
        }, start: fixedInstant.addingTimeInterval(3600), durationMinutes: 60, createdAt: fixedInstant)
        s.calls = CallPlannerState(calls: [call, call])
        s.calls.places = db
        s.settings.reducedMotion = true
        s.focus = .marks
        return s
    }

    func press(_ state: AppState, _ keys: Key...) -> AppState {
        keys.reduce(state) { update($0, .key($1, at: fixedInstant)).0 }
    }

    func typing(_ state: AppState, _ text: String) -> AppState {
        text.reduce(state) { update($0, .key(.character($1), at: fixedInstant)).0 }
    }

    func expectJapanese(_ state: AppState, _ what: String, size: Size? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        let frame = render(state, size: size ?? self.size)
        for line in frame.lines {
            if let english = EnglishDetector.englishRun(line) {
                Issue.record("\(what): English “\(english)” in: \(line)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func helpOnEveryPage() {
        for panels in [[PanelID.marks, .mars, .calls], [.marks], [.mars], [.calls]] {
            var s = dashboard
            s.panels = panels
            s.focus = panels.first
            let lines = HelpOverlay.lineCount(s)
            for scroll in 0..<lines {
                s.overlay = .help(scroll: scroll)
                expectJapanese(s, "help \(panels) scrolled \(scroll)")
            }
        }
    }

    @Test func panelsWithEachFocus() {
        for focus in [PanelID.marks, .mars, .calls] {
            var s = dashboard
            s.focus = focus
            expectJapanese(s, "focus \(focus)")
            s.settings.clock = .twelveHour
            expectJapanese(s, "12-hour, focus \(focus)")
        }
        var compact = dashboard
        compact.panels = [.calls]
        compact.focus = .calls
        expectJapanese(compact, "calls alone")
        expectJapanese(compact, "calls compact", size: Size(columns: 80, rows: 12))
        var empty = dashboard
        empty.calls = CallPlannerState(calls: [])
        empty.marks = MarksPanelState(marks: [], totalCount: 0)
        empty.mars.advanced = false
        expectJapanese(empty, "empty panels")
        expectJapanese(empty, "narrow", size: Size(columns: 60, rows: 20))
    }

    @Test func marksModesAndMessages() {
        let s = dashboard
        expectJapanese(press(s, .character("n")), "typing a note")
        expectJapanese(press(s, .character("C")), "confirming clear")
        expectJapanese(press(s, .character("C"), .character("x")), "kept all")
        expectJapanese(press(s, .character("u")), "nothing to undo")
        expectJapanese(press(s, .character("b")), "bell toggled")
        expectJapanese(press(s, .character("f")), "flash toggled")
        let mark = s.marks.marks[0]
        // Store reasons come from SQLite and the OS; they are shown as they are.
        for event in [MarksEvent.recordFailed(mark, reason: .busy), .deleted(mark), .restored([mark]),
                      .restored([mark, mark]), .cleared([mark]), .noteSaved(mark, previous: ""), .storeFailed(.noDatabase)] {
            expectJapanese(update(s, .marks(event)).0, "\(event)")
        }
    }

    @Test func callsPlannerAndEditor() {
        var s = dashboard
        s.focus = .calls
        for key in [Key.character("n"), .character("a"), .character("p"), .character("b"), .character("u"),
                    .character("M"), .character("r")] {
            expectJapanese(press(s, key), "play key \(key)")
        }
        let editing = press(s, .enter)
        #expect(editing.calls.editor != nil)
        expectJapanese(editing, "editor")
        expectJapanese(press(editing, .character("a")), "picker open")
        expectJapanese(typing(press(editing, .character("a")), "Lon"), "picker with results")
        expectJapanese(typing(press(editing, .character("a")), "zzzzqq"), "picker without results")
        expectJapanese(press(typing(press(editing, .character("a")), "zzzzqq"), .enter), "no place matches")
        expectJapanese(press(editing, .character("c")), "change to")
        expectJapanese(press(editing, .character("r")), "rename")
        expectJapanese(press(editing, .character("r"), .backspace, .backspace, .backspace, .backspace, .enter), "empty name")
        expectJapanese(press(editing, .character("t")), "duration")
        expectJapanese(press(typing(press(editing, .character("t")), "9999"), .enter), "duration out of range")
        expectJapanese(press(editing, .character("P")), "people")
        expectJapanese(press(editing, .character("D")), "confirm delete")
        expectJapanese(press(editing, .escape), "changes dropped")
        expectJapanese(press(editing, .enter), "saved")
        expectJapanese(press(s, .character("N")), "new call")
    }

    @Test func overlaysNoticesAndTinyTerminal() {
        var s = dashboard
        s.overlay = .settings(selected: 0)
        expectJapanese(s, "settings")
        expectJapanese(update(dashboard, .snapshotSaved(path: "/d/s.txt", copied: true)).0, "snapshot notice")
        expectJapanese(update(dashboard, .settingSaved(path: "/c/config.toml")).0, "setting saved")
        expectJapanese(dashboard, "tiny", size: Size(columns: 30, rows: 8))
    }

    @Test func plainModeSpeaksJapanese() {
        let s = dashboard
        var lines = PlainAnnouncer.greeting(s)
        lines += PlainAnnouncer.changes(from: s, to: press(s, .character("?")))
        lines += PlainAnnouncer.changes(from: press(s, .character("?")), to: s)
        lines += PlainAnnouncer.changes(from: s, to: press(s, .character("o")))
        lines += PlainAnnouncer.changes(from: s, to: press(s, .tab))
        lines += PlainAnnouncer.changes(from: s, to: press(s, .character("C")))
        lines += PlainAnnouncer.changes(from: s, to: press(s, .character("n")))
        var calls = s
        calls.focus = .calls
        lines += PlainAnnouncer.changes(from: calls, to: press(calls, .right))
        var mars = s
        mars.focus = .mars
        lines += PlainAnnouncer.changes(from: mars, to: press(mars, .character("a")))
        #expect(lines.contains { $0.hasPrefix("通話「Team」") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("火星: Perseverance") }, "\(lines)")
        for line in lines {
            #expect(EnglishDetector.englishRun(line) == nil, "\(line)")
        }
        #expect(lines.contains("キー一覧:"))
    }

    /// Plain mode's call editor, driven through `update` in Japanese: every
    /// line `PlainAnnouncer` says is Japanese, and places carry the Japanese
    /// names the editor shows.
    @Test func plainModeCallEditorSpeaksJapanese() {
        var s = dashboard
        s.focus = .calls
        var lines: [String] = []
        func step(_ keys: [Key]) {
            for key in keys {
                let next = update(s, .key(key, at: fixedInstant)).0
                lines += PlainAnnouncer.changes(from: s, to: next)
                s = next
            }
        }
        func type(_ text: String) { step(text.map { Key.character($0) }) }
        step([.enter])                                     // open the editor
        #expect(s.calls.editor != nil)
        step([.character("a")]); type("Paris")             // search for a place
        step([.down, .up, .enter])                         // choose, accept
        step([.character("K"), .down])                     // move it, select another
        step([.character("c")] + Array(repeating: .backspace, count: 6)); type("Berlin"); step([.enter])  // change
        step([.character("a")]); type("zzqq"); step([.enter, .escape])  // no match
        step([.character("r"), .backspace]); type("!"); step([.enter])  // rename
        step([.character("t"), .backspace, .backspace]); step([.enter])  // no duration
        step([.character("P")]); type("Aki"); step([.enter])  // people
        step([.character("x")])                            // remove a place
        step([.character("D"), .character("n")])          // delete question, kept
        step([.character("D"), .escape])
        step([.escape])                                    // close, changes dropped
        #expect(lines.contains { $0.hasPrefix("通話「Team」を編集中。場所: 1. ロンドン, GB（発信元）、2. 東京, JP") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("パリ, FR を追加しました") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("候補 ") }, "\(lines)")
        #expect(lines.contains("ロンドン, GB を ベルリン, DE に変更しました。"), "\(lines)")
        #expect(lines.contains("通話の名前: Tea!。"), "\(lines)")
        #expect(lines.contains("通話「Tea!」を削除しますか? y で削除、n か Esc で残します。"), "\(lines)")
        #expect(lines.contains("通話を残しました。"), "\(lines)")
        #expect(lines.contains("入力欄を閉じました。"), "\(lines)")
        #expect(lines.count > 25, "\(lines)")
        for line in lines {
            #expect(EnglishDetector.englishRun(line) == nil, "\(line)")
        }
    }

    @Test func callEditorPlaceNamesFollowTheLanguage() {
        var s = dashboard
        s.focus = .calls
        let editing = press(s, .enter)
        let text = render(editing, size: size).lines.joined(separator: "\n")
        #expect(text.contains("ロンドン, GB"))
        #expect(text.contains("東京, JP"))
        #expect(text.contains("ニューヨーク, US"))
        let picker = render(typing(press(editing, .character("a")), "London"), size: size).lines.joined(separator: "\n")
        #expect(picker.contains("ロンドン"))
        // English keeps the GeoNames names.
        var en = editing
        en.language = .en
        #expect(render(en, size: size).lines.joined().contains("London, GB"))
    }

    @Test func translatedLinesKeepTheirColumns() {
        var s = dashboard
        s.focus = .calls
        for state in [s, press(s, .enter)] {
            let frame = render(state, size: size)
            for line in frame.lines { #expect(DisplayWidth.of(line) == size.columns, "\(line)") }
        }
    }
}
