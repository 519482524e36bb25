import Foundation
import Testing

/// Issue 20, item 6: the data files deleted or replaced under an open
/// dashboard. After `rm timedeck.sqlite*`, Space numbered rows that went
/// into the deleted file (7 of 7 lost); after the file was overwritten the
/// dashboard kept numbering marks into a file every command refuses.
@Suite("abuse: store file removed or replaced", .serialized)
struct AbuseStoreFileTests {
    func dashboard(_ dir: TemporaryFolder) throws -> TmuxSession {
        let tmux = try TmuxSession(columns: 120, rows: 30, command: shellQuoted(TimedeckBinary.url.path),
                                   environment: ["TIMEDECK_HOME": dir.path("data"), "XDG_CONFIG_HOME": dir.path("config")])
        #expect(tmux.waitForScreen { $0.contains("? help") } != nil)
        try tmux.send("Space")
        #expect(tmux.waitForScreen { $0.contains("#1 ") } != nil, "first mark not stored:\n\(tmux.capture())")
        return tmux
    }

    func removeDataFiles(_ dir: TemporaryFolder) throws {
        let data = dir.path("data")
        for name in try FileManager.default.contentsOfDirectory(atPath: data) where name.hasPrefix("timedeck.sqlite") {
            try FileManager.default.removeItem(atPath: data + "/" + name)
        }
    }

    func listed(_ dir: TemporaryFolder) throws -> TimedeckBinary.Result {
        try TimedeckBinary.run(["marks", "list", "--json"], environment: ["TIMEDECK_HOME": dir.path("data"),
                                                                           "XDG_CONFIG_HOME": dir.path("config")])
    }

    @Test("Marks made after the files were deleted are stored in the file the next command opens")
    func deletedUnderTheDashboard() throws {
        let dir = TemporaryFolder()
        let tmux = try dashboard(dir)
        try removeDataFiles(dir)
        // Space at once: the deletion is said whether the folder watch or
        // the mark's own write notices it first, and the warning outlasts
        // the marks made after it.
        try tmux.send("Space")
        #expect(tmux.waitForScreen { $0.contains("deleted") || $0.contains("replaced") } != nil,
                "the deletion was never said:\n\(tmux.capture())")
        for _ in 0..<2 {
            try tmux.send("Space")
            usleep(150_000)
        }
        #expect(tmux.waitForScreen { $0.contains("deleted") } != nil, "the warning went with a mark:\n\(tmux.capture())")
        try tmux.send("q")
        #expect(waitUntil(10) { ((try? listed(dir))?.stdout.components(separatedBy: "\"utc\"").count ?? 0) - 1 == 3 },
                "marks after the deletion: \((try? listed(dir))?.stdout ?? "")")
    }

    @Test("A file replaced by a foreign one: marks stay in the journal, said at once, none numbered into it")
    func replacedUnderTheDashboard() throws {
        let dir = TemporaryFolder()
        let tmux = try dashboard(dir)
        try removeDataFiles(dir)
        try Data("this is my shopping list\n".utf8).write(to: URL(fileURLWithPath: dir.path("data") + "/timedeck.sqlite"))
        try tmux.send("Space")
        #expect(tmux.waitForScreen { $0.contains("deleted") || $0.contains("replaced") } != nil,
                "the replacement was never said:\n\(tmux.capture())")
        try tmux.send("q")
        #expect(waitUntil(10) { tmux.hasEnded }, "the dashboard did not quit:\n\(tmux.capture())")
        let journal = (try? String(contentsOfFile: dir.path("data") + "/timedeck.sqlite.pending-marks", encoding: .utf8)) ?? ""
        #expect(journal.contains("\"unixNanoseconds\""), "the mark is not in the journal: \(journal)")
        // Once the foreign file is moved away, the next command stores it.
        try FileManager.default.moveItem(atPath: dir.path("data") + "/timedeck.sqlite", toPath: dir.path("shopping-list"))
        let out = try listed(dir)
        #expect(out.stdout.components(separatedBy: "\"utc\"").count - 1 == 1, "\(out.stdout) \(out.stderr)")
    }
}
