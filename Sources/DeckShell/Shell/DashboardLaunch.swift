import ArgumentParser
import Foundation
import TimeKit
import TimeStore

/// `timedeck` with no subcommand: the dashboard, full screen or `--plain`.
public enum DashboardLaunch {
    /// Opens the process's one store, runs the dashboard until it ends and
    /// maps its outcome to an exit code: a refusal to take the terminal 2,
    /// a foreign or damaged database 1 (named and left as it is).
    public static func run(noColor: Bool, plain: Bool, terminalOpener: TerminalOpener) throws {
        let env = ProcessEnvironment.values
        do {
            // The composition root: the one store handle of this process.
            let store = try StoreHandle.atDefaultLocation()
            store.setTeamStation(TeamSetup.current()?.station)
            let runner = DashboardRunner(noColor: noColor || !(env["NO_COLOR"] ?? "").isEmpty, store: store,
                                         terminalOpener: terminalOpener)
            let code = plain
                ? try PlainRunner(initialState: runner.makeInitialState(now: WallClock.now()), store: store).run()
                : try runner.run()
            if code != 0 { throw ExitCode(code) }
        } catch let refusal as TerminalRefusal {
            Console.error((refusal.description + "\n"))
            throw ExitCode(2)
        } catch let store as StoreError {
            Console.error((store.description + "\n"))
            throw ExitCode(1)
        }
    }
}
