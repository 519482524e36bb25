import ArgumentParser
import Dashboard
import DeckShell
import Foundation
import TimeKit
import TimeStore

struct SnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Save what the dashboard shows now: text, ANSI-colour and SVG files plus a data summary.",
        discussion: """
            The files go to the data folder's snapshots/ ($TIMEDECK_HOME, else $XDG_DATA_HOME/timedeck, \
            else ~/.local/share/timedeck), named by the UTC instant; the path is printed. In the dashboard, \
            press w for the same.
            Examples:
              timedeck snapshot
              timedeck snapshot --columns 120 --rows 40
              timedeck snapshot --stdout | mail -s "status" ops@example.org
              timedeck snapshot --svg dashboard.svg --columns 120 --rows 45
            """
    )

    @Option(help: "Width in columns (default: this terminal's, else 100).")
    var columns: Int?

    @Option(help: "Height in rows (default: this terminal's, else 30).")
    var rows: Int?

    @Flag(help: "Print the plain-text snapshot instead of writing files.")
    var stdout = false

    @Flag(help: "With --stdout: print the ANSI-colour version.")
    var ansi = false

    @Option(help: "Write only the SVG picture of the screen to this file (the theme's colours, Braille faces as drawn).")
    var svg: String?

    @Flag(help: "With --svg: replace the file if it exists.")
    var force = false

    func run() throws {
        var err = StandardError()
        guard !ansi || stdout else {
            // The files hold both forms already; --ansi alone would be ignored without a word.
            print("timedeck: --ansi goes with --stdout (the saved files hold both the text and the ANSI form); "
                  + "use timedeck snapshot --stdout --ansi.", to: &err)
            throw ExitCode(2)
        }
        guard svg == nil || !stdout else {
            print("timedeck: --svg writes a file and --stdout prints text; give one of them.", to: &err)
            throw ExitCode(2)
        }
        let size = Self.size(columns: columns, rows: rows)
        guard (1...1000).contains(size.columns), (1...1000).contains(size.rows) else {
            print("timedeck: --columns and --rows must be between 1 and 1000.", to: &err)
            throw ExitCode(2)
        }
        var state = try DashboardRunner.initialState(now: WallClock.now(), store: StoreHandle.atDefaultLocation())
        // The dashboard reads the almanac after its first frame; a snapshot
        // has no second frame, so it reads it first (issue 28: without it
        // the sights said "Almanac not loaded" where the dashboard's w works),
        // with the brighter stars when a stored sight names one.
        state = SightsShell.withAlmanac(state, environment: ProcessEnvironment.values)
        let document = SnapshotDocument.make(state, size: size)
        if stdout {
            print(ansi ? document.ansi : document.text, terminator: "")
            return
        }
        if let svg {
            do {
                let file = try AtomicOutputFile(path: svg, replacing: force, option: "--svg")
                try file.write(document.svg)
                try file.commit()
            } catch let failure as AtomicOutputFile.Failure {
                print("timedeck: \(failure.description)", to: &err)
                throw ExitCode(failure.isUsage ? 2 : 1)
            }
            print(svg)
            return
        }
        do {
            print(try SnapshotFiles.write(document))
        } catch {
            print("timedeck: could not save the snapshot: \(error)", to: &err)
            throw ExitCode(1)
        }
    }

    /// The requested size, else the terminal's, else 100×30.
    static func size(columns: Int?, rows: Int?) -> Size {
        var ws = winsize()
        let known = isatty(1) == 1 && ioctl(1, UInt(TIOCGWINSZ), &ws) == 0 && ws.ws_col > 0 && ws.ws_row > 0
        return Size(columns: columns ?? (known ? Int(ws.ws_col) : 100), rows: rows ?? (known ? Int(ws.ws_row) : 30))
    }
}
