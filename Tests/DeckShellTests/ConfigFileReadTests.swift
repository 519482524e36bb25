import Foundation
import Testing
@testable import DeckShell

/// `ConfigFile.read` sizes its buffer from the file (no 1 MiB buffer for a
/// 40-byte config) and still reads what it finds, up to the limit.
@Suite struct ConfigFileReadTests {
    static func bytes(_ outcome: ConfigFile.ReadOutcome) -> Data? {
        if case .read(let data) = outcome { data } else { nil }
    }

    @Test func smallAndLimitSizedFilesAreReadWhole() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cfgread-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for size in [0, 1, 40, 5_000, ConfigFile.maximumBytes] {
            let path = folder.appendingPathComponent("c\(size).toml").path
            let data = Data((0..<size).map { UInt8(97 + $0 % 26) })
            try data.write(to: URL(fileURLWithPath: path))
            #expect(Self.bytes(ConfigFile.read(path)) == data, "\(size) bytes")
        }
        let over = folder.appendingPathComponent("over.toml").path
        try Data(count: ConfigFile.maximumBytes + 1).write(to: URL(fileURLWithPath: over))
        #expect(Self.bytes(ConfigFile.read(over)) == nil)
    }

    /// A file whose size the look does not tell (procfs says 0) is read by growing the buffer.
    @Test func aFileLargerThanItsStatSizeIsReadWhole() throws {
        let path = "/proc/self/maps"
        let data = try #require(Self.bytes(ConfigFile.read(path)))
        #expect(data.count > 100)
        #expect(String(decoding: data, as: UTF8.self).contains("\n"))
    }
}
