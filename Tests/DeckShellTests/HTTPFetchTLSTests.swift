import Foundation
import Testing
import TestSupport
import TimeKit
@testable import DeckShell

/// The real TLS path: libcurl against a local HTTPS server whose
/// certificates come from a CA made for the test (`ThrowawayCA`), trusted
/// only through `caFile` (weather.ca_file). Verification is never off: an
/// unknown CA, an expired certificate and a wrong host are refused in our
/// words.
@Suite struct HTTPFetchTLSTests {
    static let body = #"{"ok":true}"#

    /// A CA, a server with the identity `make` gives, and the URL to ask.
    static func serve(_ make: (ThrowawayCA) throws -> ThrowawayCA.Identity) throws -> (ThrowawayCA, LocalHTTPServer, URL) {
        try #require(ThrowawayCA.isAvailable, "the TLS tests need the openssl command (apt install openssl)")
        let ca = try ThrowawayCA()
        let server = try LocalHTTPServer(tls: try make(ca)) { _ in .answer(status: 200, body: Self.body) }
        return (ca, server, try #require(URL(string: server.baseURL + "/v1/forecast?latitude=1")))
    }

    @Test func aServerSignedByTheGivenCAIsTrusted() throws {
        let (ca, server, url) = try Self.serve { try $0.serverIdentity("good") }
        defer { server.stop(); ca.remove() }
        #expect(url.scheme == "https")
        let response = try HTTPFetch.get(url, timeoutSeconds: 5, caFile: ca.certificatePath).get()
        #expect(response == HTTPFetch.Response(status: 200, body: Array(Self.body.utf8)))
        #expect(server.requests.first?.headers["user-agent"] == HTTPFetch.userAgent)
    }

    @Test func withoutTheCAFileThePrivateCAIsUnknown() throws {
        let (ca, server, url) = try Self.serve { try $0.serverIdentity("good") }
        defer { server.stop(); ca.remove() }
        #expect(HTTPFetch.get(url, timeoutSeconds: 5) == .failure(.tls(.unknownAuthority)))
        #expect(server.requests.isEmpty, "nothing is sent over a connection that was refused")
        // Another CA's file does not help either.
        let other = try ThrowawayCA(name: "other")
        defer { other.remove() }
        #expect(HTTPFetch.get(url, timeoutSeconds: 5, caFile: other.certificatePath) == .failure(.tls(.unknownAuthority)))
        #expect(TLSRefusal.unknownAuthority.description.contains("timedeck config set weather.ca_file"))
    }

    /// "Beside the system's": the file given as CAINFO replaces libcurl's
    /// default bundle file only; its default CA folder, where the system's
    /// CAs are too, is still read. That holds where libcurl has such a
    /// folder (Debian's and Ubuntu's builds: /etc/ssl/certs, hashed links
    /// to every system CA). The test machine's libcurl must have it, else
    /// setting weather.ca_file would drop the public CAs.
    @Test func theSystemsCAFolderStaysBesideTheFile() throws {
        let folder = try #require(HTTPFetch.defaultCAFolder, "this libcurl has no default CA folder")
        let links = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.range(of: #"^[0-9a-f]{8}\.[0-9]$"#, options: .regularExpression) != nil }
        #expect(links.count > 50, "\(folder) holds \(links.count) hashed CA links")
    }

    @Test func anExpiredCertificateIsRefused() throws {
        let (ca, server, url) = try Self.serve {
            try $0.serverIdentity("expired", notBefore: Date().addingTimeInterval(-30 * 86_400),
                                  notAfter: Date().addingTimeInterval(-86_400))
        }
        defer { server.stop(); ca.remove() }
        #expect(HTTPFetch.get(url, timeoutSeconds: 5, caFile: ca.certificatePath) == .failure(.tls(.expired)))
        #expect(server.requests.isEmpty)
    }

    @Test func aCertificateNotYetValidIsRefused() throws {
        let (ca, server, url) = try Self.serve {
            try $0.serverIdentity("future", notBefore: Date().addingTimeInterval(86_400), notAfter: Date().addingTimeInterval(2 * 86_400))
        }
        defer { server.stop(); ca.remove() }
        #expect(HTTPFetch.get(url, timeoutSeconds: 5, caFile: ca.certificatePath) == .failure(.tls(.notYetValid)))
    }

    @Test func aCertificateForAnotherHostIsRefused() throws {
        let (ca, server, url) = try Self.serve { try $0.serverIdentity("elsewhere", subjectAltName: "DNS:weather.example.org") }
        defer { server.stop(); ca.remove() }
        #expect(HTTPFetch.get(url, timeoutSeconds: 5, caFile: ca.certificatePath) == .failure(.tls(.wrongHost("127.0.0.1"))))
        #expect(server.requests.isEmpty)
    }

    @Test func aBadCAFileIsNamedBeforeAnythingIsAsked() throws {
        let (ca, server, url) = try Self.serve { try $0.serverIdentity("good") }
        defer { server.stop(); ca.remove() }
        let missing = ca.folder.appendingPathComponent("missing.pem").path
        #expect(HTTPFetch.get(url, timeoutSeconds: 5, caFile: missing)
                == .failure(.tls(.caFileUnusable(path: missing, reason: "no such file"))))
        let key = ca.folder.appendingPathComponent("good.key").path
        guard case .failure(.tls(.caFileUnusable(let path, let reason))) = HTTPFetch.get(url, timeoutSeconds: 5, caFile: key) else {
            Issue.record("a private key given as the CA file must be refused")
            return
        }
        #expect(path == key && reason.contains("PRIVATE KEY block"), "\(reason)")
        #expect(server.requests.isEmpty)
    }

    /// The dashboard's worker and `timedeck weather` fetch through here:
    /// the request's `caFile` reaches libcurl, and a refusal is kept as
    /// the forecast's failure in our words.
    @Test func theForecastFetchCarriesTheCAFile() throws {
        let (ca, server, _) = try Self.serve { try $0.serverIdentity("good") }
        defer { server.stop(); ca.remove() }
        let position = try GeoPosition(latitudeDegrees: 48.86, longitudeDegrees: 2.35)
        let refused = WeatherService.fetch(OpenMeteoRequest(baseURL: server.baseURL + "/v1/forecast", position: position), now: Date.init)
        #expect(refused.failureValue == .tlsRefused(.unknownAuthority))
        let trusted = WeatherService.fetch(OpenMeteoRequest(baseURL: server.baseURL + "/v1/forecast", position: position,
                                                            caFile: ca.certificatePath), now: Date.init)
        // Past TLS, the parser has its say on this body (not a forecast).
        #expect(trusted.failureValue.map { if case .tlsRefused = $0 { false } else { true } } == true, "\(trusted)")
        #expect(server.requests.count == 1)
    }

    /// libcurl says every chain problem as code 60; OpenSSL's verify result
    /// tells which, and a 60 on a verified chain is the host-name check.
    @Test(arguments: [
        (Int32(60), 10, TLSRefusal.expired), (60, 9, .notYetValid), (60, 20, .unknownAuthority), (60, 19, .unknownAuthority),
        (60, 18, .unknownAuthority), (60, 0, .wrongHost("h.example")), (60, 62, .wrongHost("h.example")),
        (60, 23, .other("certificate revoked")), (35, 0, .other("certificate revoked")),
        (60, 1, .other("certificate revoked")), (60, 50, .other("certificate revoked")),
        (77, 0, .caFileUnusable(path: "/ca.pem", reason: "certificate revoked")),
    ])
    func libcurlCodesInOurWords(code: Int32, verify: Int, expected: TLSRefusal) {
        #expect(HTTPFetch.refusal(code: code, verifyResult: verify, words: "certificate revoked", host: "h.example", caFile: "/ca.pem") == expected)
    }

    /// Debian 12's libcurl 7.88 leaves X509_V_ERR_UNSPECIFIED (1) after its
    /// own host-name check; its words say which check it was.
    @Test func libcurlsHostCheckByItsWords() {
        let words = "SSL: no alternative certificate subject name matches target host name '127.0.0.1'"
        for verify in [1, 50] {
            #expect(HTTPFetch.refusal(code: 60, verifyResult: verify, words: words, host: "127.0.0.1", caFile: nil) == .wrongHost("127.0.0.1"))
        }
    }

    @Test func otherFailuresAreNotTLS() {
        #expect(HTTPFetch.refusal(code: 7, verifyResult: 0, words: "Connection refused", host: "h", caFile: nil) == nil)
        #expect(HTTPFetch.refusal(code: 35, verifyResult: 0, words: "\u{1B}[31mred", host: "h", caFile: nil) == .other("␛[31mred"))
    }
}

private extension Result {
    var failureValue: Failure? { if case .failure(let f) = self { f } else { nil } }
}
