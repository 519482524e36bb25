import Testing
@testable import TimeKit

/// Issue 29: any URL's password is hidden wherever a value is echoed.
@Suite struct RedactedValueTests {
    @Test("Passwords of any scheme hidden; the rest kept", arguments: [
        ("https://user:PW@h.example/", "https://user:***@h.example/"),
        ("https://user:P/W?x@h.example/v1?a=b", "https://user:***@h.example/v1?a=b"),
        ("http://u:p@w@127.0.0.1:1/v1/forecast", "http://u:***@127.0.0.1:1/v1/forecast"),
        ("postgresql://alice:S3cr@h/db", "postgresql://alice:***@h/db"),
        ("https://user@h.example/", "https://user@h.example/"),
        ("https://h.example/path", "https://h.example/path"),
        ("not a url", "not a url"),
        ("\"https://a:b@c/\" and \"https://d:e@f/\"", "\"https://a:***@c/\" and \"https://d:***@f/\""),
    ])
    func hidden(raw: String, shown: String) {
        #expect(RedactedValue.shown(raw) == shown)
    }
}
