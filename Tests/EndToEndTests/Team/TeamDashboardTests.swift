import Foundation
import Testing
import TeamLog
import TestSupport

/// The live part of issue 16: another station's marks in an open dashboard.
@Suite("Team marks in the dashboard (tmux)", .serialized)
struct TeamDashboardTests {
    func open(_ station: TeamStation) throws -> TmuxSession {
        let session = try TmuxSession(columns: 110, rows: 30, command: "exec \(shellQuoted(TimedeckBinary.url.path))",
                                      environment: ["TIMEDECK_HOME": station.process.home.path,
                                                    "TIMEDECK_CONFIG": station.process.configPath])
        guard session.waitForScreen(10, { $0.contains("team: online") }) != nil else {
            throw MarksProcess.Failure(message: "dashboard did not come online:\n\(session.capture())")
        }
        return session
    }

    @Test("A mark made at one station shows in the other's open dashboard, with its station, within 2 s")
    func markShowsAtOtherStation() throws {
        let server = try ThrowawayDatabase()
        defer { server.drop() }
        let north = try TeamStation(name: "north", url: server.url)
        let south = try TeamStation(name: "south", url: server.url)
        defer { north.process.remove(); south.process.remove() }
        let southScreen = try open(south)
        defer { southScreen.stop() }
        let northScreen = try open(north)
        defer { northScreen.stop() }
        // From the command line at north…
        let add = try north.process.run(["marks", "add", "--no-position", "--gps-wait", "0", "--note", "from-cli"])
        #expect(add.status == 0, "\(add.stderr)")
        let added = Date()
        let shown = southScreen.waitForScreen(2) { $0.contains("north #1") && $0.contains("from-cli") }
        #expect(shown != nil, "not shown within 2 s of the mark:\n\(southScreen.capture())")
        #expect(Date().timeIntervalSince(added) < 2)
        // …and with Space in north's dashboard.
        try northScreen.send("Space")
        let spaced = southScreen.waitForScreen(2) { $0.contains("north #2") }
        #expect(spaced != nil, "Space at north not shown at south within 2 s:\n\(southScreen.capture())")
    }

    @Test("With the team log unreachable the panel says so and counts what waits to be sent")
    func offlineStatus() throws {
        let station = try TeamStation(name: "east", url: "postgresql://127.0.0.1:1/none")
        defer { station.process.remove() }
        let session = try TmuxSession(columns: 110, rows: 30, command: "exec \(shellQuoted(TimedeckBinary.url.path))",
                                      environment: ["TIMEDECK_HOME": station.process.home.path,
                                                    "TIMEDECK_CONFIG": station.process.configPath])
        defer { session.stop() }
        #expect(session.waitForScreen(10) { $0.contains("team: offline, 0 to send") } != nil, "\(session.capture())")
        try session.send("Space")
        try session.send("Space")
        #expect(session.waitForScreen(5) { $0.contains("team: offline, 2 to send") } != nil, "\(session.capture())")
    }
}
