import Foundation
import Testing
import TeamLog
import TestSupport
import TimeKit

/// Issue 29, item 2: a password with an unencoded `/`, `?`, `@` or `:` in
/// a `postgresql://` URL still connects (libpq alone would read the host
/// from inside the password), and a failure never quotes any part of it.
@Suite("Team log: passwords with reserved characters")
struct TeamPasswordFormTests {
    /// `url` with `password` put in its user info, as a person types it.
    static func withPassword(_ url: String, _ password: String) throws -> String {
        let scheme = try #require(url.range(of: "://"))
        let at = try #require(url[scheme.upperBound...].firstIndex(of: "@"), "the test server's URL has no user: \(url)")
        return String(url[..<at]) + ":" + password + String(url[at...])
    }

    @Test("The server is reached whatever the password holds (the private server trusts any)",
          arguments: ["pa/ss", "p?w", "p@w", "p:w/x?y@z", "100%", "p%40w", "a b"])
    func connects(password: String) throws {
        let server = try ThrowawayDatabase()
        defer { server.drop() }
        let url = try Self.withPassword(server.url, password)
        let client = try TeamLogClient(url: url)
        #expect(try client.schemaVersion() == 2)
        #expect(!client.connection.serverDescription.contains(password))
    }

    @Test("A failed connect names neither the password nor a piece of it",
          arguments: ["postgresql://u:S3cr/etPW@127.0.0.1:1/x", "postgresql://u:S3cr?etPW@127.0.0.1:1/x",
                      "postgresql://u:S3cr@etPW@127.0.0.1:1/x", "postgresql://u:S3cr%zzetPW@127.0.0.1:1/x",
                      "postgresql://u:S3cr@etPW@[::1", "host=127.0.0.1 port=1 password=S3cr etPW dbname=x",
                      "host=127.0.0.1 port=x password='S3cr etPW' dbname=x",
                      "postgresql://u@127.0.0.1:1/x?pass%77ord=S3cr%2FetPW"])
    func failureHidesPassword(url: String) throws {
        do {
            _ = try PGConnection(url: url, timeoutSeconds: 2)
            Issue.record("connected to \(url)")
        } catch {
            let text = "\(error)"
            for piece in ["S3cr", "etPW"] { #expect(!text.contains(piece), "\(text)") }
        }
    }
}
