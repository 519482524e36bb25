import Foundation
import Testing
@testable import DeckShell
import TimeKit

/// Issue 31, item 2: the pages only the start needed are given back once
/// the dashboard runs, and nothing that holds data is ever unmapped.
@Suite struct StartupPagesTests {
    static let sample = """
        55d4a0000000-55d4a0400000 r--p 00000000 08:01 1234    /usr/bin/timedeck
        Rss:                1024 kB
        Anonymous:             0 kB
        55d4a0400000-55d4a1400000 r-xp 00400000 08:01 1234    /usr/bin/timedeck
        Size:              16384 kB
        Rss:                8192 kB
        Pss:                8192 kB
        Anonymous:             0 kB
        55d4a1400000-55d4a1500000 r--p 01400000 08:01 1234    /usr/bin/timedeck
        Rss:                1024 kB
        Anonymous:           900 kB
        55d4a1500000-55d4a1600000 rw-p 01500000 08:01 1234    /usr/bin/timedeck
        Rss:                 512 kB
        Anonymous:           512 kB
        55d4a1600000-55d4a1700000 rw-p 00000000 00:00 0
        Rss:                 256 kB
        Anonymous:           256 kB
        7f0000000000-7f0000100000 r--s 00000000 08:01 99      /usr/share/timedeck/places.bin
        Rss:                 300 kB
        Anonymous:             0 kB
        7f0000100000-7f0000200000 r--p 00000000 08:01 77      /usr/lib/x86_64-linux-gnu/libc.so.6
        Rss:                 200 kB
        Anonymous:             0 kB
        7f0000200000-7f0000300000 r--p 00000000 08:01 78      /tmp/old.so (deleted)
        Rss:                 100 kB
        Anonymous:             0 kB
        7f0000300000-7f0000400000 r--p 00000000 08:01 79      /usr/lib/x86_64-linux-gnu/libm.so.6
        Rss:                   0 kB
        Anonymous:             0 kB
        7f0000400000-7f0000500000 r--p 00000000 08:01 80      /usr/lib/x86_64-linux-gnu/libz.so.1
        Rss:                  64 kB
        7ffd00000000-7ffd00002000 r-xp 00000000 00:00 0       [vdso]
        Rss:                   8 kB
        Anonymous:             0 kB
        """

    @Test func onlyCleanReadOnlyFileMappingsAreReleased() {
        let chosen = StartupPages.releasable(inSmaps: Self.sample)
        // The text and the read-only data of the binary and libc; never the
        // relocated RELRO (900 kB written), the writable data, the heap, a
        // shared mapping, a deleted file, an empty mapping, one without an
        // Anonymous line, or the vdso.
        #expect(chosen == [
            .init(start: 0x55d4a0000000, end: 0x55d4a0400000, residentKilobytes: 1024),
            .init(start: 0x55d4a0400000, end: 0x55d4a1400000, residentKilobytes: 8192),
            .init(start: 0x7f0000100000, end: 0x7f0000200000, residentKilobytes: 200),
        ])
    }

    /// The test executable's own clean file pages (its text, touched by
    /// every test so far; libraries are left out: tests running beside
    /// this one open and close some).
    static func cleanFileKilobytes() throws -> Int {
        try ownMappings().reduce(0) { $0 + $1.residentKilobytes }
    }

    static func ownMappings() throws -> [StartupPages.Mapping] {
        let smaps = try #require(ProcFile.text(atPath: "/proc/self/smaps"))
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        // Keep the blocks (a header line `start-end perms …`, then its
        // fields) whose header names the executable.
        var keep = false
        let ownText = smaps.split(separator: "\n").filter { line in
            if let first = line.split(separator: " ").first, first.contains("-"), first.allSatisfy({ $0.isHexDigit || $0 == "-" }) {
                keep = line.hasSuffix(" " + executable)
            }
            return keep
        }.joined(separator: "\n")
        return StartupPages.releasable(inSmaps: ownText)
    }

    /// Reads one byte of every page of the executable's largest clean
    /// mapping (at most 8 MiB of it): the pages are then resident whatever
    /// ran before (an in-process runner test may have released them).
    static func touchOwnPages() throws {
        let largest = try #require(try ownMappings().max { $0.end - $0.start < $1.end - $1.start })
        let base = try #require(UnsafeRawPointer(bitPattern: largest.start))
        var sum: UInt8 = 0
        for offset in stride(from: 0, to: Int(min(largest.end - largest.start, 8 << 20)), by: 4096) {
            sum &+= base.load(fromByteOffset: offset, as: UInt8.self)
        }
        withExtendedLifetime(sum) {}
    }

    @Test func aReleaseUnmapsThemAndTheProcessRunsOn() throws {
        try Self.touchOwnPages()
        let before = try Self.cleanFileKilobytes()
        #expect(before > 1024, "the test executable should have over 1 MiB of clean file pages: \(before) kB")
        #expect(StartupPages.release() > 0)
        let after = try Self.cleanFileKilobytes()
        #expect(after < before / 2, "\(before) kB → \(after) kB")
        // Code and constant data fault back in on use.
        #expect(StartupPages.releasable(inSmaps: Self.sample).count == 3)
    }

    /// The release reads the whole of `/proc/self/smaps`: Foundation's
    /// `String(contentsOfFile:)` stopped after its first page, so only the
    /// executable's first mappings were ever given back, never the shared
    /// libraries' or the data files'.
    @Test func theWholeSmapsIsRead() throws {
        let text = try #require(ProcFile.text(atPath: "/proc/self/smaps"))
        #expect(text.utf8.count > 16_384, "\(text.utf8.count) bytes")
        #expect(text.contains("[stack]"))
        let libc = text.split(separator: "\n").filter { $0.contains("/libc.so") }
        #expect(!libc.isEmpty)
        // What `release` would choose includes a shared library's pages.
        let chosen = StartupPages.releasable(inSmaps: text)
        let libcStarts = libc.compactMap { UInt($0.prefix { $0 != "-" }, radix: 16) }
        #expect(chosen.contains { libcStarts.contains($0.start) }, "no libc mapping among \(chosen.count) chosen")
    }

    /// Each pass runs once, at the first frame after its delay; nothing
    /// runs after the last. One pass (a second at 60 s cost an idle
    /// minute 4 ms for pages touched again within a minute).
    @Test func itHappensOnceAfterEachDelay() {
        var pages = StartupPages()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let delays = StartupPages.delaySeconds
        #expect(delays == delays.sorted() && delays.count == 1 && delays[0] <= 8,
                "one pass, before limit.py reads the resident set (8 s)")
        pages.framePresented(at: start)
        for (done, delay) in delays.enumerated() {
            pages.framePresented(at: start.addingTimeInterval(delay - 0.5))
            #expect(pages.releases == done)
            pages.framePresented(at: start.addingTimeInterval(delay))
            #expect(pages.releases == done + 1)
        }
        pages.framePresented(at: start.addingTimeInterval(delays.last! + 3600))
        #expect(pages.releases == delays.count)
    }
}
