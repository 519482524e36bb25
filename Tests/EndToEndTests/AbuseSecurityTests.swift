import Foundation
import Testing
import TimeKit

/// Security (issue 8): private files, inert user text, and gpsd contacted
/// only where the config says.
@Suite(.serialized) struct AbuseSecurityTests {
    func mode(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? nil
    }

    @Test func dataAndConfigFilesArePrivate() throws {
        let dir = TemporaryFolder()
        let home = dir.path("data"), config = dir.path("config")
        let env = ["TIMEDECK_HOME": home, "XDG_CONFIG_HOME": config, "PATH": "/usr/bin:/bin"]
        _ = try spawnAndWait([TimedeckBinary.url.path, "marks", "add", "--note", "x"], environment: env)
        _ = try spawnAndWait([TimedeckBinary.url.path, "config", "init"], environment: env)
        #expect(mode(home) == 0o700)
        #expect(mode(config + "/timedeck") == 0o700)
        #expect(mode(config + "/timedeck/config.toml") == 0o600)
        let files = try FileManager.default.contentsOfDirectory(atPath: home)
        #expect(files.contains("timedeck.sqlite"))
        for file in files { #expect(mode(home + "/" + file) == 0o600, "\(file) is not 0600") }
    }

    /// A note full of escape sequences, stored by the CLI, shown by the
    /// dashboard: the bytes sent to the terminal never contain them.
    @Test func notesNeverReachTheTerminalAsEscapes() throws {
        let dir = TemporaryFolder()
        let home = dir.path("data")
        let evil = "pwned\u{1B}]0;owned-title\u{07}\u{1B}[6n\u{9B}6n\u{1B}P+q\u{1B}\\tail"
        _ = try spawnAndWait([TimedeckBinary.url.path, "marks", "add", "--note", evil],
                             environment: ["TIMEDECK_HOME": home, "PATH": "/usr/bin:/bin"])
        let process = try PtyProcess([], environment: ["TERM": "xterm-256color", "TIMEDECK_HOME": home],
                                     columns: 160, rows: 40)
        #expect(process.read(until: { $0.contains("pwned") && $0.contains(" quit") }), "the note never showed")
        let bytes = process.output
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains("\u{1B}]0;owned-title"), "OSC title injected")
        #expect(!text.contains("\u{1B}[6n"), "cursor report query injected")
        #expect(!text.contains("\u{9B}"), "C1 CSI injected")
        #expect(!text.contains("\u{1B}P+q"), "DCS injected")
        #expect(text.contains("owned-title"), "the harmless text of the note is still shown")
    }

    /// A listening TCP socket on 127.0.0.1 that counts connections.
    final class Listener {
        let fd: Int32
        let port: UInt16
        init?(port wanted: UInt16 = 0) {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var one: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            var addr = sockaddr_in()
            addr.sin_family = sa_family_t(AF_INET)
            addr.sin_port = wanted.bigEndian
            addr.sin_addr.s_addr = inet_addr("127.0.0.1")
            let bound = withUnsafePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0, listen(fd, 8) == 0 else { close(fd); return nil }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            var actual = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            _ = withUnsafeMutablePointer(to: &actual) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            }
            self.fd = fd
            port = UInt16(bigEndian: actual.sin_port)
        }
        deinit { close(fd) }
        /// Accepts (and closes) what is pending; how many connections came
        /// from `pid` (all of them when nil). Other tests run timedeck in
        /// parallel, and theirs may try the default gpsd port too, so a
        /// connection counts only when its client socket is one of `pid`'s
        /// open files (matched through /proc/net/tcp inodes).
        func acceptAll(from pid: pid_t? = nil) -> Int {
            var count = 0
            while true {
                var peer = sockaddr_in()
                var length = socklen_t(MemoryLayout<sockaddr_in>.size)
                let client = withUnsafeMutablePointer(to: &peer) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(fd, $0, &length) }
                }
                if client < 0 { return count }
                if let pid {
                    if Self.socketInodes(of: pid).contains(Self.inode(localPort: UInt16(bigEndian: peer.sin_port), remotePort: port) ?? "-") {
                        count += 1
                    }
                } else {
                    count += 1
                }
                close(client)
            }
        }

        /// The inode of the IPv4 TCP socket with these ports, from /proc/net/tcp.
        static func inode(localPort: UInt16, remotePort: UInt16) -> String? {
            // Read whole: String(contentsOfFile:) stops after the first page of a /proc file.
            guard let table = ProcFile.text(atPath: "/proc/net/tcp") else { return nil }
            let local = String(format: ":%04X", localPort), remote = String(format: ":%04X", remotePort)
            for line in table.split(separator: "\n").dropFirst() {
                let f = line.split(separator: " ")
                if f.count > 9, f[1].hasSuffix(local), f[2].hasSuffix(remote) { return String(f[9]) }
            }
            return nil
        }

        /// The inodes of the sockets `pid` has open.
        static func socketInodes(of pid: pid_t) -> Set<String> {
            let folder = "/proc/\(pid)/fd"
            let fds = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            return Set(fds.compactMap { fd in
                guard let link = try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + fd),
                      link.hasPrefix("socket:[") else { return nil }
                return String(link.dropFirst(8).dropLast())
            })
        }
    }

    @Test func gpsdIsContactedOnlyAtTheConfiguredAddress() throws {
        let configured = try #require(Listener())
        let standard = Listener(port: 2947)  // nil when a real gpsd holds the port
        let dir = TemporaryFolder()
        let folder = dir.path("config/timedeck")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "[marks]\ngpsd = \"127.0.0.1:\(configured.port)\"\n".write(toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
        let process = try PtyProcess([], environment: ["TERM": "xterm-256color", "XDG_CONFIG_HOME": dir.path("config")])
        #expect(process.read(until: { $0.contains(" quit") }))
        var configuredHits = 0
        // The configured port is this test's own ephemeral port, so every
        // connection to it is the dashboard's: no /proc attribution (which
        // needs the client's socket still open when it is looked up) — that
        // is only needed for the shared default port below. Generous wait:
        // a full parallel run on two cores is slow.
        _ = waitUntil(20) {
            configuredHits += configured.acceptAll()
            if configuredHits == 0 { process.read(until: { _ in false }, seconds: 0.1) }  // keep the pty drained
            return configuredHits > 0
        }
        process.read(until: { _ in false }, seconds: 1)
        configuredHits += configured.acceptAll()
        let gpsdLine = process.text.split(separator: "\n").last { $0.contains("gpsd") }.map(String.init) ?? "(no gpsd line)"
        #expect(configuredHits > 0, "gpsd at the configured address was never contacted; the panel said: \(gpsdLine)")
        if let standard { #expect(standard.acceptAll(from: process.pid) == 0, "the default gpsd port was contacted") }
    }

    @Test func gpsdOffContactsNothing() throws {
        guard let standard = Listener(port: 2947) else { return }  // a real gpsd is there: nothing to observe
        let dir = TemporaryFolder()
        let folder = dir.path("config/timedeck")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "[marks]\ngpsd = \"off\"\n".write(toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
        let process = try PtyProcess([], environment: ["TERM": "xterm-256color", "XDG_CONFIG_HOME": dir.path("config")])
        #expect(process.read(until: { $0.contains(" quit") }))
        process.read(until: { _ in false }, seconds: 2)
        #expect(standard.acceptAll(from: process.pid) == 0, "gpsd = off, yet port 2947 was contacted")
    }
}
