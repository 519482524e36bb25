import Foundation
import Testing

/// The shape the shell issue (19) asked for, checked on every run so it
/// cannot drift back: a thin executable, a unit test target for every
/// library target, no test support in product code, installs that never
/// upgrade what is there.
@Suite struct StructureTests {
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return url
    }()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static func swiftFiles(under folder: String) -> [URL] {
        let base = root.appendingPathComponent(folder)
        let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
        return (walker?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
    }

    @Test func theExecutableIsAtMost1500Lines() throws {
        let files = Self.swiftFiles(under: "Sources/timedeck")
        #expect(!files.isEmpty)
        let lines = try files.reduce(0) { $0 + (try String(contentsOf: $1, encoding: .utf8)).split(separator: "\n", omittingEmptySubsequences: false).count }
        #expect(lines <= 1500, "Sources/timedeck has \(lines) lines")
        // Only the terminal file imports curses.
        for file in files where try String(contentsOf: file, encoding: .utf8).contains("import CNcurses") {
            #expect(file.lastPathComponent == "Terminal.swift")
        }
        for file in Self.swiftFiles(under: "Sources") where !file.path.contains("/Sources/timedeck/") {
            #expect(try !String(contentsOf: file, encoding: .utf8).contains("import CNcurses"), "\(file.path)")
        }
    }

    @Test func everyLibraryTargetHasAUnitTestTargetDependingOnIt() throws {
        let manifest = try Self.text("Package.swift")
        // `.target(name: "X"` (Swift library targets, including TestSupport).
        let libraries = manifest.matches(of: /\.target\(\s*name:\s*"(\w+)"/).map { String($0.1) }
        #expect(libraries.contains("DeckShell") && libraries.contains("TimeKit"))
        let testTargets = manifest.matches(of: /\.testTarget\(\s*name:\s*"(\w+)",\s*dependencies:\s*\[([^\]]*)\]/)
            .map { (name: String($0.1), dependencies: String($0.2)) }
        for library in libraries {
            let tested = testTargets.contains { $0.dependencies.contains("\"\(library)\"") && $0.name != "EndToEndTests" }
            #expect(tested, "no unit test target depends on \(library)")
        }
        // C shims are library targets too.
        #expect(testTargets.contains { $0.dependencies.contains("\"CKernelClock\"") })
    }

    @Test func noTestSupportInProductCode() throws {
        for file in Self.swiftFiles(under: "Sources") {
            let text = try String(contentsOf: file, encoding: .utf8)
            for name in ["SplitMix64", "ThrowawayDatabase", "EnglishDetector", "func samples(_ kind: Kind)", "DROP DATABASE", "import Testing", "import TestSupport"] {
                #expect(!text.contains(name), "\(file.path) holds \(name)")
            }
        }
    }

    @Test func installsNeverUpgradeWhatIsThere() throws {
        for path in ["README.md", ".ci/run"] {
            let text = try Self.text(path)
            for line in text.split(separator: "\n") where line.contains("apt-get install") {
                #expect(line.contains("--no-upgrade"), "\(path): \(line)")
            }
        }
    }

    /// The .deb takes its version from the file the Makefile names (it
    /// broke once when the version moved into the library).
    @Test func theMakefileFindsTheVersion() throws {
        let makefile = try Self.text("Makefile")
        let path = try #require(makefile.firstMatch(of: /VERSION := .* (Sources\/\S+\.swift)\)/).map { String($0.1) })
        #expect(try Self.text(path).contains("static let string = \""), "\(path) does not hold the version")
    }

    @Test func testsNeedNoSystemPostgres() throws {
        // The team tests start their own server; nothing reads PGHOST/PGPORT
        // (a stale value would point them at a server that is not there).
        for file in Self.swiftFiles(under: "Tests") + Self.swiftFiles(under: "Sources") where file.lastPathComponent != "StructureTests.swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(!text.contains("\"PGHOST\"") && !text.contains("\"PGPORT\""), "\(file.path)")
        }
        #expect(try !Self.text(".ci/run").contains("pg_ctlcluster"))
    }
}
