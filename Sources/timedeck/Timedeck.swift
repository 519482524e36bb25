import ArgumentParser
import DeckShell
import TimedeckCommands
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
        // Only the name and number here: ArgumentParser builds this on every
        // run, and the data lines below read three resources. `main` answers
        // `--version` with all of it (issue 31: `now` paid 75 % of its
        // instructions for a version string it never printed).
        version: "timedeck \(TimedeckVersion.string)",
        subcommands: TimedeckCommands.subcommands
    )

    @Flag(name: .customLong("no-color"), help: "Draw without colour (also when NO_COLOR is set).")
    var noColor = false

    @Flag(help: "Plain, line-oriented mode for screen readers and serial consoles: no cursor movement, changes announced as lines, same keys.")
    var plain = false

    /// Like ArgumentParser's own `main`, except that a command line it
    /// cannot parse (unknown option, missing value) exits 2, as every other
    /// kind of bad input does here, instead of 64.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let refusal = ArgumentBounds.refusal(arguments) {
            Console.error(refusal)
            Foundation.exit(2)
        }
        do {
            // `now` and `calls next` (status bars run them every few
            // seconds) skip ArgumentParser's reflection; errors they throw
            // are reported below like any other command's.
            if let quick = QuickCommands.match(arguments) {
                try QuickCommands.run(quick)
                return
            }
            // The dashboard itself, its two flags at most: no reflection
            // over the command tree before the first frame.
            if let dashboard = DashboardArguments.match(arguments) {
                try openDashboard(noColor: dashboard.noColor, plain: dashboard.plain)
                return
            }
            var command = try LeafParse.command(arguments, among: TimedeckCommands.subcommands) ?? parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if !message.isEmpty {
                if code == .success {
                    // `--version` (wherever ArgumentParser accepts it): the
                    // short string it knows, grown here by the data lines.
                    print(message == configuration.version ? fullVersion() : message)
                } else {
                    Console.error((message + "\n"))
                }
            }
            Foundation.exit(code == .validationFailure ? 2 : code.rawValue)
        }
    }

    /// The program's version and the versions of the data it carries.
    static func fullVersion() -> String {
        "timedeck \(TimedeckVersion.string)\n" + ZoneCatalog.versionLines() + "\n"
            + LeapSecondList.load(environment: ProcessEnvironment.values,
                                  nowUnixSeconds: Int64(Date().timeIntervalSince1970)).versionLine
            + ((try? UT1Table.loadBundled()).map { "\n" + $0.versionLine } ?? "")
    }

    func run() throws { try Self.openDashboard(noColor: noColor, plain: plain) }

    /// The dashboard (full screen, or plain lines), as both ways in open it.
    static func openDashboard(noColor: Bool, plain: Bool) throws {
        let opener = TerminalOpener(requireInteractive: Terminal.requireInteractive,
                                    open: { try Terminal(noColor: $0, theme: $1) })
        try DashboardLaunch.run(noColor: noColor, plain: plain, terminalOpener: opener)
    }
}
