import Foundation
import TimeStore
@testable import DeckShell

/// A temporary data and config folder for one in-process run: the store
/// (real SQLite, created on first write) and a config file that starts
/// absent (the defaults). Removed when released.
final class RuntimeFolder: @unchecked Sendable {  // immutable after init
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("deckshell-runtime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    var databaseURL: URL { url.appendingPathComponent("timedeck.sqlite") }
    var configURL: URL { url.appendingPathComponent("config.toml") }
    /// The environment the runner finds its config file from (and a
    /// subcommand its store from).
    var environment: [String: String] {
        ["TIMEDECK_CONFIG": configURL.path, "TIMEDECK_HOME": url.path, "LANG": "C.UTF-8"]
    }
    func makeStore() -> StoreHandle { StoreHandle(url: databaseURL) }
    var config: String? { try? String(contentsOf: configURL, encoding: .utf8) }

    /// The marks in the store, read through a fresh handle (after the run).
    func storedMarkCount() throws -> Int {
        try makeStore().existing()?.allMarks().count ?? 0
    }
}
