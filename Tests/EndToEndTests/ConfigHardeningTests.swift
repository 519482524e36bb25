import Foundation
import Testing
import TestSupport

/// Issue 29, the config file second pass: a refused `weather.url` keeps
/// weather off (never the public service), passwords in URLs are never
/// echoed, a symlinked config is written through, and files that are not
/// config files (huge, a FIFO, a device, a symlink loop) are named as such.
@Suite struct ConfigHardeningTests {
    let dir = TemporaryFolder()
    var env: [String: String] { ["XDG_CONFIG_HOME": dir.url.path, "TIMEDECK_CONFIG": "", "TIMEDECK_HOME": dir.path("data")] }
    var file: String { dir.path("timedeck/config.toml") }

    func write(_ text: String) throws {
        try FileManager.default.createDirectory(atPath: dir.path("timedeck"), withIntermediateDirectories: true)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
    }

    // MARK: weather.url refused: weather stays off, nothing sent

    @Test(arguments: ["ftp://127.0.0.1:1/v1/forecast", "https://user:PW@127.0.0.1:1/v1/forecast", "http://", "not a url"])
    func aRefusedWeatherURLKeepsWeatherOffAndSaysWhatToDo(url: String) throws {
        try write("[weather]\nenabled = true\nurl = \"\(url)\"\nposition = \"48.8566, 2.3522\"\n[marks]\ngpsd = \"\"\n")
        let r = try TimedeckBinary.run(["weather"], environment: env)
        #expect(r.status == 2, "\(url): exit \(r.status), \(r.stderr)")
        #expect(r.stderr.contains("weather.url") && r.stderr.contains("timedeck config set weather.url"), "\(url): \(r.stderr)")
        #expect(r.stderr.contains("weather is off") && r.stderr.contains("nothing is sent"),
                "\(url): may fall back to the public service: \(r.stderr)")
        #expect(!r.stderr.contains("PW"), "\(url): password echoed: \(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    // MARK: Secrets in URLs

    @Test func aPasswordInWeatherURLIsNeverEchoed() throws {
        try write("[display]\ntheme = \"mono\"\n")
        let set = try TimedeckBinary.run(["config", "set", "weather.url", "https://user:PW@h.example/"], environment: env)
        #expect(set.status == 2, "\(set.stderr)")
        #expect(!set.stderr.contains("PW") && !set.stdout.contains("PW"), "password echoed: \(set.stderr)")
        #expect(set.stderr.contains("https://user:***@h.example/"), "\(set.stderr)")
        try write("[weather]\nurl = \"https://user:PW@h.example/\"\n")
        let check = try TimedeckBinary.run(["config", "check"], environment: env)
        #expect(check.status == 1)
        #expect(!check.stderr.contains("PW") && !check.stdout.contains("PW"), "password echoed: \(check.stderr)")
    }

    // MARK: A symlinked config (dotfiles)

    @Test func setWritesThroughASymlinkAndKeepsIt() throws {
        let dotfiles = dir.path("dotfiles")
        try FileManager.default.createDirectory(atPath: dotfiles, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir.path("timedeck"), withIntermediateDirectories: true)
        let target = dotfiles + "/timedeck.toml"
        try "# mine\n[display]\ntheme = \"mission\"\n".write(toFile: target, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: target)
        let r = try TimedeckBinary.run(["config", "set", "display.theme", "mono"], environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: file)) == target, "the link was replaced")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "# mine\n[display]\ntheme = \"mono\"\n")
        // No temporary file left beside the target or the link.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dotfiles) == ["timedeck.toml"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path("timedeck")) == ["config.toml"])
    }

    // MARK: Files that are not config files

    @Test func aHugeConfigIsRefusedBeforeItIsRead() throws {
        try write("[display]\ntheme = \"" + String(repeating: "x", count: 2 * 1024 * 1024) + "\"\n")
        let check = try TimedeckBinary.run(["config", "check"], environment: env)
        #expect(check.status == 1)
        #expect(check.stderr.contains("too large") && check.stderr.contains("1 MiB"), "\(check.stderr.prefix(300))")
        let set = try TimedeckBinary.run(["config", "set", "display.theme", "mono"], environment: env)
        #expect(set.status == 2 && set.stderr.contains("too large"), "\(set.stderr.prefix(300))")
    }

    @Test func aFIFOIsNotARegularFile() throws {
        try FileManager.default.createDirectory(atPath: dir.path("timedeck"), withIntermediateDirectories: true)
        #expect(mkfifo(file, 0o600) == 0)
        let check = try TimedeckBinary.run(["config", "check"], environment: env)
        #expect(check.status == 1)
        #expect(check.stderr.contains("not a regular file"), "\(check.stderr)")
    }

    @Test func aDeviceIsNotARegularFile() throws {
        var e = env
        e["TIMEDECK_CONFIG"] = "/dev/zero"
        let check = try TimedeckBinary.run(["config", "check"], environment: e)
        #expect(check.status == 1)
        #expect(check.stderr.contains("not a regular file"), "\(check.stderr)")
    }

    @Test func aSymlinkLoopIsNamed() throws {
        try FileManager.default.createDirectory(atPath: dir.path("timedeck"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir.path("timedeck/a.toml"), withDestinationPath: file)
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: dir.path("timedeck/a.toml"))
        let check = try TimedeckBinary.run(["config", "check"], environment: env)
        #expect(check.status == 1, "\(check.stdout) \(check.stderr)")
        #expect((check.stdout + check.stderr).contains("symlink loop"), "\(check.stdout) \(check.stderr)")
    }
}
