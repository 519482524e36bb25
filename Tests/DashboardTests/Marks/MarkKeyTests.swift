import Foundation
import Testing
@testable import Dashboard
import TimeKit

/// The mark key in every mode: Space records unless a text field takes
/// typed text; Ctrl-Space and F12 always record; a mark key only records.
@Suite("The mark key works in every mode")
struct MarkKeyTests {
    typealias F = MarksFixtures

    static func state() throws -> AppState {
        var s = F.state(marks: 3)
        s.panels = [.marks, .mars, .calls]
        let db = try PlaceDatabase.bundled()
        let places = try ["London, GB", "Tokyo"].map { try #require(db.bestMatch($0)).place }
        s.calls = CallPlannerState(calls: [CallPlan(id: 3, name: "Team", participants: places.map { CallParticipant(place: $0) },
                                                    start: fixedInstant, durationMinutes: 60, createdAt: fixedInstant)])
        s.calls.places = db
        return s
    }

    func press(_ state: AppState, _ keys: Key...) -> AppState {
        keys.reduce(state) { update($0, .key($1, at: $0.now)).0 }
    }

    /// The only effect is one mark to record, and nothing else changed.
    func recordsOnly(_ key: Key, in state: AppState) -> Bool {
        let (next, effects) = update(state, .key(key, at: state.now))
        guard effects.count == 1, case .marks(.record)? = effects.first else { return false }
        var expected = state
        expected.marks.pending += 1
        expected.marks.message = nil
        return next == expected
    }

    static let everywhere: [Key] = [.space, .controlSpace, .function(12)]

    @Test("Space, Ctrl-Space and F12 record, changing nothing else, in every mode without a text field",
          arguments: everywhere)
    func recordsInEveryMode(key: Key) throws {
        let s = try Self.state()
        let editor = press(s, .tab, .tab, .enter)
        let modes: [(String, AppState)] = [
            ("marks focused", s),
            ("Mars focused", press(s, .tab)),
            ("calls focused", press(s, .tab, .tab)),
            ("help", press(s, .character("?"))),
            ("settings", press(s, .character("o"))),
            ("clear question", press(s, .character("C"))),
            ("call editor", editor),
            ("call delete question", press(editor, .character("D"))),
            ("duration field (digits only)", press(editor, .character("t"))),
        ]
        for (name, state) in modes {
            #expect(recordsOnly(key, in: state), "\(key.label) while \(name)")
        }
    }

    @Test("In a text field Space types; Ctrl-Space and F12 record and leave the field as typed")
    func textFields() throws {
        let s = try Self.state()
        let editor = press(s, .tab, .tab, .enter)
        let fields: [(String, AppState)] = [
            ("mark note", press(s, .character("n"))),
            ("place search", press(editor, .character("a"), .character("L"))),
            ("call name", press(editor, .character("r"))),
            ("people", press(editor, .character("P"))),
        ]
        for (name, state) in fields {
            let (typed, effects) = update(state, .key(.space, at: state.now))
            #expect(effects.isEmpty && typed != state, "Space did not type in the \(name)")
            #expect(recordsOnly(.controlSpace, in: state), "Ctrl-Space in the \(name)")
            #expect(recordsOnly(.function(12), in: state), "F12 in the \(name)")
        }
    }

    @Test("The status bar names the mark key that works in the mode")
    func statusBarNamesTheMarkKey() throws {
        let s = try Self.state()
        let size = Size(columns: 120, rows: 40)
        let bottom = { (state: AppState) in render(state, size: size).lines.last ?? "" }
        #expect(bottom(s).contains("? help"))
        #expect(bottom(press(s, .character("?"))).contains("Space mark   Ctrl-C quit"))
        #expect(bottom(press(s, .character("n"))).contains("Ctrl-Space mark   Ctrl-C quit"))
    }
}
