import Foundation

/// Writing whole chunks to a file descriptor (standard output or an export's
/// temporary file), retrying short writes and EINTR; any other failure
/// throws with the system's reason.
enum FileDescriptorOutput {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func writeAll(_ bytes: [UInt8], to fd: Int32) throws {
        try bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw Failure(description: String(cString: strerror(errno)))
                }
                if n == 0 { throw Failure(description: "no progress writing") }
                offset += n
            }
        }
    }
}
