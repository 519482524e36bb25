import Foundation
import Testing

/// Issue 20, item 1: `marks export --output` writes only regular files,
/// atomically, private (0600) unless asked, and `--force` keeps all that.
@Suite("abuse: export destinations", .serialized)
struct AbuseExportTests {
    func fileType(_ path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    func permissions(_ path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    @Test("A FIFO is refused, with or without --force, and stays a FIFO")
    func fifoRefused() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        try p.run(["marks", "add"])
        let fifo = p.home.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        for force in [false, true] {
            let out = try p.run(["marks", "export", "--format", "csv", "--output", fifo] + (force ? ["--force"] : []))
            #expect(out.status == 2, "\(out.stderr)")
            #expect(out.stderr.contains("not a regular file") && out.stderr.contains("nothing was written"), "\(out.stderr)")
            #expect(fileType(fifo) == S_IFIFO, "the FIFO was replaced (force: \(force))")
        }
    }

    /// A character device made in the test's own folder (the same numbers
    /// as /dev/null), so a failing test never touches the real /dev/null.
    @Test("A character device is refused even with --force")
    func deviceRefused() throws {
        guard getuid() == 0 else { return }  // mknod needs root
        let p = try MarksProcess()
        defer { p.remove() }
        try p.run(["marks", "add"])
        let device = p.home.appendingPathComponent("null").path
        #expect(mknod(device, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0)
        let out = try p.run(["marks", "export", "--format", "json", "--output", device, "--force"])
        #expect(out.status == 2, "\(out.stderr)")
        #expect(out.stderr.contains("a device"), "\(out.stderr)")
        #expect(fileType(device) == S_IFCHR, "the device was replaced by a regular file")
    }

    @Test("A symbolic link is refused, and its target is untouched")
    func symlinkRefused() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        try p.run(["marks", "add"])
        let target = p.home.appendingPathComponent("real.csv").path
        try Data("keep me\n".utf8).write(to: URL(fileURLWithPath: target))
        let link = p.home.appendingPathComponent("link.csv").path
        #expect(symlink(target, link) == 0)
        let out = try p.run(["marks", "export", "--format", "csv", "--output", link, "--force"])
        #expect(out.status == 2, "\(out.stderr)")
        #expect(out.stderr.contains("symbolic link"), "\(out.stderr)")
        #expect(fileType(link) == S_IFLNK)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me\n")
    }

    @Test("Exports are 0600 whatever the umask; --force over a 0600 file keeps 0600; --mode asks for more")
    func exportsArePrivate() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        try p.run(["marks", "add", "--note", "x"])
        let path = p.home.appendingPathComponent("out.json").path
        let first = try p.run(["marks", "export", "--format", "json", "--output", path])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(permissions(path) == 0o600)
        let forced = try p.run(["marks", "export", "--format", "csv", "--output", path, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(permissions(path) == 0o600)
        #expect(fileType(path) == S_IFREG)
        let shared = p.home.appendingPathComponent("shared.csv").path
        let asked = try p.run(["marks", "export", "--format", "csv", "--output", shared, "--mode", "644"])
        #expect(asked.status == 0, "\(asked.stderr)")
        #expect(permissions(shared) == 0o644)
        let bad = try p.run(["marks", "export", "--format", "csv", "--output", shared, "--force", "--mode", "4777"])
        #expect(bad.status == 2, "\(bad.stderr)")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: p.home.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }
}
