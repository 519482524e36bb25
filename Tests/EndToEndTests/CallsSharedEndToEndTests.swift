import Foundation
import Testing
import TimeKit

/// Issue 14 end to end: a reminder set in the editor survives a restart,
/// and `g` moves a call to a typed date, saved like a slider move. (A call
/// added or changed from the shell reaching an open dashboard, and its
/// reminders on screen and in `--plain`, are checked in process:
/// `RunnerInProcessTests`.)
@Suite(.serialized) struct CallsSharedEndToEndTests {
    let bin = shellQuoted(TimedeckBinary.url.path)

    func stop(_ session: TmuxSession) {
        let pid = (try? session.tmux(["display-message", "-p", "#{pid}"]))
            .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        if let pid, pid > 1 { kill(pid, SIGKILL) }
    }

    func iso(_ date: Date) -> String { ISOInstant.seconds(date) }

    /// `m` in the call editor sets the call's own reminder; saved with the
    /// call, the shell sees it and a restarted dashboard shows it.
    @Test func aReminderSetInTheEditorIsSavedAndSurvivesARestart() throws {
        let home = TemporaryFolder()
        let environment = ["TZ": "UTC", "TIMEDECK_REDUCED_MOTION": "1", "TIMEDECK_HOME": home.path("data"),
                           "XDG_CONFIG_HOME": home.path("config")]
        let added = try TimedeckBinary.run(["calls", "add", "Standup", "--at", "2030-03-15T14:00:00Z", "London, GB", "Tokyo"],
                                           environment: environment)
        #expect(added.status == 0, "\(added.stderr)")
        let tmux = try TmuxSession(columns: 100, rows: 40, command: bin, environment: environment)
        defer { stop(tmux) }
        #expect(tmux.waitForScreen(10) { $0.contains("Standup") } != nil, "no call:\n\(tmux.capture())")
        try tmux.send("BTab", "Enter")
        #expect(tmux.waitForScreen { $0.contains("remind 10 min before (default)") } != nil, "no reminder shown:\n\(tmux.capture())")
        try tmux.send("m")
        #expect(tmux.waitForScreen { $0.contains("Remind before the start") } != nil, "m opened no field:\n\(tmux.capture())")
        try tmux.send("-l", "45m")
        try tmux.send("Enter")
        #expect(tmux.waitForScreen { $0.contains("remind 45 min before") && !$0.contains("(default)") } != nil,
                "\(tmux.capture())")
        try tmux.send("Enter")  // saves the call
        let saved = waitUntil(5) {
            ((try? TimedeckBinary.run(["calls", "list", "--json"], environment: environment))?.stdout ?? "")
                .contains("\"remind\":\"45m\"")
        }
        #expect(saved, "the reminder was not saved")
        try tmux.send("q")
        #expect(waitUntil(5) { !tmux.capture().contains("Standup") }, "q did not end the dashboard")

        let again = try TmuxSession(columns: 100, rows: 40, command: bin, environment: environment)
        defer { stop(again) }
        #expect(again.waitForScreen(10) { $0.contains("Standup") } != nil, "no call after restart:\n\(again.capture())")
        try again.send("BTab", "Enter")
        #expect(again.waitForScreen { $0.contains("remind 45 min before") } != nil, "\(again.capture())")
        try again.send("Escape", "q")
    }

    /// `g` takes a local date and time, moves the call there and saves it;
    /// Space types into the input instead of marking; Esc keeps the time.
    @Test func gGoesToATypedDateAndTheMoveIsSaved() throws {
        let home = TemporaryFolder()
        let environment = ["TZ": "Europe/Paris", "TIMEDECK_REDUCED_MOTION": "1", "TIMEDECK_HOME": home.path("data"),
                           "XDG_CONFIG_HOME": home.path("config")]
        let tmux = try TmuxSession(columns: 100, rows: 40, command: bin, environment: environment)
        defer { stop(tmux) }
        #expect(tmux.waitForScreen(10) { $0.contains("Call from Paris") } != nil, "no planner:\n\(tmux.capture())")
        try tmux.send("BTab", "g")
        #expect(tmux.waitForScreen { $0.contains("Go to: ") } != nil, "g opened no input:\n\(tmux.capture())")
        try tmux.send("-l", "2027-03-15 14:00")
        #expect(tmux.waitForScreen { $0.contains("Go to: 2027-03-15 14:00") } != nil)
        #expect(tmux.capture().contains("Marks 0"), "Space in the input recorded a mark")
        try tmux.send("Enter")
        // 14:00 in Paris on 15 March 2027 is 13:00 UTC; the rows name the date.
        let moved = tmux.waitForScreen { $0.contains("2027-03-15T13:00:00Z") && $0.contains("03-15 14:00") }
        #expect(moved != nil, "not moved:\n\(tmux.capture())")

        try tmux.send("g")
        try tmux.send("-l", "someday")
        try tmux.send("Enter")
        #expect(tmux.waitForScreen { $0.contains("Cannot read \"someday\"") } != nil, "no message:\n\(tmux.capture())")
        try tmux.send("Escape")
        #expect(tmux.waitForScreen { !$0.contains("Go to: ") && $0.contains("2027-03-15T13:00:00Z") } != nil)

        // Saved like a slider move (after its rest): the shell sees it.
        let saved = waitUntil(5) {
            ((try? TimedeckBinary.run(["calls", "list", "--json"], environment: environment))?.stdout ?? "")
                .contains("\"start\":\"2027-03-15T13:00:00Z\"")
        }
        #expect(saved, "the move was not saved")
        try tmux.send("q")
    }
}
