import Foundation
import Testing

/// Issue 29: a healthy store the user may not write (the file, or its
/// folder) is readable — `marks list` shows it and says it is read-only —
/// and `timedeck doctor` calls it a permission problem with its fix, never
/// "restore the file from a backup". Root writes through any mode, so the
/// commands run as user nobody (setpriv). Needs root; skipped otherwise.
@Suite(.serialized) struct ReadOnlyStoreDoctorTests {
    enum Case: String, CaseIterable, Sendable { case fileReadOnly, folderReadOnly }

    /// A store with one mark ("kept"), made read-only for nobody as `kind` says.
    static func readOnlyStore(_ dir: TemporaryFolder, _ kind: Case) throws -> (home: String, path: String, env: [String: String]) {
        let home = dir.path("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        chmod(dir.url.path, 0o755)
        let env = ["TIMEDECK_HOME": home, "PATH": "/usr/bin:/bin"]
        _ = try spawnAndWait([TimedeckBinary.url.path, "marks", "add", "--note", "kept"], environment: env)
        let path = home + "/timedeck.sqlite"
        try? FileManager.default.removeItem(atPath: path + "-wal")
        try? FileManager.default.removeItem(atPath: path + "-shm")
        switch kind {
        case .fileReadOnly:
            chmod(path, 0o444)
            chmod(home, 0o777)
        case .folderReadOnly:
            chmod(path, 0o666)
            chmod(home, 0o755)
        }
        return (home, path, env)
    }

    /// Runs `timedeck arguments…` as nobody: exit status, stdout, stderr.
    static func runAsNobody(_ dir: TemporaryFolder, _ arguments: String, env: [String: String]) throws -> (String, String, String) {
        _ = try spawnAndWait(["sh", "-c", "setpriv --reuid=65534 --regid=65534 --clear-groups "
            + "\(shellQuoted(TimedeckBinary.url.path)) \(arguments) > \(shellQuoted(dir.path("out"))) 2> \(shellQuoted(dir.path("err"))); "
            + "echo $? > \(shellQuoted(dir.path("status")))"], environment: env)
        return (dir.read("status")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "", dir.read("out") ?? "", dir.read("err") ?? "")
    }

    @Test(.enabled(if: getuid() == 0, "switching to nobody needs root"), arguments: Case.allCases)
    func aReadOnlyStoreIsListedAndSaidOnce(kind: Case) throws {
        let dir = TemporaryFolder()
        let (_, path, env) = try Self.readOnlyStore(dir, kind)
        let before = FileManager.default.contents(atPath: path)
        let (status, out, err) = try Self.runAsNobody(dir, "marks list", env: env)
        #expect(status == "0", "\(kind): exit \(status): \(err)")
        #expect(out.contains("kept"), "\(kind): \(out)")
        #expect(err.components(separatedBy: "the store is read-only").count == 2, "\(kind): \(err)")
        #expect(FileManager.default.contents(atPath: path) == before, "\(kind): the store changed")
    }

    @Test(.enabled(if: getuid() == 0, "switching to nobody needs root"), arguments: Case.allCases)
    func doctorTellsAPermissionFromDamage(kind: Case) throws {
        let dir = TemporaryFolder()
        let (home, path, env) = try Self.readOnlyStore(dir, kind)
        let before = FileManager.default.contents(atPath: path)
        _ = try spawnAndWait(["sh", "-c", "setpriv --reuid=65534 --regid=65534 --clear-groups "
            + "\(shellQuoted(TimedeckBinary.url.path)) doctor > \(shellQuoted(dir.path("out"))) 2>&1; "
            + "echo $? > \(shellQuoted(dir.path("status")))"], environment: env)
        let out = dir.read("out") ?? ""
        #expect(dir.read("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "1", "\(kind): \(out)")
        #expect(!out.contains("backup"), "\(kind): a healthy file called damaged: \(out)")
        #expect(out.contains("permission"), "\(kind): \(out)")
        #expect(out.contains("integrity: ok"), "\(kind): a sound file read-only is still checked: \(out)")
        #expect(out.contains(kind == .fileReadOnly ? "chmod u+w \(path)" : "chmod u+w \(home)"), "\(kind): \(out)")
        #expect(FileManager.default.contents(atPath: path) == before, "\(kind): the store changed")
    }
}
