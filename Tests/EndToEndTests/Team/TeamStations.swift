import Foundation
import TeamLog
import TestSupport

/// Stations for the team tests: each a `MarksProcess` (its own
/// TIMEDECK_HOME and config) pointed at one team log.
struct TeamStation {
    let process: MarksProcess
    let name: String

    init(name: String, url: String) throws {
        process = try MarksProcess()
        self.name = name
        try "[marks]\ngpsd = \"off\"\n[team]\nurl = \"\(url)\"\nstation = \"\(name)\"\n"
            .write(toFile: process.configPath, atomically: true, encoding: .utf8)
    }

    /// `marks list --team --json` decoded.
    func teamView() throws -> [[String: Any]] {
        let out = try process.run(["marks", "list", "--team", "--json"])
        guard out.status == 0,
              let array = try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [[String: Any]]
        else { throw MarksProcess.Failure(message: "marks list --team --json failed (\(out.status)): \(out.stderr)") }
        return array
    }

    /// Starts a shell loop of `count` `marks add` at this station, notes
    /// `<label>-<i>`, `pause` seconds between; returns its pid.
    func startLoop(label: String, count: Int, pause: Double = 0) throws -> pid_t {
        var env = ProcessInfo.processInfo.environment
        env["TIMEDECK_HOME"] = process.home.path
        env["TIMEDECK_CONFIG"] = process.configPath
        let script = """
            i=1; while [ $i -le \(count) ]; do
              "$0" marks add --no-position --gps-wait 0 --note "\(label)-$i" >/dev/null 2>>"$1" || echo "add $i failed" >>"$1"
              \(pause > 0 ? "sleep \(pause)" : ":"); i=$((i+1)); done
            """
        let log = process.home.appendingPathComponent("loop-\(label).err").path
        return try spawn(["/bin/sh", "-c", script, MarksProcess.binary.path, log], environment: env,
                         stdin: "/dev/null", stdout: "/dev/null", stderr: log + ".sh")
    }

    /// What a loop reported as failed (lines "add N failed").
    func loopFailures(label: String) -> [String] {
        let log = (try? String(contentsOfFile: process.home.appendingPathComponent("loop-\(label).err").path, encoding: .utf8)) ?? ""
        return log.split(separator: "\n").filter { $0.hasPrefix("add ") }.map(String.init)
    }
}

/// The notes of a team view, each with its station: `north:A-17`.
func stationNotes(_ view: [[String: Any]]) -> [String] {
    view.map { "\($0["station"] as? String ?? "?"):\($0["note"] as? String ?? "?")" }
}
