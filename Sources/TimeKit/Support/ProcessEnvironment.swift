#if canImport(Glibc)
import Glibc
#endif

/// The process's environment as a dictionary, built once from `environ`.
///
/// Foundation's `ProcessEnvironment.values` builds a new
/// dictionary at every call, finding each `=` through `String`'s
/// `Character` index: about 400 k instructions for 40 variables, and
/// `timedeck now` asked for it seven times (2.9 M of its 6.7 M
/// instructions of its own; issue 31). Nothing in timedeck calls `setenv`,
/// so one copy read at the first use is the environment for the whole run.
///
/// A name given twice keeps its first value, as `getenv` (and so the C
/// library's reading of `TZ`) does. Bytes that are not UTF-8 are repaired
/// as `String(decoding:)` repairs them.
public enum ProcessEnvironment {
    public static let values: [String: String] = read(environ)

    /// The dictionary for a `NAME=value` list ending in a null pointer.
    static func read(_ list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> [String: String] {
        guard var cursor = list else { return [:] }
        var count = 0
        while cursor[count] != nil { count += 1 }
        // Sized once: growing a dictionary six times cost more than reading it.
        var values = [String: String](minimumCapacity: count)
        while let entry = cursor.pointee {
            let length = strlen(entry)
            entry.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
                let whole = UnsafeBufferPointer(start: bytes, count: length)
                // An entry without `=` (possible through execve) names nothing.
                guard let equals = whole.firstIndex(of: UInt8(ascii: "=")) else { return }
                let name = String(decoding: UnsafeBufferPointer(rebasing: whole[..<equals]), as: UTF8.self)
                guard values[name] == nil else { return }
                values[name] = String(decoding: UnsafeBufferPointer(rebasing: whole[(equals + 1)...]), as: UTF8.self)
            }
            cursor += 1
        }
        return values
    }
}
