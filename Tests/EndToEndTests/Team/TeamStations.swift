import Foundation
import TeamLog

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

/// A PostgreSQL server of the test's own (its own data folder and port),
/// so it can be stopped and started without disturbing other tests. Run as
/// the `postgres` user when the tests run as root (initdb refuses root).
final class PrivateServer {
    let folder: String
    let port: Int
    let bin = "/usr/lib/postgresql/15/bin"

    /// With `tls`, a self-signed certificate and `ssl = on`.
    init(tls: Bool = false) throws {
        folder = "/tmp/timedeck-pg-\(UUID().uuidString.prefix(8))"
        port = 20000 + Int.random(in: 0..<20000)
        try run("mkdir -p \(folder) && \(bin)/initdb -A trust -U postgres -D \(folder)/data >\(folder)/initdb.log 2>&1")
        if tls {
            try run("cd \(folder)/data && openssl req -new -x509 -days 2 -nodes -subj /CN=localhost "
                    + "-keyout server.key -out server.crt >/dev/null 2>&1 && chmod 600 server.key "
                    + "&& echo 'ssl = on' >> postgresql.conf")
        }
        try start()
    }

    var url: String { "postgresql://postgres@127.0.0.1:\(port)/postgres" }

    func start() throws {
        try run("\(bin)/pg_ctl -D \(folder)/data -l \(folder)/server.log -w -o '-p \(port) -k \(folder) -c listen_addresses=127.0.0.1' start >/dev/null")
    }

    func stop() throws {
        try run("\(bin)/pg_ctl -D \(folder)/data -m immediate -w stop >/dev/null")
    }

    func remove() {
        try? stop()
        try? run("rm -rf \(folder)", asPostgres: false)
    }

    private func run(_ command: String, asPostgres: Bool = true) throws {
        let root = geteuid() == 0
        let argv = root && asPostgres
            ? ["/usr/sbin/runuser", "-u", "postgres", "--", "/bin/sh", "-c", "umask 077; " + command]
            : ["/bin/sh", "-c", command]
        if root && asPostgres { _ = try? spawnAndWait(["/bin/sh", "-c", "mkdir -p \(folder) && chown postgres \(folder)"], environment: [:]) }
        let pid = try spawn(argv, environment: ProcessInfo.processInfo.environment, stdin: "/dev/null",
                            stdout: "/dev/null", stderr: "/tmp/timedeck-pg-\(port).err")
        let status = waitForExit(pid)
        let err = (try? String(contentsOfFile: "/tmp/timedeck-pg-\(port).err", encoding: .utf8)) ?? ""
        unlink("/tmp/timedeck-pg-\(port).err")
        guard status == 0 else {
            throw MarksProcess.Failure(message: "`\(command)` failed: \(err); \(ThrowawayDatabase.howToStart)")
        }
    }
}
