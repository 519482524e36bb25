import Foundation

/// `weather.ca_file`: a PEM file of extra certificate authorities to trust
/// beside the system's, for a self-hosted forecast server behind a private
/// CA. What the file must be is decided here, on its text; reading it is
/// the shell's (`WeatherCAFile` in DeckShell), so this stays pure.
public enum CertificateAuthorityFile {
    /// Larger than any sane CA file: Debian's whole system bundle (146
    /// CAs) is 214 KiB. A bound keeps a wrong path (a log, a disk image)
    /// from being read whole at every forecast.
    public static let maximumBytes = 1 << 20

    /// Why `path` cannot be a CA file's path, or nil: it must be absolute
    /// (the config is read from any working directory), at most 4096 bytes,
    /// without control characters.
    public static func pathProblem(_ path: String) -> String? {
        guard path.hasPrefix("/") else {
            return "expected the full path of a PEM file, starting with / (e.g. /etc/ssl/private-ca.pem)"
        }
        guard path.utf8.count <= 4096 else { return "the path is longer than 4096 bytes" }
        guard InertText.isInert(path) else { return "the path holds control or invisible characters" }
        return nil
    }

    /// Why `bytes` (the whole file, at most `maximumBytes`) is not a PEM
    /// file of certificates, or nil when it is: text holding at least one
    /// `-----BEGIN CERTIFICATE-----` … `-----END CERTIFICATE-----` block,
    /// every such block base64 that decodes to a DER sequence. Other PEM
    /// blocks (a private key pasted in by mistake) are refused: a CA file
    /// holds only certificates, and a key has no business being read.
    public static func contentProblem(_ bytes: [UInt8]) -> String? {
        guard bytes.count <= maximumBytes else { return "the file is larger than \(maximumBytes / 1024) KiB; a CA file is a few KiB" }
        guard let text = String(validating: bytes, as: UTF8.self), !bytes.contains(0) else {
            return "the file is not PEM text (it looks binary: a DER certificate converts with openssl x509 -inform der -in FILE -out FILE.pem)"
        }
        var count = 0
        var inside: [Substring]? = nil
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("-----BEGIN ") {
                guard inside == nil else { return "line \(index + 1): a BEGIN line inside another block" }
                guard line == "-----BEGIN CERTIFICATE-----" else {
                    let label = InertText.display(String(line.dropFirst(11).prefix(40)).replacingOccurrences(of: "-----", with: ""))
                    return "line \(index + 1): a \(label) block; a CA file holds only CERTIFICATE blocks"
                }
                inside = []
            } else if line.hasPrefix("-----END ") {
                guard let body = inside, line == "-----END CERTIFICATE-----" else { return "line \(index + 1): an END line without its BEGIN" }
                guard let der = Data(base64Encoded: body.joined()), der.first == 0x30, der.count > 64 else {
                    return "line \(index + 1): the certificate before this line is not valid base64 DER"
                }
                count += 1
                inside = nil
            } else if inside != nil {
                inside?.append(Substring(line))
            }
        }
        if inside != nil { return "the last certificate has no -----END CERTIFICATE----- line" }
        guard count > 0 else { return "no -----BEGIN CERTIFICATE----- block: not a PEM certificate file" }
        return nil
    }
}
