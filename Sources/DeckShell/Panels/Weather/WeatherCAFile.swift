import Foundation
import TimeKit

/// Reads and checks `weather.ca_file` (the rules are TimeKit's
/// `CertificateAuthorityFile`): looked at with `stat` before it is opened,
/// so a FIFO never blocks, a device is never read and a huge file costs
/// nothing; read to at most `maximumBytes` + 1. Used by `config check`,
/// `config set` and before every ask, so a bad file is named in our words,
/// never left for libcurl to half-say.
public enum WeatherCAFile {
    /// Why `path` is not a usable CA file, or nil when it is.
    public static func problem(_ path: String) -> String? {
        if let problem = CertificateAuthorityFile.pathProblem(path) { return problem }
        let limit = CertificateAuthorityFile.maximumBytes
        var info = stat()
        guard stat(path, &info) == 0 else {
            return errno == ENOENT ? "no such file" : "cannot be examined (\(String(cString: strerror(errno))))"
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return "is a folder, not a PEM file"
        default: return "is not a regular file (a FIFO, device or socket)"
        }
        guard Int(info.st_size) <= limit else {
            return "is too large (\(info.st_size) bytes; at most \(limit / 1024) KiB, and a CA file is a few KiB)"
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return "cannot be read (\(String(cString: strerror(errno))))" }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes[count...].withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { return "cannot be read (\(String(cString: strerror(errno))))" }
            if n == 0 { break }
            count += n
        }
        return CertificateAuthorityFile.contentProblem(Array(bytes[..<count]))
    }
}

extension ConfigFile {
    /// `weather.ca_file` naming a file that is missing, unreadable, too
    /// large or not PEM certificates: a problem for `config check` and
    /// `config set` (the settings parser reads no files).
    public static func weatherCAFileProblem(_ settings: Settings, text: String) -> ConfigProblem? {
        guard let path = settings.weatherCAFile, let problem = WeatherCAFile.problem(path) else { return nil }
        let line = ConfigDocument(readingAround: text).entry(WeatherKeys.table, "ca_file")?.line
        return ConfigProblem(line: line, key: WeatherKeys.caFile.path, message: "\(InertText.display(path)): \(problem)",
                             advice: "give the full path of the CA's certificate in PEM (-----BEGIN CERTIFICATE-----), "
                                 + "or delete the line; until then every https ask fails with this message")
    }
}
