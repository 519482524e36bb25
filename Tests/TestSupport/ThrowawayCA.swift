import Foundation

/// A certificate authority made for one test in a temporary folder with
/// the `openssl` command (Debian's `openssl` package), and server
/// certificates it signs: any host name or IP, any validity dates. Keys are
/// P-256 (fast to make). Nothing here is ever trusted outside the test.
public final class ThrowawayCA: Sendable {
    public let folder: URL
    /// The CA's certificate (PEM): what `weather.ca_file` names.
    public let certificatePath: String
    let name: String

    /// A server certificate and its key (both PEM files).
    public struct Identity: Sendable {
        public var certificatePath: String
        public var keyPath: String
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Makes the CA (valid from yesterday for a week) in `folder`, or in a
    /// new temporary folder.
    public init(name: String = "test", in folder: URL? = nil) throws {
        self.folder = try folder ?? FileManager.default.url(for: .itemReplacementDirectory, in: .userDomainMask,
                                                            appropriateFor: URL(fileURLWithPath: "/tmp"), create: true)
        self.name = name
        certificatePath = self.folder.appendingPathComponent("\(name)-ca.pem").path
        try Self.openssl(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                          "-keyout", "\(name)-ca.key", "-out", "\(name)-ca.pem", "-days", "7",
                          "-subj", "/CN=timedeck \(name) throwaway CA",
                          "-addext", "basicConstraints=critical,CA:TRUE",
                          "-addext", "keyUsage=critical,keyCertSign,cRLSign"], in: self.folder)
        try """
            [ ca ]
            default_ca = td
            [ td ]
            database = \(name)-index.txt
            new_certs_dir = .
            serial = \(name)-serial
            default_md = sha256
            policy = any
            copy_extensions = copy
            unique_subject = no
            [ any ]
            commonName = supplied
            """.write(to: self.folder.appendingPathComponent("\(name)-ca.cnf"), atomically: true, encoding: .utf8)
        try "".write(to: self.folder.appendingPathComponent("\(name)-index.txt"), atomically: true, encoding: .utf8)
        try "01\n".write(to: self.folder.appendingPathComponent("\(name)-serial"), atomically: true, encoding: .utf8)
    }

    /// A server certificate for `subjectAltName` (`IP:127.0.0.1`,
    /// `DNS:weather.example.org`) valid between the two instants.
    public func serverIdentity(_ file: String, subjectAltName: String = "IP:127.0.0.1",
                               notBefore: Date = Date().addingTimeInterval(-86_400),
                               notAfter: Date = Date().addingTimeInterval(7 * 86_400)) throws -> Identity {
        try Self.openssl(["req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                          "-keyout", "\(file).key", "-out", "\(file).csr", "-subj", "/CN=\(file)",
                          "-addext", "subjectAltName=\(subjectAltName)"], in: folder)
        try Self.openssl(["ca", "-batch", "-config", "\(name)-ca.cnf", "-cert", "\(name)-ca.pem", "-keyfile", "\(name)-ca.key",
                          "-in", "\(file).csr", "-out", "\(file).pem", "-notext",
                          "-startdate", Self.stamp(notBefore), "-enddate", Self.stamp(notAfter)], in: folder)
        return Identity(certificatePath: folder.appendingPathComponent("\(file).pem").path,
                        keyPath: folder.appendingPathComponent("\(file).key").path)
    }

    public func remove() { try? FileManager.default.removeItem(at: folder) }

    /// `YYYYMMDDHHMMSSZ`, as `openssl ca -startdate` takes it.
    static func stamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMddHHmmss'Z'"
        return formatter.string(from: date)
    }

    /// True when the `openssl` command is installed (tests say so otherwise).
    public static var isAvailable: Bool {
        ["/usr/bin/openssl", "/bin/openssl"].contains { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func openssl(_ arguments: [String], in folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "openssl \(arguments.prefix(2).joined(separator: " ")) failed: "
                          + String(decoding: said, as: UTF8.self))
        }
    }
}
