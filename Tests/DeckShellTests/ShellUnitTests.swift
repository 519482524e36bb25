import ArgumentParser
import Dashboard
import Foundation
import Synchronization
import Testing
import TestSupport
import TimeKit
@testable import DeckShell

private func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("deckshell-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

@Suite struct ConfigFileTests {
    @Test func settingAKeyChangesOnlyItsLineAndKeepsComments() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = ConfigFile(url: folder.appendingPathComponent("config.toml"))
        try "# mine\n[display]\ntheme = \"mission\" # keep\nclock = \"24h\"\n".write(to: file.url, atomically: true, encoding: .utf8)
        let settings = try file.set("display", "theme", to: .string("sunlight"))
        #expect(settings.theme.rawValue == "sunlight")
        let text = try String(contentsOf: file.url, encoding: .utf8)
        #expect(text.hasPrefix("# mine\n[display]\ntheme = \"sunlight\" # keep"))
        #expect(text.contains("clock = \"24h\""))
    }

    @Test func aFileWithAnUnreadableLineIsNeverRewritten() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = ConfigFile(url: folder.appendingPathComponent("config.toml"))
        let original = "[display]\ntheme = \"mission\"\nthis is not toml\n"
        try original.write(to: file.url, atomically: true, encoding: .utf8)
        #expect {
            _ = try file.set("display", "theme", to: .string("sunlight"))
        } throws: { error in
            guard let error = error as? ConfigFile.WriteError, case .configHasProblems(let path, _) = error.problem else { return false }
            return path == file.url.path
        }
        #expect(try String(contentsOf: file.url, encoding: .utf8) == original)
    }

    @Test func aRefusedValueIsATypedProblemAndTheFileIsUnchanged() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = ConfigFile(url: folder.appendingPathComponent("config.toml"))
        #expect {
            _ = try file.set("display", "theme", to: .string("plaid"))
        } throws: { error in
            guard let error = error as? ConfigFile.WriteError,
                  case .settingRefused(let key, let value, _) = error.problem else { return false }
            return key == "display.theme" && value.contains("plaid")
        }
        #expect(!FileManager.default.fileExists(atPath: file.url.path))
    }

    @Test func problemsBecomeCatalogMessages() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = ConfigFile(url: folder.appendingPathComponent("config.toml"))
        try "[display]\nclock = 12\n".write(to: file.url, atomically: true, encoding: .utf8)
        let loaded = file.load()
        guard case .configHasProblems(let path, let problems)? = loaded.notices.first else {
            Issue.record("expected configHasProblems, got \(loaded.notices)")
            return
        }
        #expect(path == file.url.path && problems.count == 1 && problems[0].contains("line 2"))
        #expect(loaded.summary == UILanguage.en.text(loaded.notices[0]))
    }

    @Test func locateFollowsTheEnvironment() {
        #expect(ConfigFile.locate(environment: ["TIMEDECK_CONFIG": "/x/c.toml"]).url.path == "/x/c.toml")
        #expect(ConfigFile.locate(environment: ["XDG_CONFIG_HOME": "/xdg", "HOME": "/h"]).url.path == "/xdg/timedeck/config.toml")
        #expect(ConfigFile.locate(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"]).url.path == "/h/.config/timedeck/config.toml")
    }
}

/// The store queue's job names say which effect ran, never what it carried.
@Suite struct CaseNameTests {
    @Test func caseNamesLeaveOutPayloads() {
        #expect(caseName(MarksEffect.reload) == "reload")
        #expect(caseName(MarksEffect.updateNote(id: 4, note: "secret \u{1B}]52;c;x\u{7}")) == "updateNote")
    }
}

@Suite struct StoreFolderWatchTests {
    @Test func aWriteToAStoreFileIsSeenAndOtherFilesAreNot() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("timedeck.sqlite").path
        let watch = StoreFolderWatch(databasePath: database)
        try #require(watch.isAvailable && watch.attached)
        try "x".write(toFile: folder.appendingPathComponent("notes.txt").path, atomically: false, encoding: .utf8)
        #expect(!watch.drain())
        try "y".write(toFile: database + "-wal", atomically: false, encoding: .utf8)
        #expect(watch.drain())
        #expect(!watch.drain(), "drained events are not reported twice")
    }

    @Test func aFolderThatAppearsLaterIsWatchedFromThen() throws {
        let parent = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = parent.appendingPathComponent("later")
        let watch = StoreFolderWatch(databasePath: folder.appendingPathComponent("timedeck.sqlite").path)
        #expect(!watch.attached)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        #expect(watch.attachIfPossible())
        try "z".write(toFile: folder.appendingPathComponent("timedeck.sqlite").path, atomically: false, encoding: .utf8)
        #expect(watch.drain())
    }

    /// A new machine: the store's folder (two levels) does not exist. The
    /// nearest existing ancestor is watched, nothing is due while nothing
    /// appears there (no path lookup every second), and each level made
    /// brings the watch one step closer until the folder itself is watched.
    @Test func aMissingFolderIsWaitedForThroughItsNearestAncestor() throws {
        let parent = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let middle = parent.appendingPathComponent("share")
        let folder = middle.appendingPathComponent("timedeck")
        let database = folder.appendingPathComponent("timedeck.sqlite").path
        let watch = StoreFolderWatch(databasePath: database)
        try #require(watch.isAvailable)
        #expect(!watch.attached)
        #expect(watch.watchedAncestor == parent.path)
        #expect(!watch.attachDue)
        // Something written inside the ancestor that is not a new entry,
        // or nothing at all: still nothing due.
        #expect(!watch.drain())
        #expect(!watch.attachDue)

        try FileManager.default.createDirectory(at: middle, withIntermediateDirectories: false)
        #expect(!watch.drain(), "a new folder on the way is not a store write")
        #expect(watch.attachDue)
        #expect(!watch.attachIfPossible())
        #expect(watch.watchedAncestor == middle.path)
        #expect(!watch.attachDue)

        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        _ = watch.drain()
        #expect(watch.attachDue)
        #expect(watch.attachIfPossible())
        #expect(watch.attached && watch.watchedAncestor == nil)
        try "w".write(toFile: database + "-wal", atomically: false, encoding: .utf8)
        #expect(watch.drain())
        #expect(!watch.attachDue, "the ancestor's watch, given up, makes nothing due")
    }

    /// `mkdir -p` of the whole path between two looks: one event, and the
    /// folder is watched at the next try (not only the next level).
    @Test func aWholePathMadeAtOnceIsWatchedAtTheNextTry() throws {
        let parent = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = parent.appendingPathComponent("a/b/c")
        let watch = StoreFolderWatch(databasePath: folder.appendingPathComponent("timedeck.sqlite").path)
        #expect(watch.watchedAncestor == parent.path)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = watch.drain()
        #expect(watch.attachDue)
        #expect(watch.attachIfPossible())
    }

    /// The folder removed under a running dashboard: its watch ends, and
    /// the watch goes back to waiting for it through the parent.
    @Test func aRemovedFolderIsWaitedForAgain() throws {
        let parent = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = parent.appendingPathComponent("store")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let watch = StoreFolderWatch(databasePath: folder.appendingPathComponent("timedeck.sqlite").path)
        try #require(watch.attached)
        try FileManager.default.removeItem(at: folder)
        _ = watch.drain()
        #expect(!watch.attached)
        #expect(watch.attachDue)
        #expect(!watch.attachIfPossible())
        #expect(watch.watchedAncestor == parent.path)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        _ = watch.drain()
        #expect(watch.attachIfPossible())
    }
}

/// The gpsd reader on its worker, against a one-connection fake gpsd: a
/// listening socket in this process that answers `?WATCH` with a TPV line.
@Suite struct GPSDClientTests {
    final class Snapshots: Sendable {
        let all = Mutex<[GPSDSnapshot]>([])
        let changed = DispatchSemaphore(value: 0)
    }

    static func listen() throws -> (fd: Int32, port: UInt16) { try LoopbackListener.open() }

    @Test func aFixFromGpsdReachesTheBoxAndStopIsClean() throws {
        let (listener, port) = try Self.listen()
        defer { close(listener) }
        let seen = Snapshots()
        let client = GPSDClient(address: GPSDAddress(host: "127.0.0.1", port: port)) { snapshot in
            seen.all.withLock { $0.append(snapshot) }
            seen.changed.signal()
        }
        client.start()
        let connection = accept(listener, nil, nil)
        try #require(connection >= 0)
        defer { close(connection) }
        var request = [UInt8](repeating: 0, count: 256)
        #expect(read(connection, &request, request.count) > 0)
        let tpv = #"{"class":"TPV","device":"/dev/fake","mode":3,"time":"2026-11-26T01:00:00.000Z","lat":-27.467,"lon":153.014}"# + "\n"
        _ = tpv.withCString { write(connection, $0, strlen($0)) }
        let deadline = Date().addingTimeInterval(5)
        while client.box.snapshot.fix?.hasFix != true, Date() < deadline {
            _ = seen.changed.wait(timeout: .now() + 0.5)
        }
        let position = try #require(client.box.snapshot.fix?.position)
        #expect(abs(position.latitudeDegrees + 27.467) < 1e-9 && abs(position.longitudeDegrees - 153.014) < 1e-9)
        #expect(client.stop().isEmpty)
    }

    @Test func noGpsdIsSaidAtOnceAndRetriedLater() throws {
        let (listener, port) = try Self.listen()
        close(listener)  // nothing listens there now: refused
        let seen = Snapshots()
        let client = GPSDClient(address: GPSDAddress(host: "127.0.0.1", port: port)) { snapshot in
            seen.all.withLock { $0.append(snapshot) }
            seen.changed.signal()
        }
        client.start()
        let deadline = Date().addingTimeInterval(5)
        while !seen.all.withLock({ $0.contains { if case .unavailable = $0.connection { true } else { false } } }), Date() < deadline {
            _ = seen.changed.wait(timeout: .now() + 0.5)
        }
        #expect(seen.all.withLock { $0.contains { if case .unavailable = $0.connection { true } else { false } } })
        // Stopped during the 1 s backoff: it wakes at once.
        let before = Date()
        #expect(client.stop().isEmpty)
        #expect(Date().timeIntervalSince(before) < 1)
    }
}
