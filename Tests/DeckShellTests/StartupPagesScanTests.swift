import Foundation
import Testing
@testable import DeckShell
import TimeKit
import TestSupport

/// `StartupPages.releasable` reads smaps as bytes (it split the text as
/// `Character`s: 15 ms a pass, inside an idle minute). The reading it
/// replaced is kept here as the oracle: both must choose the same mappings
/// for the sample, for this process's own smaps, and for thousands of
/// generated texts with the shapes a kernel writes and some it does not.
@Suite struct StartupPagesScanTests {
    /// The former reading, unchanged (Substring and `Character` based).
    static func oracle(_ text: String) -> [StartupPages.Mapping] {
        var found: [StartupPages.Mapping] = []
        var current: (mapping: StartupPages.Mapping, eligible: Bool, anonymous: Int)?
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
            if value < 0 { current?.eligible = false; continue }
            if key == "Rss" { current?.mapping.residentKilobytes = value } else { current?.anonymous = value }
        }
        close()
        return found
    }

    static func header(_ line: Substring) -> (mapping: StartupPages.Mapping, eligible: Bool, anonymous: Int)? {
        let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
        guard fields.count >= 5, let dash = fields[0].firstIndex(of: "-"),
              let start = UInt(fields[0][..<dash], radix: 16),
              let end = UInt(fields[0][fields[0].index(after: dash)...], radix: 16),
              fields[1].count == 4, end > start else { return nil }
        let perms = Array(fields[1])
        let path = fields.count == 6 ? fields[5].trimmingCharacters(in: .whitespaces) : ""
        let eligible = perms[1] == "-" && perms[3] == "p" && path.hasPrefix("/") && !path.hasSuffix(" (deleted)")
        return (StartupPages.Mapping(start: start, end: end, residentKilobytes: 0), eligible, -1)
    }

    @Test func theSampleAndThisProcessAgreeWithTheOracle() throws {
        #expect(StartupPages.releasable(inSmaps: StartupPagesTests.sample) == Self.oracle(StartupPagesTests.sample))
        let own = try #require(ProcFile.text(atPath: "/proc/self/smaps"))
        // Every block made to look resident and clean, so that most are chosen.
        let resident = own.split(separator: "\n").map { line -> String in
            if line.hasPrefix("Rss:") { return "Rss:                 128 kB" }
            if line.hasPrefix("Anonymous:") { return "Anonymous:             0 kB" }
            return String(line)
        }.joined(separator: "\n")
        for text in [own, resident] {
            let chosen = StartupPages.releasable(inSmaps: text)
            #expect(chosen == Self.oracle(text))
        }
        #expect(StartupPages.releasable(inSmaps: resident).count > 5)
    }

    /// One departure, on the safe side: a figure with a sign (which no
    /// kernel writes) makes the mapping ineligible, where `Int("+8")` read 8.
    @Test func aSignedFigureKeepsTheMapping() {
        let text = """
            7f0000100000-7f0000200000 r--p 00000000 08:01 77      /usr/lib/x86_64-linux-gnu/libc.so.6
            Rss:                +200 kB
            Anonymous:             0 kB
            """
        #expect(Self.oracle(text).count == 1)
        #expect(StartupPages.releasable(inSmaps: text).isEmpty)
        #expect(StartupPages.releasable(inSmaps: text.replacingOccurrences(of: "+200", with: "200")).count == 1)
    }

    /// Blocks built from parts a person (or a kernel) could write: every
    /// permission, paths with spaces, `(deleted)`, pseudo-paths, missing or
    /// unreadable figures, negative numbers or too many digits, tabs,
    /// blank and stray lines, upper-case hex, ranges ending before they start.
    @Test func generatedTextsAgreeWithTheOracle() {
        var random = SplitMix64(seed: 0x5EED_5A4A)
        let perms = ["r--p", "r-xp", "rw-p", "r--s", "---p", "rwxp", "r-x", "r--pp", "R--P"]
        let paths = ["/usr/bin/timedeck", "/usr/lib/x86_64-linux-gnu/libc.so.6", "/tmp/a b/c d.bin", "/tmp/old.so (deleted)",
                     "[heap]", "[vdso]", "", "relative/path", "/path/with trailing  ", "/x\t", "/日本/地図.bin"]
        let figures = ["0", "4", "1024", "-4", "", "12x", "99999999999999999999", "007", "4\t"]
        var agreed = 0
        for _ in 0..<4_000 {
            var lines: [String] = []
            for _ in 0..<random.next(6) {
                var start = UInt(random.next(1 << 20)) << 12
                var end = start + UInt(random.next(64) + 1) << 12
                if random.next(10) == 0 { swap(&start, &end) }
                var range = String(start, radix: 16) + "-" + String(end, radix: 16)
                if random.next(8) == 0 { range = range.uppercased() }
                let gap = String(repeating: " ", count: 1 + random.next(3))
                // Half the blocks are a clean read-only file mapping, so
                // that many texts have something to release.
                let clean = random.next(2) == 0
                let perm = clean ? ["r--p", "r-xp"][random.next(2)] : perms[random.next(perms.count)]
                let path = clean ? paths[random.next(3)] : paths[random.next(paths.count)]
                lines.append(random.next(12) == 0 ? "\(range) \(perm) 00000000 08:01" : "\(range) \(perm) 00400000 08:01 1234\(gap)\(path)")
                for key in ["Size", "Rss", "Pss", "Anonymous", "VmFlags"].shuffled(using: &random) where clean || random.next(6) != 0 {
                    let figure = !clean ? figures[random.next(figures.count)]
                        : key == "Anonymous" ? ["0", "0", "0", "4"][random.next(4)] : ["4", "1024", "0"][random.next(3)]
                    let value = key == "VmFlags" ? "rd ex mr mw me" : figure + " kB"
                    lines.append("\(key):\(String(repeating: " ", count: random.next(12)))\(value)")
                }
                if random.next(15) == 0 { lines.append("") }
                if random.next(15) == 0 { lines.append("garbage without a colon") }
            }
            let text = lines.joined(separator: "\n")
            let chosen = StartupPages.releasable(inSmaps: text)
            #expect(chosen == Self.oracle(text), "\(text)")
            if !chosen.isEmpty { agreed += 1 }
        }
        // The generator does produce texts with something to release.
        #expect(agreed > 400)
    }
}
