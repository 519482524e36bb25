import Foundation

/// Writes a file that must not exist yet, all or nothing: the bytes go to a
/// temporary file in the same folder, are flushed to disk, and are then
/// hard-linked into place, which fails (leaving nothing behind) if the name
/// is taken. A reader never sees half a file; nothing is ever overwritten.
public enum NewFile {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public static func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw Failure(description: "timedeck: cannot write \(path): the folder \(folder) does not exist. Create it or choose another path.")
        }
        guard !FileManager.default.fileExists(atPath: path) else {
            throw Failure(description: "timedeck: \(path) already exists; not replacing it. Choose another name or remove the file first.")
        }
        var template = Array((folder + "/.timedeck-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard fd >= 0 else {
            throw Failure(description: "timedeck: cannot write in \(folder): \(String(cString: strerror(errno))).")
        }
        let temp = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(temp) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            written += n
        }
        let complete = written == bytes.count && fsync(fd) == 0
        let reason = String(cString: strerror(errno))
        close(fd)
        guard complete else {
            throw Failure(description: "timedeck: could not write \(path): \(reason). Nothing was written.")
        }
        guard link(temp, path) == 0 else {
            let why = errno == EEXIST ? "it already exists" : String(cString: strerror(errno))
            throw Failure(description: "timedeck: could not create \(path): \(why). Nothing was written.")
        }
    }
}
