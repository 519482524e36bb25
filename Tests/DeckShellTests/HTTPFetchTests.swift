import Foundation
import Testing
import TestSupport
@testable import DeckShell

/// The forecast's HTTP client against a local server (no network here).
@Suite struct HTTPFetchTests {
    @Test func aGetCarriesOurUserAgentAndReturnsStatusAndBody() throws {
        let server = try LocalHTTPServer { _ in .answer(status: 200, body: #"{"ok":true}"#) }
        defer { server.stop() }
        let result = HTTPFetch.get(URL(string: server.baseURL + "/v1/forecast?latitude=1")!, timeoutSeconds: 5)
        #expect(try result.get() == HTTPFetch.Response(status: 200, body: Array(#"{"ok":true}"#.utf8)))
        let request = try #require(server.requests.first)
        #expect(request.headers["user-agent"] == HTTPFetch.userAgent && HTTPFetch.userAgent.hasPrefix("timedeck/"))
        #expect(request.query["latitude"] == "1")
    }

    @Test func anErrorStatusKeepsItsBody() throws {
        let server = try LocalHTTPServer { _ in .answer(status: 400, body: #"{"error":true,"reason":"Latitude must be in range of -90 to 90°."}"#) }
        defer { server.stop() }
        let response = try HTTPFetch.get(URL(string: server.baseURL + "/x")!, timeoutSeconds: 5).get()
        #expect(response.status == 400 && String(decoding: response.body, as: UTF8.self).contains("Latitude must be"))
    }

    @Test func aSlowServerTimesOut() throws {
        let server = try LocalHTTPServer { _ in .slow(seconds: 3, status: 200, body: "{}") }
        defer { server.stop() }
        let started = Date()
        let result = HTTPFetch.get(URL(string: server.baseURL + "/x")!, timeoutSeconds: 1)
        guard case .failure(.timedOut) = result else { Issue.record("expected a time-out, got \(result)"); return }
        #expect(Date().timeIntervalSince(started) < 3)
    }

    @Test func aDeadServerIsUnreachable() throws {
        let server = try LocalHTTPServer { _ in .hangUp }
        let url = URL(string: server.baseURL + "/x")!
        server.stop()
        guard case .failure(.unreachable) = HTTPFetch.get(url, timeoutSeconds: 2) else {
            Issue.record("a refused connection should be unreachable")
            return
        }
    }

    @Test func aHugeBodyIsRefusedNotBuffered() throws {
        let big = String(repeating: "x", count: 300_000)
        let server = try LocalHTTPServer { _ in .answer(status: 200, body: big) }
        defer { server.stop() }
        #expect(HTTPFetch.get(URL(string: server.baseURL + "/x")!, timeoutSeconds: 5, maximumBytes: 100_000)
                == .failure(.tooLarge(bytes: 100_000)))
    }

    @Test func onlyHTTPAddressesAreAsked() {
        guard case .failure(.badURL) = HTTPFetch.get(URL(string: "file:///etc/passwd")!) else {
            Issue.record("file: must be refused")
            return
        }
    }
}
