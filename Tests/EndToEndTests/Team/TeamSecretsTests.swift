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
}
