import Foundation
import TimeKit
#if canImport(Glibc)
import Glibc
#endif

/// Gives back, twice, the pages only the start needed (issue 31, item 2).
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
    /// first frame's services have done their first work, and again once
    /// the work started in the background at start (the place picker's
    /// names, the almanac's day) has finished; measured, that second pass
    /// gives back places.bin, the ephemeris and libstdc++'s pages, which a
    /// running clock does not touch again (PERFORMANCE.md).
    static let delaySeconds: [TimeInterval] = [5, 60]

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
        guard let smaps = ProcFile.text(atPath: "/proc/self/smaps") else { return 0 }
        var kilobytes = 0
        for mapping in releasable(inSmaps: smaps) {
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
        var found: [Mapping] = []
        var current: (mapping: Mapping, eligible: Bool, anonymous: Int)?
        func close() {
            if let c = current, c.eligible, c.anonymous == 0, c.mapping.residentKilobytes > 0 { found.append(c.mapping) }
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if let header = header(line) {
                close()
                current = header
                continue
            }
            guard current != nil, let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon]
            guard key == "Rss" || key == "Anonymous" else { continue }
            let value = Int(line[line.index(after: colon)...].split(separator: " ").first ?? "") ?? -1
            // An unreadable figure makes the mapping ineligible.
            if value < 0 { current?.eligible = false; continue }
            if key == "Rss" { current?.mapping.residentKilobytes = value } else { current?.anonymous = value }
        }
        close()
        return found
    }

    /// `start-end perms offset dev inode path`: the mapping and whether it
    /// is file-backed and read-only; nil when `line` is not a header.
    private static func header(_ line: Substring) -> (mapping: Mapping, eligible: Bool, anonymous: Int)? {
        let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
        guard fields.count >= 5, let dash = fields[0].firstIndex(of: "-"),
              let start = UInt(fields[0][..<dash], radix: 16),
              let end = UInt(fields[0][fields[0].index(after: dash)...], radix: 16),
              fields[1].count == 4, end > start else { return nil }
        let perms = Array(fields[1])
        let path = fields.count == 6 ? fields[5].trimmingCharacters(in: .whitespaces) : ""
        // "anonymous" starts unknown (-1): a mapping whose smaps block lacks
        // the line is never released.
        let eligible = perms[1] == "-" && perms[3] == "p" && path.hasPrefix("/") && !path.hasSuffix(" (deleted)")
        return (Mapping(start: start, end: end, residentKilobytes: 0), eligible, -1)
    }
}
