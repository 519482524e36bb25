import ArgumentParser
import DeckShell
import Foundation
import TimeKit
import TimeStore

/// `--gpx FILE`, `--plot FILE`, `--nmea TARGET` and `--force`: a round of
/// sights to a chart plotter, or drawn on a plotting sheet. Checked before any work is done; written only after the sights
/// made their answer (a refused fix writes and sends nothing).
struct ChartOutputOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Also write the fix, the DR, the lines of position and the sight log as GPX 1.1 to FILE "
                               + "(a new file; --force replaces one).", valueName: "file"))
    var gpx: String?

    @Option(help: ArgumentHelp("Also draw the DR, the lines of position, the intercepts and the fix with its 1σ ellipse "
                               + "on a universal plotting sheet, as SVG to FILE (a new file; --force replaces one).",
                               valueName: "file"))
    var plot: String?

    @Option(help: ArgumentHelp("Also send the fix (and the DR and the lines as waypoints and routes) as NMEA 0183 to "
                               + "TARGET: a file (new; --force replaces one), udp://HOST:PORT or tcp://HOST:PORT.",
                               valueName: "target"))
    var nmea: String?

    @Flag(help: "Replace the --gpx, --plot or --nmea file if it exists.")
    var force = false

    /// Where `--nmea` goes, or a usage error (exit 2) saying what to write.
    func nmeaTarget() throws -> NMEATarget? {
        guard let nmea else { return nil }
        do {
            return try NMEATarget(parsing: nmea)
        } catch let error as NMEATarget.Problem {
            throw NavigationCLI.fail("--nmea: \(error.description)")
        }
    }

    /// Refuses a file that cannot be written before the sights are worked.
    func check() throws {
        if let gpx { try refusing { try AtomicOutputFile.check(path: gpx, replacing: force, option: "--gpx") } }
        if let plot { try refusing { try AtomicOutputFile.check(path: plot, replacing: force, option: "--plot") } }
        if case .file(let path)? = try nmeaTarget() {
            try refusing { try AtomicOutputFile.check(path: path, replacing: force, option: "--nmea") }
        }
    }

    /// Writes and sends what was asked for, saying so on stderr.
    func emit(_ export: ChartExport) throws {
        if let gpx {
            try write(GPXDocument.xml(export, creator: "timedeck \(TimedeckVersion.string)"), to: gpx, option: "--gpx")
            Console.error("wrote GPX (\(export.fix == nil ? "no fix, " : "fix, ")\(export.lines.count) line"
                          + "\(export.lines.count == 1 ? "" : "s") of position) to \(gpx)\n")
        }
        if let plot {
            try write(PlottingSheet.svg(export), to: plot, option: "--plot")
            Console.error("wrote the plotting sheet (\(export.fix == nil ? "no fix, " : "fix, ")\(export.lines.count) line"
                          + "\(export.lines.count == 1 ? "" : "s") of position) as SVG to \(plot)\n")
        }
        guard let target = try nmeaTarget() else { return }
        guard export.fix != nil else {
            throw NavigationCLI.fail("--nmea: nothing sent: \(export.lines.count == 1 ? "one line of position is" : "lines of position are") "
                                     + "not a position (a fix needs two sights whose lines cross; --gpx carries lines)")
        }
        let lines = NMEASentences.sentences(export)
        switch target {
        case .file(let path):
            try write(lines.map { $0 + "\r\n" }.joined(), to: path, option: "--nmea")
        case .udp, .tcp:
            do {
                try target.send(lines)
            } catch let error as NMEATarget.Problem {
                throw NavigationCLI.fail("--nmea \(target): \(error.description); nothing more was sent", code: 1)
            }
        }
        Console.error("sent \(lines.count) NMEA 0183 sentences to \(target)\n")
    }

    private func write(_ text: String, to path: String, option: String) throws {
        try refusing {
            let file = try AtomicOutputFile(path: path, replacing: force, option: option)
            try file.write(text)
            try file.commit()
        }
    }

    private func refusing(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let failure as AtomicOutputFile.Failure {
            throw NavigationCLI.fail(failure.description, code: failure.isUsage ? 2 : 1)
        }
    }
}
