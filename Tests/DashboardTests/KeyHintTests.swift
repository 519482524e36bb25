import Foundation
import Testing
@testable import Dashboard
import TimeKit

/// Every hint on screen, in every mode, names keys that really act there:
/// the hints are read back from rendered frames (every run of key-hint
/// cells), parsed into keys, and each key is checked against the keymap
/// scopes or the capture handler that has the key in that mode.
@Suite("Key hints name bound keys")
struct KeyHintTests {
    static let size = Size(columns: 120, rows: 40)

    static func base() throws -> AppState {
        var s = MarksFixtures.state(marks: 7)
        s.panels = [.marks, .mars, .calls]
        s.focus = .marks
        s.screenSize = size
        s.marks.selected = 3
        let db = try PlaceDatabase.bundled()
        let places = try ["London, GB", "Tokyo", "Sydney"].map { try #require(db.bestMatch($0)).place }
        let call = CallPlan(id: 3, name: "Team", participants: places.map { CallParticipant(place: $0) },
                            start: Date(timeIntervalSince1970: 1_795_352_400), durationMinutes: 60, createdAt: fixedInstant)
        s.calls = CallPlannerState(calls: [call])
        s.calls.places = db
        s.settings.reducedMotion = true
        return s
    }

    static func press(_ state: AppState, _ keys: Key...) -> AppState {
        keys.reduce(state) { update($0, .key($1, at: $0.now)).0 }
    }

    /// Each mode a person can be in, reached with real keys where it can be.
    static func modes() throws -> [(String, AppState)] {
        let s = try base()
        var editor = press(s, .tab, .tab, .enter)
        editor.calls.editor?.selected = 1
        var helpEnd = press(s, .character("?"))
        helpEnd.overlay = .help(scroll: 500)
        var modes: [(String, AppState)] = [
            ("marks focused", s),
            ("mars focused", press(s, .tab)),
            ("mars showing every site", press(s, .tab, .character("v"))),
            ("mars go-to field open", press(s, .tab, .character("g"))),
            ("calls focused", press(s, .tab, .tab)),
            ("help open", press(s, .character("?"))),
            ("help at its end", helpEnd),
            ("settings open", press(s, .character("o"))),
            ("typing a mark note", press(s, .character("n"))),
            ("asked to clear all marks", press(s, .character("C"))),
            ("editing a call", editor),
            ("editing a call, searching a place", press(editor, .character("a"), .character("P"))),
            ("editing a call, renaming", press(editor, .character("r"))),
            ("editing a call, asked to delete it", press(editor, .character("D"))),
            ("calls: go to a date", press(s, .tab, .tab, .character("g"))),
            ("calls: go to a date it cannot read", press(s, .tab, .tab, .character("g"), .character("x"), .enter)),
        ]
        var message = s
        message.marks.message = .init(.nothingToUndo)
        modes.append(("marks with a message", message))
        return modes
    }

    /// Runs of key-hint text, per row (the status bar's key cells count too).
    static func hints(in frame: Frame) -> [String] {
        var runs: [String] = []
        for y in 0..<frame.size.rows {
            let row = (0..<frame.size.columns).map { frame[$0, y] }
            guard row.contains(where: { $0.role == .keyHint }) else { continue }
            var run = ""
            for cell in row + [Cell.blank] {
                if cell.role == .keyHint || cell.role == .helpKey {
                    if !cell.isWideTail { run.append(cell.character) }
                } else if !run.trimmingCharacters(in: .whitespaces).isEmpty {
                    runs.append(run.trimmingCharacters(in: .whitespaces))
                    run = ""
                } else {
                    run = ""
                }
            }
        }
        return runs
    }

    /// Phrases inside hints that name no key.
    static let wordsOnly: Set<String> = ["saved at once", "any other key keeps them"]

    /// The keys each part of a hint names (`↑↓ select`, `J/K move`,
    /// `n or Esc keep`, `←→/hl longitude`); nil for a part that names none.
    static func keys(inPart part: String) -> [Key]? {
        let words = part.split(separator: " ").map(String.init)
        guard let first = words.first, !wordsOnly.contains(part) else { return nil }
        var specs = [first]
        if words.count > 2, words[1] == "or" { specs.append(words[2]) }
        return specs.flatMap { $0.split(separator: "/").flatMap { keys(inSpec: String($0)) } }
    }

    static let named: [String: Key] = [
        "Space": .space, "Ctrl-Space": .controlSpace, "Enter": .enter, "Esc": .escape, "Tab": .tab,
        "PgUp": .pageUp, "PgDn": .pageDown, "F12": .function(12),
        "←": .left, "→": .right, "↑": .up, "↓": .down,
    ]

    static func keys(inSpec spec: String) -> [Key] {
        if let key = named[spec] { return [key] }
        if spec.hasPrefix("Ctrl-"), spec.count == 6, let letter = spec.last { return [.control(Character(letter.lowercased()))] }
        // `↑↓`, `←→`, `hl`, `HL`: one key per character.
        return spec.map { named[String($0)] ?? .character($0) }
    }

    /// Hint parts: separated by " · " or by two spaces or more.
    static func parts(of hint: String) -> [String] {
        hint.components(separatedBy: " · ")
            .flatMap { $0.split(separator: /\s{2,}/).map(String.init) }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    /// Whether `key` does something in `state`, found the way `update`
    /// dispatches it: the mark key, the call editor's keymap scope, a
    /// panel's capture handler (which must change something), the keymap.
    static func isBound(_ key: Key, in state: AppState) -> Bool {
        if MarkKey.records(key, in: state) { return true }
        if let (next, effects) = captureKey(key, in: state) {
            if state.calls.isEditing, state.calls.editor?.field == nil { return Keymap.action(for: key, in: [.callEditor]) != nil }
            return next != state || !effects.isEmpty
        }
        return Keymap.action(for: key, in: activeScopes(state)) != nil
    }

    @Test func everyHintShownInEveryModeNamesABoundKey() throws {
        var checked = 0
        for (mode, state) in try Self.modes() {
            let hints = Self.hints(in: render(state, size: Self.size))
            #expect(!hints.isEmpty, "no hint shown while \(mode)")
            for hint in hints {
                for part in Self.parts(of: hint) {
                    guard let keys = Self.keys(inPart: part) else { continue }
                    for key in keys {
                        checked += 1
                        #expect(Self.isBound(key, in: state), "\(mode): hint \"\(part)\" names \(key.label), which does nothing there")
                    }
                }
            }
        }
        #expect(checked > 50)
    }

    @Test func theCallEditorNamesCapitalPForPeople() throws {
        let editor = Self.press(try Self.base(), .tab, .tab, .enter)
        let hints = Self.hints(in: render(editor, size: Self.size)).joined(separator: " | ")
        #expect(hints.contains("P people") && !hints.contains("p people"))
    }

    @Test func theParserReadsEveryHintShape() throws {
        #expect(Self.parts(of: "a add  c change  J/K move") == ["a add", "c change", "J/K move"])
        #expect(Self.keys(inPart: "↑↓ select") == [.up, .down])
        #expect(Self.keys(inPart: "←→/hl longitude") == [.left, .right, .character("h"), .character("l")])
        #expect(Self.keys(inPart: "n or Esc keep") == [.character("n"), .escape])
        #expect(Self.keys(inPart: "↓/PgDn more") == [.down, .pageDown])
        #expect(Self.keys(inPart: "Ctrl-Space mark") == [.controlSpace])
        #expect(Self.keys(inPart: "Ctrl-C quit") == [.control("c")])
        #expect(Self.keys(inPart: "saved at once") == nil)
        // A hint naming a key nobody binds is caught.
        #expect(!Self.isBound(.character("p"), in: Self.press(try Self.base(), .tab, .tab, .enter)))
    }
}
