import CLibPQ
import Foundation
import TimeKit

/// Where the team server's notices and warnings (`RAISE NOTICE`, a
/// collation warning at connect) go, instead of libpq's default processor,
/// which writes them to stderr raw and unbounded: one notice of OSC 52
/// set the clipboard, and a flood of them filled the dashboard's captured
/// stderr with 135 MB.
///
/// Each notice is cut to `maximumCharacters`, made inert (`InertText`) and
/// counted; identical ones are shown once, and at most `maximumShown`
/// different ones are shown per sink (the process, by default); the rest
/// are counted and reported in one line after the statement (or connect)
/// that brought them, and when a connection closes.
public final class TeamNotices: @unchecked Sendable {  // state behind `lock`; libpq calls in on the connection's thread
    public static let maximumCharacters = 500
    public static let maximumShown = 5

    /// The process's sink: lines to standard error (captured and replayed
    /// at exit while the dashboard runs).
    public static let standardError = TeamNotices { line in FileHandle.standardError.write(Data(line.utf8)) }

    private let lock = NSLock()
    private var shown: Set<String> = []
    private var unshown = 0
    private var total = 0
    private let write: @Sendable (String) -> Void

    /// `write` gets each line to show, ending in a line break.
    public init(write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    /// How many notices arrived in all (shown, repeated or held back).
    public var received: Int { lock.withLock { total } }

    /// Takes one notice, as libpq formats it (`NOTICE:  text`).
    public func receive(_ notice: String) {
        var text = notice.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.count > Self.maximumCharacters { text = String(text.prefix(Self.maximumCharacters)) + "…" }
        let line = InertText.display(text)
        let show: Bool = lock.withLock {
            total += 1
            if shown.contains(line) { return false }
            guard shown.count < Self.maximumShown else { unshown += 1; return false }
            shown.insert(line)
            return true
        }
        if show { write("timedeck: the team log says: \(line)\n") }
    }

    /// Writes one line for the notices held back since the last report.
    public func reportUnshown() {
        let count: Int = lock.withLock { defer { unshown = 0 }; return unshown }
        guard count > 0 else { return }
        write("timedeck: \(count) more notice\(count == 1 ? "" : "s") from the team log not shown; "
              + "the server's own log has them all (ask its administrator)\n")
    }

    /// A C string from libpq (a notice or an error, written in part by the
    /// server) read at most `maximumCharacters * 4` bytes far, trimmed.
    static func bounded(_ message: UnsafePointer<CChar>?) -> String {
        guard let message else { return "" }
        let limit = maximumCharacters * 4
        let length = strnlen(message, limit + 1)
        let text = message.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: min(length, limit)), as: UTF8.self)
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return length > limit || trimmed.count > maximumCharacters
            ? String(trimmed.prefix(maximumCharacters)) + "…" : trimmed
    }

    /// libpq's notice processor for every connection calls this: `arg` is
    /// the connection's `TeamNotices`, unretained (the connection holds it).
    static func deliver(_ arg: UnsafeMutableRawPointer?, _ message: UnsafePointer<CChar>?) {
        guard let arg else { return }
        Unmanaged<TeamNotices>.fromOpaque(arg).takeUnretainedValue().receive(bounded(message))
    }
}
