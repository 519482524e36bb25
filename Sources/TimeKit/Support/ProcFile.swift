#if canImport(Glibc)
import Glibc
#endif

/// The whole text of a file under `/proc`, read until the end.
///
/// A `/proc` file reports a size of 0 and gives its text a page or so per
/// `read`; Foundation's `String(contentsOfFile:)` stops after the first
/// read there (3,936 bytes of an 81,354-byte `/proc/self/smaps`, measured),
/// so everything after the first few mappings was silently missing.
public enum ProcFile {
    /// Most bytes read (a larger file is cut here and says so by `nil`).
    public static let maximumBytes = 16 << 20

    /// The file's text (invalid UTF-8 repaired), nil when it cannot be
    /// opened or read, or is larger than `maximumBytes`.
    public static func text(atPath path: String) -> String? {
        bytes(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The file's bytes, nil when it cannot be opened or read, or is larger
    /// than `maximumBytes`.
    public static func bytes(atPath path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
            if bytes.count > maximumBytes { return nil }
        }
        return bytes
    }
}
