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
        // Issue 29: reserved characters typed unencoded in the password.
        ("postgresql://u:S3cr/etPW@db/occ", "postgresql://u:***@db/occ"),
        ("postgresql://u:S3cr?etPW@db/occ?sslmode=require", "postgresql://u:***@db/occ?sslmode=require"),
        ("postgresql://u:S3cr@etPW@db/occ", "postgresql://u:***@db/occ"),
        ("postgresql://u:S3cr:etPW@db:5432/occ", "postgresql://u:***@db:5432/occ"),
        ("postgresql://u:S3cr/etPW@[::1", "postgresql://u:***@[::1"),
        ("postgresql://u:S3cr%2FetPW@db", "postgresql://u:***@db"),
        ("postgres://u@h/db?pass%77ord=S3cr%2FetPW&sslmode=require", "postgres://u@h/db?pass%77ord=***&sslmode=require"),
        ("postgres://u:S3cr?etPW@h/db?password=S3cr/etPW", "postgres://u:***@h/db?password=***"),
        ("host=h password=S3cr etPW dbname=x", "host=h password=*** dbname=x"),
        ("host=h password='S3cr \\'etPW' dbname=x", "host=h password=*** dbname=x"),
        ("host=h PASSWORD=S3cretPW", "host=h PASSWORD=***"),
        ("host=h password='S3cr \\\\'etPW' dbname=x", "host=h password=*** dbname=x"),
        ("\"postgresql://u:S3cr/etPW@db/occ\" is not valid", "\"postgresql://u:***@db/occ\" is not valid"),
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

    @Test("libpq is handed the password percent-encoded, so it reads the host after the last @", arguments: [
        ("postgresql://u:pa/ss@h/db", "postgresql://u:pa%2Fss@h/db"),
        ("postgresql://u:p?w@h/db?sslmode=require", "postgresql://u:p%3Fw@h/db?sslmode=require"),
        ("postgresql://u:p@w@h/db", "postgresql://u:p%40w@h/db"),
        ("postgresql://u:p:w@h:5432/db", "postgresql://u:p%3Aw@h:5432/db"),
        ("postgresql://u:p%40w@h/db", "postgresql://u:p%40w@h/db"),
        ("postgresql://u:100%@h/db", "postgresql://u:100%25@h/db"),
        ("postgresql://a:b@h/db", "postgresql://a:b@h/db"),
        ("postgresql://h/db?user=a@b", "postgresql://h/db?user=a@b"),
        ("postgresql://h:5432/db", "postgresql://h:5432/db"),
        ("host=h password='a b'", "host=h password='a b'"),
    ])
    func forConnecting(raw: String, handed: String) {
        #expect(ConnectionString(raw).forConnecting == handed)
    }

    @Test("A libpq message quoting any piece of the password is scrubbed", arguments: [
        ("postgresql://u:S3cr/etPW@h/db", "invalid integer value \"S3cr\" for connection option \"port\""),
        ("postgresql://u:S3cr@etPW@h/db", "could not translate host name \"etPW@h\" to address: Name or service not known"),
        ("postgresql://u:S3cr%zzetPW@h/db", "invalid percent-encoded token: \"S3cr%zzetPW\""),
        ("host=h password=S3cr etPW", "missing \"=\" after \"etPW\" in connection info string"),
    ])
    func scrubPieces(raw: String, message: String) {
        let scrubbed = ConnectionString(raw).scrub(message)
        #expect(!scrubbed.contains("S3cr") && !scrubbed.contains("etPW"), "\(scrubbed)")
        #expect(scrubbed.contains("***"))
    }

    @Test("Settings hold team.url as a ConnectionString")
    func settings() {
        let settings = Settings.parse("[team]\nurl = \"postgresql://a:S3cretPW@db/x\"\n").settings
        #expect(settings.teamURL?.description == "postgresql://a:***@db/x")
        #expect(settings.teamURL?.forConnecting == "postgresql://a:S3cretPW@db/x")
    }
}
