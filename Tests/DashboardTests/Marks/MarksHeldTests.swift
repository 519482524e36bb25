import Foundation
import Testing
@testable import Dashboard
import TimeKit

/// A mark is shown the moment Space is read, marked "…" until the shell says
/// it is durable in the journal ("held"), and numbered once it is in SQLite.
@Suite("Marks panel: held marks (journal before SQLite)")
struct MarksHeldTests {
    typealias F = MarksFixtures
    let keyInstant = fixedInstant.addingTimeInterval(0.654)

    func keyed(_ marks: Int = 2) -> AppState {
        var s = F.state(marks: marks)
        s.marks.keyPrefix = "run"
        return s
    }

    func space(_ s: AppState) -> (AppState, SightingMark?) {
        let (next, effects) = update(s, .key(.space, at: keyInstant))
        if case .marks(.record(let mark))? = effects.first { return (next, mark) }
        return (next, nil)
    }

    @Test("Space shows the mark at once, with an idempotency key, not yet numbered")
    func shownAtOnce() throws {
        let (s, sent) = space(keyed())
        let mark = try #require(sent)
        #expect(mark.uniqueKey == "run-1")
        #expect(s.marks.marks.first == mark && s.marks.marks.first?.id == nil)
        #expect(s.marks.totalCount == 3 && s.marks.selected == 0)
        #expect(!s.marks.isHeld(mark))
        let (again, second) = space(s)
        #expect(second?.uniqueKey == "run-2" && again.marks.totalCount == 4)
    }

    @Test("Held: acknowledged with the bell and the flash; stored later: numbered, counted once, no second bell")
    func heldThenStored() throws {
        let (s0, sent) = space(keyed())
        let mark = try #require(sent)
        let (s1, e1) = update(s0, .marks(.held(mark)))
        #expect(e1 == [.bell(times: 2)])
        #expect(s1.marks.isHeld(mark) && s1.marks.pending == 0)
        #expect(s1.markIsFlashing(mark, at: fixedInstant.addingTimeInterval(0.3)))
        var stored = mark
        stored.id = 3
        let (s2, e2) = update(s1, .marks(.recorded(stored)))
        #expect(e2.isEmpty)
        #expect(s2.marks.marks.first == stored && s2.marks.totalCount == 3 && s2.marks.unstored.isEmpty)
        #expect(s2.marks.heldKeys.isEmpty)
    }

    @Test("Busy database: the message starts with the mark's instant and fits a 48-column panel")
    func waitingMessage() throws {
        let (s0, sent) = space(keyed())
        let mark = try #require(sent)
        let (s1, _) = update(s0, .marks(.held(mark)))
        let (s2, _) = update(s1, .marks(.storeWaiting(reason: .busy)))
        let text = try #require(s2.marks.message?.english)
        #expect(text == "21d 23h 47m 12.654s held in journal: DB busy")
        #expect(text.count <= 48 && s2.marks.message?.isError == false)
        var stored = mark
        stored.id = 3
        let (s3, _) = update(s2, .marks(.recorded(stored)))
        #expect(s3.marks.message?.english == "Held marks are now stored in the database.")
        #expect(s3.marks.waitingReason == nil)
    }

    @Test("A reload from another process keeps marks not yet in SQLite")
    func reloadKeepsUnstored() throws {
        let (s0, sent) = space(keyed())
        let mark = try #require(sent)
        let (s1, _) = update(s0, .marks(.held(mark)))
        let others = [F.mark(1, secondsBefore: 60), F.mark(2, secondsBefore: 30), F.mark(7, secondsBefore: 10)]
        let (s2, _) = update(s1, .marks(.reloaded(others, totalCount: 3)))
        #expect(s2.marks.marks.count == 4 && s2.marks.totalCount == 4)
        #expect(s2.marks.isHeld(s2.marks.marks[0]))
    }

    @Test("A mark that could be written nowhere leaves the list, and the message keeps its instant first")
    func failedLeavesTheList() throws {
        let (s0, sent) = space(keyed())
        let mark = try #require(sent)
        let (s1, effects) = update(s0, .marks(.recordFailed(mark, reason: .failed("no space left on device"))))
        #expect(effects == [.bell(times: 3)])
        #expect(s1.marks.marks.count == 2 && s1.marks.totalCount == 2)
        #expect(s1.marks.message?.english.hasPrefix("21d 23h 47m 12.654s MARK NOT SAVED") == true)
    }

    @Test("A held mark takes a note: journaled by its key, shown at once; typed before it is held, Enter waits")
    func noteOnAHeldMark() throws {
        let (s0, sent) = space(keyed())
        let mark = try #require(sent)
        // Not yet durable anywhere: the editor opens (what is typed next is
        // the note, never commands) and Enter waits for the journal.
        let (early, _) = update(s0, .key(.character("n"), at: keyInstant))
        #expect(early.marks.mode == .editingNote(id: nil, text: "", heldKey: "run-1"))
        let (waiting, none) = update(early, .key(.enter, at: keyInstant))
        #expect(none.isEmpty && waiting.marks.message?.english.contains("not stored yet") == true)
        #expect(waiting.marks.mode == .editingNote(id: nil, text: "", heldKey: "run-1"))
        var (s, _) = update(s0, .marks(.held(mark)))
        (s, _) = update(s, .key(.character("n"), at: keyInstant))
        #expect(s.marks.mode == .editingNote(id: nil, text: "", heldKey: "run-1"))
        let title = render(s, size: Size(columns: 100, rows: 30)).lines.joined(separator: "\n")
        #expect(title.contains("Note for the held mark: "))
        for c in "Sun LL" { (s, _) = update(s, .key(.character(c), at: keyInstant)) }
        var effects: [Effect]
        (s, effects) = update(s, .key(.enter, at: keyInstant))
        #expect(effects == [.marks(.updateHeldNote(key: "run-1", note: "Sun LL", expected: ""))])
        (s, _) = update(s, .marks(.noteJournaled(key: "run-1", note: "Sun LL")))
        #expect(s.marks.marks.first?.note == "Sun LL" && s.marks.marks.first?.id == nil)
        #expect(s.marks.message?.english == "Note saved in the journal (database busy).")
        #expect(s.marks.undo == nil)
        // Stored later with the note: numbered, the note kept.
        var stored = mark
        stored.id = 3
        stored.note = "Sun LL"
        (s, _) = update(s, .marks(.recorded(stored)))
        #expect(s.marks.marks.first == stored)
    }

    @Test("A held mark stored while its note is typed: Enter saves the note by its number")
    func heldMarkStoredWhileTyping() throws {
        let (s0, sent) = space(keyed())
        let mark = try #require(sent)
        var (s, _) = update(s0, .marks(.held(mark)))
        (s, _) = update(s, .key(.character("n"), at: keyInstant))
        (s, _) = update(s, .key(.character("x"), at: keyInstant))
        var stored = mark
        stored.id = 3
        (s, _) = update(s, .marks(.recorded(stored)))
        let (_, effects) = update(s, .key(.enter, at: keyInstant))
        #expect(effects == [.marks(.updateNote(id: 3, note: "x"))])
    }

    @Test("Marks left in the journal by an earlier run are shown held, without a bell")
    func leftovers() {
        var left = F.mark(0, secondsBefore: 5)
        left.id = nil
        left.uniqueKey = "old-1"
        let (s, effects) = update(keyed(), .marks(.held(left)))
        #expect(effects.isEmpty)
        #expect(s.marks.isHeld(left) && s.marks.totalCount == 3)
    }

    @Test("A row not yet stored says held instead of a number; d waits until it is at least held")
    func heldRow() throws {
        let (s0, sent) = space(keyed())
        for key in ["d"] {
            let (early, effects) = update(s0, .key(.character(Character(key)), at: keyInstant))
            #expect(effects.isEmpty && early.marks.message?.english == UILanguage.en.text(.markNotStoredYet), "\(key)")
        }
        let (s1, _) = update(s0, .marks(.held(try #require(sent))))
        var frame = Frame(size: Size(columns: 60, rows: 9))
        MarksPanel.draw(s1, in: Rect(x: 0, y: 0, width: 60, height: 9), into: &frame)
        #expect(frame.lines[2].hasPrefix("▶  held  21d 23h 47m 12.654s"), "\(frame.lines[2])")
    }

    @Test("d on a held mark journals its deletion; the row goes; u journals the mark again")
    func deleteAHeldMark() throws {
        let (s0, sent) = space(keyed())
        let mark = try #require(sent)
        var (s, _) = update(s0, .marks(.held(mark)))
        var effects: [Effect]
        (s, effects) = update(s, .key(.character("d"), at: keyInstant))
        #expect(effects == [.marks(.deleteHeld(key: "run-1"))])
        (s, _) = update(s, .marks(.heldDeleted(key: "run-1")))
        #expect(s.marks.marks.count == 2 && s.marks.totalCount == 2 && !s.marks.heldKeys.contains("run-1"))
        #expect(s.marks.message?.english == "Deleted the held mark 21d 23h 47m 12.654s (u undoes).")
        (s, effects) = update(s, .key(.character("u"), at: keyInstant))
        #expect(effects == [.marks(.restore([mark]))])
        // The worker journals it again and says it is held: the row is back.
        (s, _) = update(s, .marks(.held(mark)))
        #expect(s.marks.marks.count == 3 && s.marks.isHeld(s.marks.marks[0]))
    }
}

extension MarksHeldTests {
    @Test("Plain mode announces a held mark once it is stored, though the count does not change")
    func plainAnnouncesStoredHeldMark() throws {
        let (s0, sent) = space(keyed())
        let mark = try #require(sent)
        let (s1, _) = update(s0, .marks(.held(mark)))
        var stored = mark
        stored.id = 3
        let (s2, _) = update(s1, .marks(.recorded(stored)))
        let lines = MarksPanel.announcements(from: s1.marks, to: s2.marks)
        #expect(lines.first?.hasPrefix("Mark #3 recorded: 21d 23h 47m 12.654s") == true, "\(lines)")
        #expect(MarksPanel.announcements(from: s0.marks, to: s1.marks).isEmpty)
    }
}

extension MarksHeldTests {
    @Test("A mark another process left in the journal, imported here, is listed quietly; the selection stays")
    func importedForeignMarkIsQuiet() {
        var s = keyed(3)
        s.marks.selected = 1
        let selected = s.marks.selectedMark
        var foreign = F.mark(9, secondsBefore: 0)
        foreign.uniqueKey = "cli-uuid"
        let (next, effects) = update(s, .marks(.recorded(foreign)))
        #expect(effects.isEmpty)
        #expect(next.marks.totalCount == 4 && next.marks.selectedMark == selected)
    }

    /// Issue 20, item 4: lines the journal could not import are said once,
    /// as an error the user can act on (where they went).
    @Test("Quarantined journal lines: one error message naming the file")
    func quarantinedLines() {
        let (s, _) = update(keyed(), .marks(.journalQuarantined(count: 2, path: "/d/timedeck.sqlite.pending-marks.rejected")))
        let text = s.marks.message.map { UILanguage.en.text($0.content) } ?? ""
        #expect(text.contains("2 journal lines"))
        #expect(text.contains("pending-marks.rejected"))
        #expect(s.marks.message?.isError == true)
    }

    /// Issue 20, item 10: eight Space presses on a full disk each replaced
    /// the one MARK NOT SAVED line, so seven failed instants vanished.
    @Test("Every mark not saved stays listed with its instant until dismissed with x")
    func notSavedMarksStayListed() throws {
        var s = keyed()
        var sent: [SightingMark] = []
        for _ in 0..<3 {
            let (next, mark) = space(s)
            s = next
            sent.append(try #require(mark))
        }
        for mark in sent { s = update(s, .marks(.recordFailed(mark, reason: .failed("no space left")))).0 }
        s = update(s, .key(.down, at: keyInstant)).0  // another key: a message would be gone now
        #expect(s.marks.notSaved.count == 3)
        let screen = render(s, size: Size(columns: 120, rows: 30)).lines.joined(separator: "\n")
        for mark in sent { #expect(screen.contains(mark.isoText), "\(mark.isoText) not on screen:\n\(screen)") }
        #expect(screen.components(separatedBy: "MARK NOT SAVED").count - 1 == 3, "\(screen)")
        let (cleared, _) = update(s, .key(.character("x"), at: keyInstant))
        #expect(cleared.marks.notSaved.isEmpty)
        #expect(!render(cleared, size: Size(columns: 120, rows: 30)).lines.joined().contains("MARK NOT SAVED"))
    }
}
