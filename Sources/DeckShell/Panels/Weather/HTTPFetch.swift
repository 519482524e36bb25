import CHTTPGet
import TimeKit
import Foundation

/// One HTTP GET, bounded in time and size, with our User-Agent: what the
/// forecast is fetched with. Synchronous, on the calling thread (a worker or
/// a command), through libcurl's easy interface (`CHTTPGet`): nothing of it
/// stays running afterwards. A body over `maximumBytes` is cut off and
/// refused, never buffered whole.
enum HTTPFetch {
    /// `timedeck/<version> (+https://github.com/timedeck)`: names the
    /// program and version, as the forecast service asks of clients.
    static var userAgent: String { "timedeck/\(TimedeckVersion.string) (terminal time dashboard)" }

    enum Failure: Error, Equatable, CustomStringConvertible {
        /// No answer within the time limit.
        case timedOut(seconds: Double)
        /// Could not connect or the connection broke (the system's words).
        case unreachable(String)
        /// The body was larger than the bound.
        case tooLarge(bytes: Int)
        /// Not http or https.
        case badURL(String)
        /// libcurl is not installed: the words name the package.
        case missingLibrary(String)
        /// The https connection was refused (certificate, host name, or the
        /// extra CA file), in our words.
        case tls(TLSRefusal)

        var description: String {
            switch self {
            case .timedOut(let seconds): "no answer within \(Int(seconds)) s"
            case .unreachable(let why): "cannot reach the server (\(why))"
            case .tooLarge(let bytes): "the answer is larger than \(bytes / 1024) KiB"
            case .badURL(let url): "\(url) is not an http or https address"
            case .missingLibrary(let words): words
            case .tls(let why): why.description
            }
        }
    }

    struct Response: Equatable {
        var status: Int
        var body: [UInt8]
    }

    /// libcurl's codes (curl.h) that say the secure connection failed.
    enum CurlCode {
        static let sslConnectError: Int32 = 35        // CURLE_SSL_CONNECT_ERROR
        static let peerFailedVerification: Int32 = 60 // CURLE_PEER_FAILED_VERIFICATION
        static let caCertBadFile: Int32 = 77          // CURLE_SSL_CACERT_BADFILE
        static let issuerError: Int32 = 83            // CURLE_SSL_ISSUER_ERROR
    }

    /// OpenSSL's verify results (x509_vfy.h) behind a CURLE 60.
    enum VerifyResult {
        static let notYetValid = 9                    // X509_V_ERR_CERT_NOT_YET_VALID
        static let expired = 10                       // X509_V_ERR_CERT_HAS_EXPIRED
        /// Unable to get the issuer (2, 20), self-signed (18, 19), cannot
        /// verify the leaf (21): no trusted CA signed the chain.
        static let unknownAuthority: Set<Int> = [2, 18, 19, 20, 21]
        static let hostnameMismatch = 62              // X509_V_ERR_HOSTNAME_MISMATCH
        /// What libcurl leaves as the verify result after its own host-name
        /// check failed: 0 in some versions, X509_V_ERR_UNSPECIFIED (1) in
        /// Debian 12's 7.88, X509_V_ERR_APPLICATION_VERIFICATION (50) in
        /// others; only with its words about the host name do they mean that.
        static let afterHostCheck: Set<Int> = [1, 50]
    }

    /// GETs `url`, verifying an https server's certificate and host name
    /// always; `caFile` (checked first by `WeatherCAFile`) adds its CAs to
    /// the system's.
    static func get(_ url: URL, timeoutSeconds: Double = 15, maximumBytes: Int = 4 << 20,
                    caFile: String? = nil) -> Result<Response, Failure> {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
            return .failure(.badURL(url.absoluteString))
        }
        if let caFile, let problem = WeatherCAFile.problem(caFile) {
            return .failure(.tls(.caFileUnusable(path: InertText.display(caFile), reason: problem)))
        }
        var result = td_http_result()
        defer { td_http_free(&result) }
        let answered = td_http_get(url.absoluteString, userAgent, Int(timeoutSeconds * 1000), maximumBytes, caFile, &result) == 0
        if result.tooLarge != 0 { return .failure(.tooLarge(bytes: maximumBytes)) }
        if result.timedOut != 0 { return .failure(.timedOut(seconds: timeoutSeconds)) }
        guard answered else {
            let words = withUnsafeBytes(of: result.error) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if result.missingLibrary != 0 { return .failure(.missingLibrary(words)) }
            if let refusal = refusal(code: result.curlCode, verifyResult: result.verifyResult, words: words,
                                     host: url.host ?? "", caFile: caFile) {
                return .failure(.tls(refusal))
            }
            return .failure(.unreachable(words.isEmpty ? "error \(result.curlCode)" : words))
        }
        let body = result.body.map { Array(UnsafeBufferPointer(start: $0, count: result.length)) } ?? []
        return .success(Response(status: Int(result.status), body: body))
    }

    /// The folder of CA certificates libcurl reads by default (Debian:
    /// /etc/ssl/certs), or nil when its build has none or libcurl is older
    /// than 7.84 or missing. `weather.ca_file` replaces only libcurl's
    /// default bundle file; this folder keeps the system's CAs trusted
    /// beside it (docs/DECISIONS.md).
    static var defaultCAFolder: String? {
        var path = [CChar](repeating: 0, count: 4096)
        guard td_http_default_ca_path(&path, path.count) == 0 else { return nil }
        return String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A TLS failure in our words, or nil when the failure is not TLS's.
    /// libcurl says every chain problem as one code (60); OpenSSL's verify
    /// result tells which; a 60 with a chain that verified (or the result
    /// libcurl leaves after its own check, with its words saying "host
    /// name") is libcurl's host-name check, done after the handshake.
    static func refusal(code: Int32, verifyResult: Int, words: String, host: String, caFile: String?) -> TLSRefusal? {
        let inertWords = InertText.display(String(words.prefix(160)))
        switch code {
        case CurlCode.peerFailedVerification:
            switch verifyResult {
            case VerifyResult.expired: return .expired
            case VerifyResult.notYetValid: return .notYetValid
            case let v where VerifyResult.unknownAuthority.contains(v): return .unknownAuthority
            case 0, VerifyResult.hostnameMismatch: return .wrongHost(InertText.display(host))
            case let v where VerifyResult.afterHostCheck.contains(v) && words.contains("host name"):
                return .wrongHost(InertText.display(host))
            default: return .other(inertWords)
            }
        case CurlCode.caCertBadFile:
            return .caFileUnusable(path: InertText.display(caFile ?? "(the system's CA bundle)"), reason: inertWords)
        case CurlCode.sslConnectError, CurlCode.issuerError:
            return .other(inertWords)
        default:
            return nil
        }
    }
}
