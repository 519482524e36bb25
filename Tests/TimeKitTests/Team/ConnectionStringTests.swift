import Testing
@testable import TimeKit

/// Issue 20, item 3: a connection string's description never holds its
/// password, whatever its shape, and messages that quote it are scrubbed.
@Suite("ConnectionString: the password never shows")
struct ConnectionStringTests {
    @Test("Descriptions hide the password", arguments: [
        ("postgresql://user:S3cretPW@db/occ", "postgresql://user:***@db/occ"),
        ("postgresql://user:S3cretPW@[::1", "postgresql://user:***@[::1"),
        ("postgres://u@h/db?sslmode=require&password=S3cretPW", "postgres://u@h/db?sslmode=require&password=***"),
        ("host=/tmp password=S3cretPW dbname=x", "host=/tmp password=*** dbname=x"),
        ("host=/tmp password = 'S3cret PW' dbname=x", "host=/tmp password = *** dbname=x"),
        ("postgresql://north@db/occ", "postgresql://north@db/occ"),
    ])
    func description(raw: String, shown: String) {
        let url = ConnectionString(raw)
        #expect(url.description == shown)
        #expect("\(url)" == shown)
        #expect(!String(reflecting: url).contains("S3cret"))
    }

    @Test("A message quoting the string or its password (percent-encoded too) is scrubbed")
    func scrub() {
        let url = ConnectionString("postgresql://user:S3cret%40PW@[::1")
        let libpq = "end of string reached when looking for matching \"]\" in IPv6 host address in URI: \"postgresql://user:S3cret%40PW@[::1\""
        let scrubbed = url.scrub(libpq)
        #expect(!scrubbed.contains("S3cret"))
        #expect(scrubbed.contains("postgresql://user:***@[::1"))
        #expect(ConnectionString("host=h password=S3cretPW").scrub("password S3cretPW rejected") == "password *** rejected")
        #expect(url.scrub("nothing secret") == "nothing secret")
    }

    @Test("Settings hold team.url as a ConnectionString")
    func settings() {
        let settings = Settings.parse("[team]\nurl = \"postgresql://a:S3cretPW@db/x\"\n").settings
        #expect(settings.teamURL?.description == "postgresql://a:***@db/x")
        #expect(settings.teamURL?.forConnecting == "postgresql://a:S3cretPW@db/x")
    }
}
