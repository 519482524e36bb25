import Foundation
import Testing
@testable import TimeKit

/// `weather.ca_file`: what the path and the file's text must be (the shell
/// reads the file; these rules decide on its bytes).
@Suite struct CertificateAuthorityFileTests {
    /// A throwaway CA's certificate (made with openssl for this test; its
    /// key was never kept).
    static let pem = """
        -----BEGIN CERTIFICATE-----
        MIIBjjCCATWgAwIBAgIUFnHSUbrALhx9OS3/kgDwCNJBv0YwCgYIKoZIzj0EAwIw
        FTETMBEGA1UEAwwKY2EgdGVzdCBDQTAeFw0yNjExMjgyMjA0NDBaFw0yNjEyMDEy
        MjA0NDBaMBUxEzARBgNVBAMMCmNhIHRlc3QgQ0EwWTATBgcqhkjOPQIBBggqhkjO
        PQMBBwNCAAQZ1BC0j9TxNZtpUG8VvWyxmAlEiOAeSqBg2nT5U4BnXch1k33eAjX7
        xp8SaZYj/3lxCk6ZohF2tVfUHVQ+x45Bo2MwYTAdBgNVHQ4EFgQU3vJGZlGO5qlX
        ETp9B2B1oKzCEgwwHwYDVR0jBBgwFoAU3vJGZlGO5qlXETp9B2B1oKzCEgwwDwYD
        VR0TAQH/BAUwAwEB/zAOBgNVHQ8BAf8EBAMCAQYwCgYIKoZIzj0EAwIDRwAwRAIg
        LCTmnbymx7J2mKU4oA3GHHZve8MeBeSKpNaOPTIgBcYCICegDft4kXIptAd8tAqG
        nl8CLbVIG2dj1ZO1nMhfdBoD
        -----END CERTIFICATE-----

        """

    static func problem(_ text: String) -> String? { CertificateAuthorityFile.contentProblem(Array(text.utf8)) }

    @Test func oneOrMoreCertificatesAreAccepted() {
        #expect(Self.problem(Self.pem) == nil)
        #expect(Self.problem("# our CA\n" + Self.pem + Self.pem.replacingOccurrences(of: "\n", with: "\r\n")) == nil)
    }

    @Test(arguments: [
        ("", "no -----BEGIN CERTIFICATE----- block"),
        ("hello\n", "no -----BEGIN CERTIFICATE----- block"),
        ("-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIA==\n-----END PRIVATE KEY-----\n", "a PRIVATE KEY block"),
        ("-----BEGIN CERTIFICATE-----\nnot base64!\n-----END CERTIFICATE-----\n", "not valid base64 DER"),
        ("-----BEGIN CERTIFICATE-----\nMIIB\n", "no -----END CERTIFICATE----- line"),
        ("-----END CERTIFICATE-----\n", "without its BEGIN"),
    ])
    func whatIsNotACAFileSaysWhy(text: String, expected: String) throws {
        let problem = try #require(Self.problem(text))
        #expect(problem.contains(expected), "\(problem)")
    }

    @Test func binaryAndHugeFilesAreRefused() throws {
        let der = Data(base64Encoded: Self.pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined())!
        #expect(try #require(CertificateAuthorityFile.contentProblem(Array(der))).contains("openssl x509 -inform der"))
        let huge = Array(repeating: UInt8(ascii: "A"), count: CertificateAuthorityFile.maximumBytes + 1)
        #expect(try #require(CertificateAuthorityFile.contentProblem(huge)).contains("larger than 1024 KiB"))
    }

    @Test func theSettingTakesAFullPathOrNothing() {
        #expect(Settings.parse("[weather]\nca_file = \"/etc/ssl/private-ca.pem\"\n").settings.weatherCAFile == "/etc/ssl/private-ca.pem")
        #expect(Settings.parse("[weather]\nca_file = \"\"\n").settings.weatherCAFile == nil)
        #expect(Settings().weatherCAFile == nil)
        let relative = Settings.parse("[weather]\nca_file = \"ca.pem\"\n")
        #expect(relative.settings.weatherCAFile == nil)
        #expect(relative.problems.first?.key == "weather.ca_file" && relative.problems.first?.message.contains("starting with /") == true,
                "\(relative.problems)")
        let control = Settings.parse("[weather]\nca_file = \"/tmp/a\\u001Bb.pem\"\n")
        #expect(control.problems.first?.message.contains("control") == true, "\(control.problems)")
    }
}
