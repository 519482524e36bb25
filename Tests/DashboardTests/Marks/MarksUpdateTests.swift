import Foundation
import Testing
@testable import Dashboard
import TimeKit

@Suite("Marks panel: update")
struct MarksUpdateTests {
    typealias F = MarksFixtures
    let keyInstant = fixedInstant.addingTimeInterval(0.123_456)

    func press(_ state: AppState, _ key: Key, at: Date? = nil) -> (AppState, [Effect]) {
        update(state, .key(key, at: at ?? keyInstant))
    }

    func recordedMark(_ effects: [Effect]) -> SightingMark? {
        if case .marks(.record(let mark))? = effects.first { return mark }
        return nil
    }

    @Test("Space asks the store to record a mark stamped with the key's instant; nothing shows until it is stored")
    func spaceRecords() throws {
        let start = F.state(marks: 0, settings: F.settings(watchErrorSeconds: -0.3))
        let (next, effects) = press(start, .space)
        let mark = try #require(recordedMark(effects))
        #expect(mark.unixNanoseconds == SightingMark.unixNanoseconds(keyInstant))
        #expect(mark.isoText == "2026-11-21T23:47:12.123Z")
        #expect(mark.correctionNanoseconds == -300_000_000)
        #expect(mark.position == .fixed(F.brisbane))
        #expect(mark.clock.kernel == F.synced)
        #expect(next.marks.marks.isEmpty && next.marks.pending == 1)
    }

    @Test("A warning that the store file was deleted outlasts the marks made next; another key clears it")
    func storeFileWarningOutlastsMarks() throws {
        var s = F.state(marks: 0)
        (s, _) = update(s, .marks(.storeFileChanged(deleted: true, path: "/data/timedeck.sqlite")))
        let warning = try #require(s.marks.message)
        #expect(warning.isError && warning.outlastsMarks)
        var effects: [Effect]
        (s, effects) = press(s, .space)
        let mark = try #require(recordedMark(effects))
        #expect(s.marks.message == warning)
        (s, _) = update(s, .marks(.held(mark)))
        #expect(s.marks.message == warning)
        // The held mark waits for a usable file: the warning says why.
        (s, _) = update(s, .marks(.storeWaiting(reason: .failed("not a timedeck database"))))
        #expect(s.marks.message == warning && s.marks.waitingReason == .failed("not a timedeck database"))
        (s, _) = press(s, .down)
        #expect(s.marks.message == nil)
        // An ordinary message is still cleared by Space.
        s.marks.message = .init(.verbatim("Note saved on #1."))
        (s, _) = press(s, .space)
        #expect(s.marks.message == nil)
    }

    @Test("Date to nanoseconds keeps sub-microsecond precision")
    func dateToNanoseconds() {
        let date = Date(timeIntervalSince1970: 1_795_304_832.123_456)
        let ns = SightingMark.unixNanoseconds(date)
        #expect(abs(ns - 1_795_304_832_123_456_000) < 300)
    }

    @Test("Two quick presses are two marks with their own instants")
    func twoQuickPresses() throws {
        let s = F.state(marks: 0)
        let (a, e1) = press(s, .space, at: keyInstant)
        let (_, e2) = press(a, .space, at: keyInstant.addingTimeInterval(0.004))
        let m1 = try #require(recordedMark(e1)), m2 = try #require(recordedMark(e2))
        #expect(m2.unixNanoseconds - m1.unixNanoseconds > 3_900_000)
    }

    @Test("Stored: the row appears, selected and flashing, with a double bell")
    func recorded() {
        var s = F.state(marks: 2)
        s.marks.pending = 1
        let new = F.mark(3, secondsBefore: 0)
        let (next, effects) = update(s, .marks(.recorded(new)))
        #expect(next.marks.marks.first == new && next.marks.selected == 0)
        #expect(next.marks.totalCount == 3 && next.marks.pending == 0)
        #expect(effects == [.bell(times: 2)])
        #expect(next.markIsFlashing(new, at: fixedInstant.addingTimeInterval(0.5)))
        #expect(!next.markIsFlashing(new, at: fixedInstant.addingTimeInterval(0.7)))
    }

    @Test("b and f switch the bell and the flash off for new marks")
    func toggles() {
        var s = F.state(marks: 1)
        var saves: [Effect] = []
        (s, saves) = press(s, .character("b"))
        #expect(saves == [.saveSetting(.bell(false))])
        (s, saves) = press(s, .character("f"))
        #expect(saves == [.saveSetting(.flash(false))])
        #expect(!s.settings.bell && !s.settings.flash)
        let stored = F.mark(2, secondsBefore: 0)
        let (next, effects) = update(s, .marks(.recorded(stored)))
        #expect(effects.isEmpty)
        #expect(!next.markIsFlashing(stored, at: fixedInstant))
    }

    @Test("Space records even with the help open")
    func spaceInHelp() {
        var s = F.state(marks: 0)
        s.overlay = .help(scroll: 0)
        #expect(recordedMark(press(s, .space).1) != nil)
    }

    @Test("A failed store is shouted, with the instant to write down")
    func recordFailed() {
        var s = F.state(marks: 0)
        s.marks.pending = 1
        let lost = F.mark(0, secondsBefore: 0)
        let (next, effects) = update(s, .marks(.recordFailed(lost, reason: .failed("disk full"))))
        #expect(next.marks.message?.isError == true)
        #expect(next.marks.message?.english == "21d 23h 47m 12.000s MARK NOT SAVED (disk full) 2026-11-21T23:47:12.000Z, write it down")
        #expect(effects == [.bell(times: 3)])
        #expect(next.marks.pending == 0)
    }

    @Test("A message on screen follows a language switch (it stays a catalog value until drawn)")
    func messageFollowsLanguage() {
        var s = F.state(marks: 0)
        s = press(s, .character("u")).0
        #expect(s.marks.message?.english == "Nothing to undo.")
        s.language = .ja
        let frame = render(s, size: Size(columns: 100, rows: 30))
        #expect(frame.lines.contains { $0.contains(UILanguage.ja.text(.nothingToUndo)) })
        #expect(!frame.lines.contains { $0.contains("Nothing to undo.") })
    }

    @Test("PgUp/PgDn move by the marks the panel shows, at every size")
    func pagingFollowsTheRowsShown() {
        for size in [Size(columns: 80, rows: 24), Size(columns: 100, rows: 30), Size(columns: 60, rows: 14)] {
            var s = F.state(marks: 40)
            s.screenSize = size
            // Rows of the history as drawn: a mark's Mark Time in the row.
            let shown = render(s, size: size).lines.filter { $0.range(of: #"#\d+  \d\dd \d\dh"#, options: .regularExpression) != nil }.count
            #expect(shown > 1, "\(size)")
            (s, _) = press(s, .pageDown)
            #expect(s.marks.selected == shown, "\(size): a page is the \(shown) rows shown")
            (s, _) = press(s, .pageUp)
            #expect(s.marks.selected == 0)
        }
    }

    @Test("Browsing stays within the history")
    func browsing() {
        var s = F.state(marks: 7)
        (s, _) = press(s, .up)
        #expect(s.marks.selected == 0)
        for _ in 0..<6 { (s, _) = press(s, .down) }
        #expect(s.marks.selected == 6 && s.marks.firstVisible == 2)
        (s, _) = press(s, .down)
        #expect(s.marks.selected == 6)
        (s, _) = press(s, .pageUp)
        #expect(s.marks.selected == 0, "all seven fit on the screen: a page reaches the newest")
        (s, _) = press(s, .end)
        #expect(s.marks.selectedMark?.id == 1)
        (s, _) = press(s, .home)
        #expect(s.marks.selectedMark?.id == 7)
    }

    @Test("Notes: n opens the editor with the old note; typed spaces are text, not marks; Enter saves")
    func noteEditing() {
        var s = F.state(marks: 2)
        (s, _) = press(s, .character("n"))
        #expect(s.marks.mode == .editingNote(id: 2, text: "Sun LL"))
        var effects: [Effect] = []
        for key in [Key.character(" "), .character("x"), .backspace, .character("!")] { (s, effects) = press(s, key); #expect(effects.isEmpty) }
        #expect(s.marks.mode == .editingNote(id: 2, text: "Sun LL !"))
        (s, effects) = press(s, .enter)
        #expect(effects == [.marks(.updateNote(id: 2, note: "Sun LL !"))])
        #expect(s.marks.mode == .browsing)
        var saved = F.mark(2, secondsBefore: 0.346, note: "Sun LL !")
        saved.clock = ClockStatus(kernel: F.synced)
        (s, _) = update(s, .marks(.noteSaved(saved, previous: "Sun LL")))
        #expect(s.marks.marks[0].note == "Sun LL !")
        (s, effects) = press(s, .character("u"))
        #expect(effects == [.marks(.updateNote(id: 2, note: "Sun LL"))])
    }

    @Test("Notes: Escape cancels, the length is capped, Ctrl-C still quits")
    func noteLimits() {
        var s = F.state(marks: 1)
        (s, _) = press(s, .character("n"))
        for _ in 0..<250 { (s, _) = press(s, .character("a")) }
        guard case .editingNote(_, let text, _) = s.marks.mode else { Issue.record("not editing"); return }
        #expect(text.count == 200)
        #expect(s.marks.message?.isError == true)
        let (quit, quitEffects) = press(s, .control("c"))
        #expect(quit.isQuitting && quitEffects == [.quit])
        let (cancelled, effects) = press(s, .escape)
        #expect(cancelled.marks.mode == .browsing && effects.isEmpty && !cancelled.isQuitting)
    }

    @Test("Delete asks the store; the deleted mark can be put back with u")
    func deleteAndUndo() {
        var s = F.state(marks: 3)
        (s, _) = press(s, .down)
        var effects: [Effect]
        (s, effects) = press(s, .character("d"))
        #expect(effects == [.marks(.delete(id: 2))])
        let removed = s.marks.marks[1]
        (s, _) = update(s, .marks(.deleted(removed)))
        #expect(s.marks.marks.map(\.id) == [3, 1] && s.marks.totalCount == 2)
        #expect(s.marks.message?.english.hasPrefix("Deleted #2") == true)
        (s, effects) = press(s, .character("u"))
        #expect(effects == [.marks(.restore([removed]))])
        (s, _) = update(s, .marks(.restored([removed])))
        #expect(s.marks.marks.map(\.id) == [3, 2, 1] && s.marks.selectedMark?.id == 2)
        (_, effects) = press(s, .character("u"))
        #expect(effects.isEmpty)
    }

    @Test("Clear asks first, naming the count; n keeps, y clears; u restores all")
    func clearAndUndo() {
        var s = F.state(marks: 4)
        var effects: [Effect]
        (s, effects) = press(s, .character("C"))
        #expect(s.marks.mode == .confirmingClear(count: 4) && effects.isEmpty)
        let frame = render(s, size: Size(columns: 100, rows: 30))
        #expect(frame.lines.contains { $0.contains("Delete all 4 marks? y deletes (u undoes)") })
        (s, effects) = press(s, .character("n"))
        #expect(s.marks.mode == .browsing && effects.isEmpty && s.marks.message?.english == "Kept all 4 marks.")
        (s, _) = press(s, .character("C"))
        (s, effects) = press(s, .character("y"))
        #expect(effects == [.marks(.clear(upToUnixNanoseconds: SightingMark.unixNanoseconds(s.now)))])
        let all = Array(s.marks.marks.reversed())
        (s, _) = update(s, .marks(.cleared(all)))
        #expect(s.marks.marks.isEmpty && s.marks.message?.english == "Cleared 4 marks (u undoes).")
        (s, effects) = press(s, .character("u"))
        #expect(effects == [.marks(.restore(all))])
        (s, _) = update(s, .marks(.restored(all)))
        #expect(s.marks.marks.map(\.id) == [4, 3, 2, 1] && s.marks.totalCount == 4)
    }

    @Test("Space during the clear question records a mark and leaves the question open")
    func spaceDuringClear() {
        var s = F.state(marks: 2)
        (s, _) = press(s, .character("C"))
        let (next, effects) = press(s, .space)
        #expect(next.marks.mode == .confirmingClear(count: 2))
        #expect(recordedMark(effects) != nil && effects.count == 1)
    }

    @Test("Clock and gpsd observations land in the panel")
    func observations() {
        var s = F.state(marks: 0)
        (s, _) = update(s, .marks(.clock(nil)))
        #expect(s.marks.kernel == nil)
        let snap = GPSDSnapshot(address: .default, connection: .unavailable(reason: "connection refused"))
        (s, _) = update(s, .marks(.gps(snap)))
        #expect(s.marks.gps == snap)
    }

    @Test("Plain mode announces a stored mark")
    func plainAnnouncement() {
        let s = F.state(marks: 1)
        let (next, _) = update(s, .marks(.recorded(F.mark(2, secondsBefore: 0))))
        #expect(PlainAnnouncer.changes(from: s, to: next)
                == ["Mark #2 recorded: 21d 23h 47m 12.000s, 2026-11-21T23:47:12.000Z, 27° 28'.02 S  153° 22'.84 E (fixed)."])
    }

    @Test("The help lists the marks keys from the one keymap")
    func helpRows() {
        let rows = Keymap.helpRows(for: [.main, .panel(.marks)])
        #expect(rows.contains { $0.action == .marks(.record) && $0.keys == [.space] })
        #expect(rows.contains { $0.action == .marks(.record) && $0.keys == [.controlSpace, .function(12)] })
        #expect(rows.contains { $0.action == .marks(.clearAll) })
    }
}

@Suite("Marks panel: changes made by another process")
struct MarksReloadTests {
    typealias F = MarksFixtures

    @Test("A reload (another process wrote) keeps the selection by id")
    func reload() {
        var s = F.state(marks: 3)
        s.marks.selected = 1  // #2
        let asked = s
        let other = F.mark(4, secondsBefore: -1, note: "from marks add")
        let (next, _) = update(asked, .marks(.reloaded([other] + s.marks.marks, totalCount: 4)))
        #expect(next.marks.marks.map(\.id) == [4, 3, 2, 1])
        #expect(next.marks.selectedMark?.id == 2 && next.marks.totalCount == 4)
        let (gone, _) = update(next, .marks(.reloaded([other], totalCount: 1)))
        #expect(gone.marks.selected == 0 && gone.marks.selectedMark?.id == 4)
    }
}
