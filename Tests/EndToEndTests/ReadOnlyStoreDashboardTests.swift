import Foundation
import Testing

/// Issue 29, item 8: the dashboard and `marks add` on a store this user may
/// not write. With the folder writable, the store is read and new marks are
/// held in the journal beside it (acknowledged once fsynced there, stored
/// when the store is writable again); with the folder read-only too, nothing
/// can be written, and a mark is said NOT saved with its instant. Root writes
/// through any mode, so timedeck runs as user nobody (setpriv); needs root.
@Suite(.serialized) struct ReadOnlyStoreDashboardTests {
    typealias Case = ReadOnlyStoreDoctorTests.Case

    static let asNobody = "setpriv --reuid=65534 --regid=65534 --clear-groups "

    /// The dashboard as nobody on `env`'s store, in tmux.
    static func dashboard(_ dir: TemporaryFolder, env: [String: String]) throws -> TmuxSession {
        let bin = shellQuoted(TimedeckBinary.url.path)
        return try TmuxSession(columns: 100, rows: 30, command: asNobody + bin,
                               environment: env.merging(["XDG_CONFIG_HOME": dir.path("no-config")]) { $1 })
    }

    /// The store's marks, read as root after the test (root may write, so the
    /// journal is imported first: what was held is stored then).
    static func marksAsRoot(_ env: [String: String]) throws -> [[String: Any]] {
        let out = try spawnAndWait([TimedeckBinary.url.path, "marks", "list", "--json"], environment: env)
        return (try? JSONSerialization.jsonObject(with: Data(out.utf8))) as? [[String: Any]] ?? []
    }

    @Test(.enabled(if: getuid() == 0, "switching to nobody needs root"))
    func theDashboardShowsAReadOnlyStoreAndHoldsNewMarksInTheJournal() throws {
        let dir = TemporaryFolder()
        let (_, path, env) = try ReadOnlyStoreDoctorTests.readOnlyStore(dir, .fileReadOnly)
        let before = FileManager.default.contents(atPath: path)
        let tmux = try Self.dashboard(dir, env: env)
        let shown = tmux.waitForScreen(10) { $0.contains("kept") && $0.contains("The store is read-only") }
        #expect(shown != nil, "the stored mark and the read-only notice were not shown:\n\(tmux.capture())")
        // The fix on a line of its own (a long temporary path may wrap).
        #expect(shown?.contains("— chmod u+w") == true && shown?.contains("/tmp/timedeck-e2e-") == true,
                "no fix named:\n\(tmux.capture())")
        #expect(shown?.components(separatedBy: "The store is read-only").count == 2, "said more than once:\n\(tmux.capture())")
        try tmux.send("Space")
        let held = tmux.waitForScreen(5) { MarksLockedStoreTests.heldRows($0).count == 1 }
        #expect(held != nil, "the new mark was not held in the journal:\n\(tmux.capture())")
        #expect(!tmux.capture().contains("MARK NOT SAVED"), "\(tmux.capture())")
        try tmux.send("q")
        #expect(waitUntil(5) { tmux.hasEnded }, "q did not end the dashboard:\n\(tmux.capture())")
        #expect(FileManager.default.contents(atPath: path) == before, "the read-only store changed")
        // Nothing acknowledged is lost: once the store can be written, the
        // held mark is stored beside the old one.
        let marks = try Self.marksAsRoot(env)
        #expect(marks.count == 2, "marks after the store became writable: \(marks)")
    }

    @Test(.enabled(if: getuid() == 0, "switching to nobody needs root"))
    func theDashboardOnAReadOnlyFolderSaysAMarkIsNotSaved() throws {
        let dir = TemporaryFolder()
        let (home, path, env) = try ReadOnlyStoreDoctorTests.readOnlyStore(dir, .folderReadOnly)
        let before = FileManager.default.contents(atPath: path)
        let tmux = try Self.dashboard(dir, env: env)
        let shown = tmux.waitForScreen(10) { $0.contains("kept") && $0.contains("The store and its folder are read-only") }
        #expect(shown != nil, "the stored mark and the read-only notice were not shown:\n\(tmux.capture())")
        #expect(shown?.contains("— chmod u+w") == true && shown?.contains("/tmp/timedeck-e2e-") == true, "no fix named:\n\(tmux.capture())")
        try tmux.send("Space")
        let refused = tmux.waitForScreen(5) { $0.contains("MARK NOT SAVED") }
        #expect(refused != nil, "a mark that cannot be saved was not said:\n\(tmux.capture())")
        #expect(MarksLockedStoreTests.heldRows(tmux.capture()).isEmpty, "a mark shown held:\n\(tmux.capture())")
        try tmux.send("q")
        #expect(waitUntil(5) { tmux.hasEnded }, "q did not end the dashboard:\n\(tmux.capture())")
        #expect(FileManager.default.contents(atPath: path) == before, "the read-only store changed")
        #expect(!FileManager.default.fileExists(atPath: path + ".pending-marks"))
    }

    @Test(.enabled(if: getuid() == 0, "switching to nobody needs root"))
    func plainModeSaysTheStoreIsReadOnlyOnce() throws {
        let dir = TemporaryFolder()
        let (_, _, env) = try ReadOnlyStoreDoctorTests.readOnlyStore(dir, .fileReadOnly)
        let tmux = try TmuxSession(columns: 300, rows: 30, command: Self.asNobody + shellQuoted(TimedeckBinary.url.path) + " --plain",
                                   environment: env.merging(["XDG_CONFIG_HOME": dir.path("no-config")]) { $1 })
        let shown = tmux.waitForScreen(10) { $0.contains("The store is read-only") && $0.contains("chmod u+w") }
        #expect(shown != nil, "plain mode did not say the store is read-only:\n\(tmux.capture())")
        #expect(shown?.components(separatedBy: "The store is read-only").count == 2, "\(tmux.capture())")
        try tmux.send("q")
        #expect(waitUntil(5) { tmux.hasEnded }, "q did not end plain mode:\n\(tmux.capture())")
    }

    @Test(.enabled(if: getuid() == 0, "switching to nobody needs root"))
    func marksAddOnAReadOnlyStoreHoldsTheMarkInTheJournal() throws {
        let dir = TemporaryFolder()
        let (_, path, env) = try ReadOnlyStoreDoctorTests.readOnlyStore(dir, .fileReadOnly)
        let before = FileManager.default.contents(atPath: path)
        let (status, out, err) = try ReadOnlyStoreDoctorTests.runAsNobody(dir, "marks add --no-position --note second", env: env)
        #expect(status == "0", "exit \(status): \(err)")
        #expect(out.hasPrefix("held "), "\(out)")
        #expect(err.contains("held in the journal") && err.contains("read-only") && err.contains("chmod u+w \(path)"), "\(err)")
        #expect(!err.contains("NOT SAVED"), "\(err)")
        // Listed read-only meanwhile: the held mark is said, not shown as stored.
        let (_, listed, listErr) = try ReadOnlyStoreDoctorTests.runAsNobody(dir, "marks list", env: env)
        #expect(listed.contains("kept") && !listed.contains("second"), "\(listed)")
        #expect(listErr.contains("1 mark held in the journal"), "\(listErr)")
        #expect(FileManager.default.contents(atPath: path) == before, "the read-only store changed")
        let marks = try Self.marksAsRoot(env)
        #expect(Set(marks.compactMap { $0["note"] as? String }) == ["kept", "second"], "\(marks)")
    }

    @Test(.enabled(if: getuid() == 0, "switching to nobody needs root"))
    func marksAddOnAReadOnlyFolderSaysNotSavedWithTheInstant() throws {
        let dir = TemporaryFolder()
        let (home, path, env) = try ReadOnlyStoreDoctorTests.readOnlyStore(dir, .folderReadOnly)
        let before = FileManager.default.contents(atPath: path)
        let (status, out, err) = try ReadOnlyStoreDoctorTests.runAsNobody(dir, "marks add --no-position", env: env)
        #expect(status == "1", "exit \(status): \(out) \(err)")
        #expect(err.contains("MARK NOT SAVED") && err.range(of: #"\d\dd \d\dh \d\dm \d\d\.\d{3}s"#, options: .regularExpression) != nil,
                "\(err)")
        #expect(err.contains("read-only") && err.contains("chmod u+w \(home)"), "\(err)")
        #expect(FileManager.default.contents(atPath: path) == before, "the read-only store changed")
    }
}
