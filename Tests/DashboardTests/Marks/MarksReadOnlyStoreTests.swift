import Foundation
import Testing
@testable import Dashboard
import TimeKit

/// Issue 29: a store the user may not write is said once, above the marks,
/// with its fix on a line of its own; a mark that cannot be saved there is
/// said NOT saved with its instant and reason.
@Suite struct MarksReadOnlyStoreTests {
    typealias F = MarksFixtures
    static let advice = "chmod u+w /home/ann/.local/share/timedeck/timedeck.sqlite, or set TIMEDECK_HOME to a folder of your own"

    func state(journalWritable: Bool) -> AppState {
        var s = F.state(marks: 2)
        s.marks.readOnlyStore = .init(path: "/home/ann/.local/share/timedeck/timedeck.sqlite",
                                      journalWritable: journalWritable, advice: Self.advice)
        return s
    }

    func lines(_ s: AppState, width: Int, height: Int = 12) -> [String] {
        var frame = Frame(size: Size(columns: width, rows: height))
        MarksPanel.draw(s, in: Rect(x: 0, y: 0, width: width, height: height), into: &frame)
        return frame.lines
    }

    @Test func theNoticeIsDrawnOnceAboveTheMarksWithTheFixOnItsOwnLine() {
        let drawn = lines(state(journalWritable: true), width: 80)
        let text = drawn.joined(separator: "\n")
        #expect(drawn[0].contains("The store is read-only (/home/ann/.local/share/timedeck/timedeck.sqlite)"), "\(text)")
        #expect(text.components(separatedBy: "The store is read-only").count == 2, "\(text)")
        #expect(drawn.contains { $0.hasPrefix(" — chmod u+w /home/ann/.local/share/timedeck/timedeck.sqlite,") }, "\(text)")
        // The marks are still listed below it.
        #expect(text.contains("#2") && text.contains("#1"), "\(text)")
    }

    @Test func aNarrowPanelCutsTheStatementNeverTheFix() {
        let drawn = lines(state(journalWritable: false), width: 40, height: 8)
        let text = drawn.joined(separator: "\n")
        #expect(drawn[0].contains("The store and its folder are"), "\(text)")
        #expect(text.contains("— chmod u+w"), "\(text)")
    }

    @Test func withoutAReadOnlyStoreNothingIsSaid() {
        #expect(!lines(F.state(marks: 2), width: 80).joined().contains("read-only"))
    }

    @Test func plainModeSaysItAtTheStart() {
        let greeting = PlainAnnouncer.greeting(state(journalWritable: true)).joined(separator: "\n")
        #expect(greeting.contains("The store is read-only") && greeting.contains("chmod u+w"), "\(greeting)")
    }

    @Test func aMarkThatCannotBeSavedIsSaidWithItsInstantAndWhy() throws {
        let s0 = state(journalWritable: false)
        let (s1, effects) = update(s0, .key(.space, at: fixedInstant))
        let mark = try #require(effects.compactMap { effect -> SightingMark? in
            if case .marks(.record(let mark)) = effect { return mark } else { return nil }
        }.first)
        let (s2, _) = update(s1, .marks(.recordFailed(mark, reason: .readOnly)))
        let said = lines(s2, width: 100).joined(separator: "\n")
        #expect(said.contains("\(mark.markTimeText) MARK NOT SAVED (store read-only) \(mark.isoText)"), "\(said)")
    }
}
