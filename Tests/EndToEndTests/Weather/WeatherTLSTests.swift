import Foundation
import Testing
import TestSupport

/// `timedeck weather` and `timedeck config` with a self-hosted forecast
/// server behind a private CA (a local HTTPS server; the CA made in the
/// test and given through weather.ca_file), as a user meets them.
@Suite struct WeatherTLSTests {
    static func serve(_ make: (ThrowawayCA) throws -> ThrowawayCA.Identity) throws -> (ThrowawayCA, LocalHTTPServer) {
        try #require(ThrowawayCA.isAvailable, "the TLS tests need the openssl command (apt install openssl)")
        let ca = try ThrowawayCA()
        let body = WeatherCLITests.sample().json
        return (ca, try LocalHTTPServer(tls: try make(ca)) { _ in .answer(status: 200, body: body) })
    }

    static func caLine(_ path: String) -> String { "ca_file = \"\(path)\"" }

    @Test func trustedThroughTheSettingTheForecastIsAccepted() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let (ca, server) = try Self.serve { try $0.serverIdentity("good") }
        defer { server.stop(); ca.remove() }
        try WeatherCLITests.setUp(p, server: server, extra: Self.caLine(ca.certificatePath))
        let check = try p.run(["config", "check"])
        #expect(check.status == 0 && check.stdout.hasSuffix("OK\n"), "\(check.stdout)\(check.stderr)")
        let out = try p.run(["weather", "--json"])
        #expect(out.status == 0, "\(out.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        #expect(object["temperature"] as? Double == 7.3)
        #expect(server.requests.count == 1 && server.requests.first?.query["latitude"] == "48.86")
    }

    @Test func withoutTheSettingThePrivateCAIsRefusedWithWhatToDo() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let (ca, server) = try Self.serve { try $0.serverIdentity("good") }
        defer { server.stop(); ca.remove() }
        try WeatherCLITests.setUp(p, server: server)
        let out = try p.run(["weather", "--json"])
        #expect(out.status == 1 && out.stdout.isEmpty)
        #expect(out.stderr.contains("certificate refused: the server's certificate is not signed by a CA this computer trusts"), "\(out.stderr)")
        #expect(out.stderr.contains("timedeck config set weather.ca_file /path/to/ca.pem"), "\(out.stderr)")
        #expect(server.requests.isEmpty)
    }

    @Test func anExpiredCertificateIsRefused() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let (ca, server) = try Self.serve {
            try $0.serverIdentity("expired", notBefore: Date().addingTimeInterval(-30 * 86_400), notAfter: Date().addingTimeInterval(-3600))
        }
        defer { server.stop(); ca.remove() }
        try WeatherCLITests.setUp(p, server: server, extra: Self.caLine(ca.certificatePath))
        let out = try p.run(["weather"])
        #expect(out.status == 1 && out.stdout.isEmpty)
        #expect(out.stderr.contains("the server's certificate has expired; renew it on the server"), "\(out.stderr)")
    }

    @Test func aCertificateForAnotherHostIsRefused() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let (ca, server) = try Self.serve { try $0.serverIdentity("elsewhere", subjectAltName: "DNS:weather.example.org") }
        defer { server.stop(); ca.remove() }
        try WeatherCLITests.setUp(p, server: server, extra: Self.caLine(ca.certificatePath))
        let out = try p.run(["weather"])
        #expect(out.status == 1)
        #expect(out.stderr.contains("the server's certificate is not for 127.0.0.1"), "\(out.stderr)")
        #expect(server.requests.isEmpty)
    }

    @Test func aBadCAFileIsRefusedByCheckSetAndTheFetch() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let (ca, server) = try Self.serve { try $0.serverIdentity("good") }
        defer { server.stop(); ca.remove() }
        let notPEM = p.home.appendingPathComponent("notes.txt").path
        try "just notes\n".write(toFile: notPEM, atomically: true, encoding: .utf8)
        let missing = p.home.appendingPathComponent("missing.pem").path
        for (path, why) in [(notPEM, "no -----BEGIN CERTIFICATE----- block"), (missing, "no such file"), (p.home.path, "is a folder")] {
            try WeatherCLITests.setUp(p, server: server, extra: Self.caLine(path))
            let check = try p.run(["config", "check"])
            #expect(check.status == 1, "\(check.stdout)")
            #expect(check.stderr.contains("weather.ca_file: \(path): \(why)"), "\(check.stderr)")
            let out = try p.run(["weather"])
            #expect(out.status == 1)
            #expect(out.stderr.contains("weather.ca_file \(path) cannot be used: \(why)"), "\(out.stderr)")
        }
        #expect(server.requests.isEmpty)
        // config set refuses it and leaves the file as it was.
        try WeatherCLITests.setUp(p, server: server)
        let before = try String(contentsOfFile: p.configPath, encoding: .utf8)
        let set = try p.run(["config", "set", "weather.ca_file", notPEM])
        #expect(set.status == 2 && set.stderr.contains("not valid") && set.stderr.contains("no -----BEGIN CERTIFICATE----- block"), "\(set.stderr)")
        #expect(try String(contentsOfFile: p.configPath, encoding: .utf8) == before)
        let good = try p.run(["config", "set", "weather.ca_file", ca.certificatePath])
        #expect(good.status == 0, "\(good.stderr)")
        #expect(try p.run(["weather"]).status == 0)
    }
}
