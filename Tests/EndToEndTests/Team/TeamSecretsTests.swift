import Foundation
import Testing

/// Issue 20, item 3: the password in team.url never reaches a message — not
/// in `team status`, `team sync`, `marks add`, nor `config set` — whatever
/// shape the string has (a malformed URL libpq quotes back, a conninfo).
@Suite("team: secrets redacted", .serialized)
struct TeamSecretsTests {
    static let secret = "S3cretPW"

    @Test("No command prints the password of a team.url", arguments: [
        "postgresql://user:S3cretPW@[::1",
        "postgresql://user:S3cretPW@127.0.0.1:1/x?sslmode=disable",
        "postgresql://u@127.0.0.1:1/x?password=S3cretPW&sslmode=disable",
        "host=/nonexistent password=S3cretPW dbname=x",
    ])
    func noPassword(url: String) throws {
        let dir = TemporaryFolder()
        let env = ["TIMEDECK_HOME": dir.path("data"), "XDG_CONFIG_HOME": dir.path("config"), "PGCONNECT_TIMEOUT": "2"]
        let set = try TimedeckBinary.run(["config", "set", "team.url", url], environment: env)
        #expect(!(set.stdout + set.stderr).contains(Self.secret), "config set: \(set.stdout)\(set.stderr)")
        for command in [["team", "status"], ["marks", "add", "--gps-wait", "0"], ["team", "sync"], ["team", "status", "--json"]] {
            let out = try TimedeckBinary.run(command, environment: env)
            #expect(!(out.stdout + out.stderr).contains(Self.secret), "\(command): \(out.stdout)\(out.stderr)")
        }
    }

    /// Passwords holding what a URL reserves, typed unencoded (issue 29):
    /// libpq alone reads `u:S3cr/etPW@h` as host `u`, port `S3cr`, and
    /// `u:S3cr@etPW@h` as host `etPW@h`, and quotes those back. No part of
    /// the password (`S3cr`, `etPW`, raw or percent-encoded) may show.
    static let reservedForms = [
        "postgresql://u:S3cr/etPW@127.0.0.1:1/x?sslmode=disable",
        "postgresql://u:S3cr?etPW@127.0.0.1:1/x?sslmode=disable",
        "postgresql://u:S3cr@etPW@127.0.0.1:1/x?sslmode=disable",
        "postgresql://u:S3cr:etPW@127.0.0.1:1/x?sslmode=disable",
        "postgresql://u:S3cr%zzetPW@127.0.0.1:1/x",
        "postgresql://u:S3cr%2FetPW@127.0.0.1:1/x",
        "postgresql://u:S3cr/etPW@[::1",
        "postgresql://u@127.0.0.1:1/x?pass%77ord=S3cr/etPW",
        "host=127.0.0.1 port=1 password=S3cr etPW dbname=x",
        "host=127.0.0.1 port=1 password='S3cr \\'etPW' dbname=x",
    ]

    @Test("No command prints a piece of a password holding / ? @ : or %", arguments: reservedForms)
    func reservedCharacters(url: String) throws {
        let dir = TemporaryFolder()
        let env = ["TIMEDECK_HOME": dir.path("data"), "XDG_CONFIG_HOME": dir.path("config"), "PGCONNECT_TIMEOUT": "2"]
        let set = try TimedeckBinary.run(["config", "set", "team.url", url], environment: env)
        // team.url takes URLs only: a conninfo is refused, without its password.
        #expect(set.status == (url.hasPrefix("postgresql://") ? 0 : 2), "config set: \(set.stderr)")
        for command in [["config", "set", "team.url", url], ["config", "check"],
                        ["team", "status"], ["team", "status", "--json"], ["team", "sync"],
                        ["marks", "add", "--gps-wait", "0"], ["marks", "list", "--team"]] {
            let out = try TimedeckBinary.run(command, environment: env)
            for piece in ["S3cr", "etPW"] {
                #expect(!(out.stdout + out.stderr).contains(piece), "\(command): \(out.stdout)\(out.stderr)")
            }
        }
    }
}
