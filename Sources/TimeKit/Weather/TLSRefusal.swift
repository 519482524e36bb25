import Foundation

/// Why a secure (https) connection to the forecast server was refused, in
/// our words: libcurl's codes and OpenSSL's verify results sorted into what
/// a person can act on. Verification is never turned off; each says what
/// to change instead.
public enum TLSRefusal: Equatable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The server's certificate is past its "not after" date.
    case expired
    /// The server's certificate is before its "not before" date (or this
    /// computer's clock is behind).
    case notYetValid
    /// No CA this computer trusts (the system's, plus `weather.ca_file`)
    /// signed the server's certificate chain.
    case unknownAuthority
    /// The certificate is valid but names another host than the URL's.
    case wrongHost(String)
    /// `weather.ca_file` cannot be used (its path, made inert, and why).
    case caFileUnusable(path: String, reason: String)
    /// Any other TLS failure (libcurl's words, inert and bounded).
    case other(String)

    public var description: String {
        switch self {
        case .expired:
            "the server's certificate has expired; renew it on the server (timedeck never skips the check)"
        case .notYetValid:
            "the server's certificate is not valid yet; check this computer's clock and the certificate's start date"
        case .unknownAuthority:
            "the server's certificate is not signed by a CA this computer trusts; for a server behind a private CA, "
                + "give the CA's PEM file: timedeck config set weather.ca_file /path/to/ca.pem"
        case .wrongHost(let host):
            "the server's certificate is not for \(host); put the host name the certificate names in weather.url, "
                + "or reissue the certificate for \(host)"
        case let .caFileUnusable(path, reason):
            "weather.ca_file \(path) cannot be used: \(reason); correct it or delete the line (timedeck config check)"
        case .other(let words):
            "the secure connection failed (\(words))"
        }
    }
}
