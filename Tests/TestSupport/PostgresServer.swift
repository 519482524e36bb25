import Foundation

/// A PostgreSQL server of the tests' own: `initdb` in a temporary folder,
/// its socket in that folder and TCP on 127.0.0.1 at a random port, so it
/// needs no system cluster and no role. Run as the `postgres` user when the
/// tests run as root (initdb and postgres refuse root), as Debian's own
/// package tests do.
public final class PostgresServer: Sendable {
    public let folder: String
    public let port: Int
    static let bin = "/usr/lib/postgresql/15/bin"

    /// Makes and starts a server; with `tls`, a self-signed certificate and
    /// `ssl = on`. Tries a few random ports when one is taken.
    public init(tls: Bool = false) throws {
        folder = "/tmp/timedeck-pg-\(UUID().uuidString.prefix(8))"
        do {
            try Self.initialize(folder, tls: tls)
        } catch {
            try? Self.run("rm -rf \(folder)", in: folder, asPostgres: false)
            throw error
        }
        var lastError: Error?
        var chosen = 0
        for _ in 0..<4 {
            chosen = 20000 + Int.random(in: 0..<20000)
            do {
                try Self.start(folder, port: chosen)
                lastError = nil
                break
            } catch {
                lastError = error
            }
        }
        port = chosen
        if let lastError {
            try? Self.run("rm -rf \(folder)", in: folder, asPostgres: false)
            throw lastError
        }
    }

    /// The `postgres` database as the `postgres` superuser, over TCP.
    public var url: String { "postgresql://postgres@127.0.0.1:\(port)/postgres" }

    public func start() throws { try Self.start(folder, port: port) }

    /// Stops at once (`-m immediate`), as a crash or a pulled cable would.
    public func stop() throws {
        try Self.run("\(Self.bin)/pg_ctl -D \(folder)/data -m immediate -w stop >/dev/null", in: folder)
    }

    /// Stops the server and removes its folder.
    public func remove() {
        try? stop()
        try? Self.run("rm -rf \(folder)", in: folder, asPostgres: false)
    }

    static func initialize(_ folder: String, tls: Bool) throws {
        try run("mkdir -p \(folder) && \(bin)/initdb -A trust -U postgres -D \(folder)/data >\(folder)/initdb.log 2>&1",
                in: folder)
        if tls {
            try run("cd \(folder)/data && openssl req -new -x509 -days 2 -nodes -subj /CN=localhost "
                    + "-keyout server.key -out server.crt >/dev/null 2>&1 && chmod 600 server.key "
                    + "&& echo 'ssl = on' >> postgresql.conf", in: folder)
        }
    }

    static func start(_ folder: String, port: Int) throws {
        try run("\(bin)/pg_ctl -D \(folder)/data -l \(folder)/server.log -w "
                + "-o '-p \(port) -k \(folder) -c listen_addresses=127.0.0.1' start >/dev/null", in: folder)
    }

    /// Runs `command` with `/bin/sh`, as `postgres` when root; throws with
    /// its standard error when it fails.
    static func run(_ command: String, in folder: String, asPostgres: Bool = true) throws {
        let root = geteuid() == 0
        if root && asPostgres {
            _ = try ChildProcess.run(["/bin/sh", "-c", "mkdir -p \(folder) && chown postgres \(folder)"])
        }
        let argv = root && asPostgres
            ? ["/usr/sbin/runuser", "-u", "postgres", "--", "/bin/sh", "-c", "umask 077; " + command]
            : ["/bin/sh", "-c", command]
        let result = try ChildProcess.run(argv)
        guard result.status == 0 else {
            throw PostgresUnavailable(description: "`\(command)` failed (\(result.status)): \(result.stderr) "
                                      + "(needs PostgreSQL 15's server binaries in \(bin): apt-get install --no-upgrade postgresql)")
        }
    }
}

/// A private server could not be made or reached.
public struct PostgresUnavailable: Error, CustomStringConvertible {
    public var description: String
}
