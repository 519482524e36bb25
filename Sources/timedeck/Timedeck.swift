import ArgumentParser
import Foundation
import TimeKit
import TimeStore

@main
struct Timedeck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timedeck",
        abstract: "A full-screen terminal time dashboard: UTC sighting marks, Mars time and call planning.",
        discussion: """
            Run without a subcommand to open the dashboard (press ? inside for keys).
            Every instrument also works without the full screen; add --json for scripts.
            """,
        version: "timedeck \(TimedeckVersion.string)\n" + ZoneCatalog.versionLines() + "\n"
            + LeapSecondList.load(environment: ProcessInfo.processInfo.environment,
                                  nowUnixSeconds: Int64(Date().timeIntervalSince1970)).versionLine
            + ((try? UT1Table.loadBundled()).map { "\n" + $0.versionLine } ?? ""),
        subcommands: [NowCommand.self, MarksCommand.self, MarsCommand.self, PlacesCommand.self, CallCommand.self, CallsCommand.self,
                      SnapshotCommand.self, ConfigCommand.self, TeamCommand.self, DoctorCommand.self,
                      AlmanacCommand.self, FixCommand.self, SightsCommand.self]
    )

    @Flag(name: .customLong("no-color"), help: "Draw without colour (also when NO_COLOR is set).")
    var noColor = false

    @Flag(help: "Plain, line-oriented mode for screen readers and serial consoles: no cursor movement, changes announced as lines, same keys.")
    var plain = false

    /// Like ArgumentParser's own `main`, except that a command line it
    /// cannot parse (unknown option, missing value) exits 2, as every other
    /// kind of bad input does here, instead of 64.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if !message.isEmpty {
                if code == .success {
                    print(message)
                } else {
                    Console.error((message + "\n"))
                }
            }
            Foundation.exit(code == .validationFailure ? 2 : code.rawValue)
        }
    }

    func run() throws {
        let env = ProcessInfo.processInfo.environment
        do {
            // The composition root: the one store handle of this process.
            let store = try StoreHandle.atDefaultLocation()
            store.setTeamStation(TeamSetup.current()?.station)
            let runner = DashboardRunner(noColor: noColor || !(env["NO_COLOR"] ?? "").isEmpty, store: store)
            let code = plain
                ? try PlainRunner(initialState: runner.makeInitialState(now: WallClock.now()), store: store).run()
                : try runner.run()
            if code != 0 { throw ExitCode(code) }
        } catch let refusal as TerminalRefusal {
            Console.error((refusal.description + "\n"))
            throw ExitCode(2)
        } catch let store as StoreError {
            // A foreign or damaged database: name it, leave it, exit 1.
            Console.error((store.description + "\n"))
            throw ExitCode(1)
        }
    }
}

enum TimedeckVersion {
    static let string = "0.1.0"
}
