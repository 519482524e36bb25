import Foundation
import TimeKit
#if canImport(Glibc)
import Glibc
#endif

/// Gives back, once, the pages only the start needed (issue 31, item 2).
///
/// Starting maps far more than a running dashboard touches: the loader
/// reads 2 MB of relocations, start-up code and the first frame's data
/// files fault in (64 KiB at a time: the kernel maps pages around each
/// fault), then are never used again, yet stay counted in the resident
/// set. A few seconds after the first frame (when the services the first
/// frame starts have done their first work) every read-only file-backed
/// mapping that holds no private copy is unmapped with `MADV_DONTNEED`:
/// its pages stay in the page cache, and what the clock touches again
/// comes back as a minor fault. Writable mappings, anonymous memory and
/// read-only mappings with written pages (RELRO, after relocation) are
/// never touched: unmapping those would lose data.
struct StartupPages {
    /// How long after the first frame the pages are given back: once the
    /// first frame's services have done their first work. One pass: a
    /// second one, 60 s after the first frame, cost 4 ms of an idle minute
    /// (1.8 ms of it the kernel writing smaps) and what it gave back was
    /// touched again within the next minute (weather on: 19.1 → 16.6 →
    /// 19.0 MiB at 58, 63 and 90 s; PERFORMANCE.md). It was added when the
    /// first pass read only smaps' first page.
    static let delaySeconds: [TimeInterval] = [5]

    private var firstFrameAt: Date?
    /// How many of the passes have run.
    private(set) var releases = 0
    var released: Bool { releases > 0 }

    /// Called after each frame is drawn; runs each pass once, at the first
    /// frame after its delay since the first frame.
    mutating func framePresented(at now: Date) {
        guard releases < Self.delaySeconds.count else { return }
        guard let first = firstFrameAt else { firstFrameAt = now; return }
        guard now.timeIntervalSince(first) >= Self.delaySeconds[releases] else { return }
        releases += 1
        Self.release()
    }

    /// Unmaps every safe mapping of this process (see the type's comment);
    /// returns the kilobytes those mappings held.
    @discardableResult
    static func release() -> Int {
        guard let smaps = ProcFile.bytes(atPath: "/proc/self/smaps") else { return 0 }
        var kilobytes = 0
        for mapping in smaps.withUnsafeBufferPointer({ releasable(inSmaps: $0) }) {
            guard let start = UnsafeMutableRawPointer(bitPattern: mapping.start) else { continue }
            if madvise(start, Int(mapping.end - mapping.start), MADV_DONTNEED) == 0 { kilobytes += mapping.residentKilobytes }
        }
        return kilobytes
    }

    struct Mapping: Equatable {
        var start: UInt
        var end: UInt
        var residentKilobytes: Int
    }

    /// The mappings of an smaps text that may be unmapped without losing
    /// anything: backed by a file (a path), not writable, and holding no
    /// private (anonymous) page, with something resident.
    static func releasable(inSmaps text: String) -> [Mapping] {
        var text = text
        return text.withUTF8 { releasable(inSmaps: $0) }
    }

    /// Read as bytes: the text is 70–200 KB (every mapping's block), and
    /// splitting it as `Character`s took 15 ms, in the middle of an idle
    /// minute (measured: a 30 s idle window holding the second pass cost
    /// 3–5× tty-clock); this takes 0.14 ms.
    static func releasable(inSmaps bytes: UnsafeBufferPointer<UInt8>) -> [Mapping] {
        var found: [Mapping] = []
        var current: (mapping: Mapping, eligible: Bool, anonymous: Int)?
        func close() {
            if let c = current, c.eligible, c.anonymous == 0, c.mapping.residentKilobytes > 0 { found.append(c.mapping) }
        }
        var lineStart = 0
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            defer { lineStart = lineEnd + 1 }
            let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])
            if line.isEmpty { continue }
            if let header = header(line) {
                close()
                current = header
                continue
            }
            guard current != nil else { continue }
            let isRss = startsWith(line, "Rss:"), isAnonymous = startsWith(line, "Anonymous:")
            guard isRss || isAnonymous else { continue }
            // An unreadable figure makes the mapping ineligible.
            guard let value = kilobytes(line, from: isRss ? 4 : 10) else { current?.eligible = false; continue }
            if isRss { current?.mapping.residentKilobytes = value } else { current?.anonymous = value }
        }
        close()
        return found
    }

    private static func startsWith(_ line: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
        line.count >= prefix.utf8CodeUnitCount && holds(line, prefix, at: 0)
    }

    private static func endsWith(_ line: UnsafeBufferPointer<UInt8>, _ suffix: StaticString) -> Bool {
        line.count >= suffix.utf8CodeUnitCount && holds(line, suffix, at: line.count - suffix.utf8CodeUnitCount)
    }

    /// Whether `line` holds `literal`'s bytes from `offset` (which leaves room for them).
    private static func holds(_ line: UnsafeBufferPointer<UInt8>, _ literal: StaticString, at offset: Int) -> Bool {
        for i in 0..<literal.utf8CodeUnitCount where line[offset + i] != literal.utf8Start[i] { return false }
        return true
    }

    /// The decimal after the spaces that follow `from`, up to a space or
    /// the line's end; nil when there is none or it is not all digits.
    private static func kilobytes(_ line: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        var i = from
        while i < line.count, line[i] == UInt8(ascii: " ") { i += 1 }
        var value = 0, digits = 0
        while i < line.count, line[i] != UInt8(ascii: " ") {
            let digit = Int(line[i]) - Int(UInt8(ascii: "0"))
            guard (0...9).contains(digit), digits < 18 else { return nil }
            value = value * 10 + digit
            digits += 1
            i += 1
        }
        return digits > 0 ? value : nil
    }

    /// `start-end perms offset dev inode path`: the mapping and whether it
    /// is file-backed and read-only; nil when `line` is not a header.
    private static func header(_ line: UnsafeBufferPointer<UInt8>) -> (mapping: Mapping, eligible: Bool, anonymous: Int)? {
        var i = 0
        func hex(until stop: UInt8) -> UInt? {
            var value: UInt = 0, digits = 0
            while i < line.count, line[i] != stop {
                let b = line[i]
                let d: UInt
                switch b {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt(b - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt(b - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt(b - UInt8(ascii: "A") + 10)
                default: return nil
                }
                guard digits < 16 else { return nil }
                value = value << 4 | d
                digits += 1
                i += 1
            }
            return digits > 0 && i < line.count ? value : nil
        }
        func skipSpaces() { while i < line.count, line[i] == UInt8(ascii: " ") { i += 1 } }
        /// The next field's bounds, nil at the line's end.
        func field() -> Range<Int>? {
            skipSpaces()
            let start = i
            while i < line.count, line[i] != UInt8(ascii: " ") { i += 1 }
            return i > start ? start..<i : nil
        }
        guard let start = hex(until: UInt8(ascii: "-")) else { return nil }
        i += 1
        guard let end = hex(until: UInt8(ascii: " ")), end > start,
              let perms = field(), perms.count == 4,
              field() != nil, field() != nil, field() != nil else { return nil }
        skipSpaces()
        var pathEnd = line.count
        while pathEnd > i, line[pathEnd - 1] == UInt8(ascii: " ") || line[pathEnd - 1] == UInt8(ascii: "\t") { pathEnd -= 1 }
        let path = UnsafeBufferPointer(rebasing: line[i..<pathEnd])
        // "anonymous" starts unknown (-1): a mapping whose smaps block lacks
        // the line is never released.
        let eligible = line[perms.lowerBound + 1] == UInt8(ascii: "-") && line[perms.lowerBound + 3] == UInt8(ascii: "p")
            && path.first == UInt8(ascii: "/") && !endsWith(path, " (deleted)")
        return (Mapping(start: start, end: end, residentKilobytes: 0), eligible, -1)
    }
}
