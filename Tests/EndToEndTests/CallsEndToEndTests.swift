import Foundation
import Testing
import TimeKit

/// The call planner in a real terminal: play with the slider, then edit.
@Suite(.serialized) struct CallsEndToEndTests {
    let bin = shellQuoted(TimedeckBinary.url.path)

    func stop(_ session: TmuxSession) {
        let pid = (try? session.tmux(["display-message", "-p", "#{pid}"]))
            .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        if let pid, pid > 1 { kill(pid, SIGKILL) }
    }

    /// The call start shown in the panel's first line (`… 2026-11-22T11:00:00Z`).
    func shownStart(_ screen: String) -> Date? {
        guard let m = screen.firstMatch(of: /Call from Paris  60 min  (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)/),
              case let .instant(d)? = try? CallTimeInput.parse(String(m.1)) else { return nil }
        return d
    }

    @Test func playWithTheSliderThenAddAPlaceAndFindItAfterARestart() throws {
        let home = TemporaryFolder()
        let environment = ["TZ": "Europe/Paris", "TIMEDECK_REDUCED_MOTION": "1", "TIMEDECK_HOME": home.url.path]
        let tmux = try TmuxSession(columns: 100, rows: 40, command: bin, environment: environment)
        // TmuxSession's `kill-server` left tmux 3.3a servers running here
        // (exit 0, server still up), and they piled up run after run: stop
        // each server by its pid.
        defer { stop(tmux) }
        let first = try #require(tmux.waitForScreen { $0.contains("Call from Paris") && $0.contains("Tokyo, JP") },
                                 "no call planner:\n\(tmux.capture())")
        #expect(first.contains("▶ Paris, FR"))
        #expect(first.contains("New York City, US"))
        let scheduled = try #require(shownStart(first))
        // Keys go to the focused panel: back-tab from marks to the call planner.
        try tmux.send("BTab")

        // → moves 15 minutes; L an hour; u undoes the hour.
        try tmux.send("Right")
        #expect(tmux.waitForScreen { shownStart($0) == scheduled.addingTimeInterval(900) } != nil)
        try tmux.send("L")
        #expect(tmux.waitForScreen { shownStart($0) == scheduled.addingTimeInterval(900 + 3600) } != nil)
        try tmux.send("u")
        #expect(tmux.waitForScreen { shownStart($0) == scheduled.addingTimeInterval(900) } != nil)

        // n jumps to now; n again goes back.
        try tmux.send("n")
        let atNow = tmux.waitForScreen { screen in
            guard let s = shownStart(screen) else { return false }
            return abs(s.timeIntervalSinceNow) < 10
        }
        #expect(atNow != nil, "n did not jump to now")
        try tmux.send("n")
        #expect(tmux.waitForScreen { shownStart($0) == scheduled.addingTimeInterval(900) } != nil)

        // Edit: add Sydney through the live search, save.
        try tmux.send("Enter")
        #expect(tmux.waitForScreen { $0.contains("✎ EDITING \"Call from Paris\"") } != nil)
        try tmux.send("j", "j", "a")
        #expect(tmux.waitForScreen { $0.contains("Add place: ") } != nil)
        try tmux.send("s", "y", "d")
        #expect(tmux.waitForScreen { $0.contains("▸ Sydney, AU") } != nil, "no live results:\n\(tmux.capture())")
        try tmux.send("Enter")
        #expect(tmux.waitForScreen { $0.contains("4. Sydney, AU") } != nil)
        try tmux.send("Enter")
        let saved = tmux.waitForScreen { $0.contains("Saved \"Call from Paris\"") && !$0.contains("✎ EDITING") }
        #expect(saved != nil, "not saved:\n\(tmux.capture())")
        // The stack now has four rows; Sydney's shows its UTC offset.
        #expect(tmux.waitForScreen { $0.contains("Sydney, AU") && $0.contains("UTC+11:00") } != nil)

        // Esc in edit mode drops changes instead of quitting.
        // (Each step waits for its screen: Esc and q sent in one burst are
        // one escape sequence, Alt-q, which is no key.)
        try tmux.send("Enter")
        #expect(tmux.waitForScreen { $0.contains("✎ EDITING") } != nil)
        try tmux.send("x", "Escape")
        #expect(tmux.waitForScreen { !$0.contains("✎ EDITING") && $0.contains("Sydney, AU") } != nil)
        try tmux.send("q")
        #expect(tmux.waitForScreen { !$0.contains("Call from Paris") } != nil, "q did not quit")

        // A new run shows the saved call: Sydney added, the moved start kept.
        let again = try TmuxSession(columns: 100, rows: 40, command: bin, environment: environment)
        defer { stop(again) }
        let restored = again.waitForScreen { $0.contains("Call from Paris") && $0.contains("Sydney, AU") }
        #expect(restored != nil, "the call was not restored:\n\(again.capture())")
        #expect(restored.flatMap(shownStart) == scheduled.addingTimeInterval(900))
        #expect(FileManager.default.fileExists(atPath: home.path("timedeck.sqlite")))

        // A new call goes first; ] makes the older one active, and that is
        // what the next run opens on.
        try again.send("BTab")
        try again.send("N", "o", "s", "l")
        #expect(again.waitForScreen { $0.contains("▸ Oslo, NO") } != nil, "no picker:\n\(again.capture())")
        try again.send("Enter", "Enter")
        #expect(again.waitForScreen { $0.contains("New call  (1 of 2)") } != nil, "new call not shown:\n\(again.capture())")
        try again.send("]")
        #expect(again.waitForScreen { $0.contains("Call from Paris  (2 of 2)") } != nil)
        try again.send("q")
        #expect(again.waitForScreen { !$0.contains("Call from Paris") } != nil, "q did not quit")
        let third = try TmuxSession(columns: 100, rows: 40, command: bin, environment: environment)
        defer { stop(third) }
        #expect(third.waitForScreen { $0.contains("Call from Paris  (2 of 2)") } != nil,
                "the active call was not remembered:\n\(third.capture())")
        try third.send("q")
    }
}
