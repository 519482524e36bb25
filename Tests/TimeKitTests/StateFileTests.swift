import Foundation
import Testing
@testable import TimeKit

@Suite struct StateFileTests {
    struct Sample: Codable, Equatable, Sendable {
        var longitudeEast: Double
        var siteID: String?
    }

    @Test func dataDirectoryFollowsTheEnvironment() {
        #expect(StateFile<Sample>.dataDirectory(environment: ["TIMEDECK_HOME": "/t/home", "XDG_DATA_HOME": "/x"]).path == "/t/home")
        #expect(StateFile<Sample>.dataDirectory(environment: ["XDG_DATA_HOME": "/x", "HOME": "/h"]).path == "/x/timedeck")
        #expect(StateFile<Sample>.dataDirectory(environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"]).path
                == "/h/.local/share/timedeck")
        #expect(StateFile<Sample>.dataDirectory(environment: ["HOME": "/h"]).path == "/h/.local/share/timedeck")
    }

    @Test func savesAtomicallyAndLoadsBack() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID())")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = StateFile<Sample>(named: "mars.json", environment: ["TIMEDECK_HOME": dir.path + "/nested"])
        #expect(file.load() == nil)
        try file.save(Sample(longitudeEast: 137.4, siteID: "curiosity"))
        #expect(file.load() == Sample(longitudeEast: 137.4, siteID: "curiosity"))
        try file.save(Sample(longitudeEast: -10, siteID: nil))
        #expect(file.load() == Sample(longitudeEast: -10, siteID: nil))
        // No temporary files left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path + "/nested") == ["mars.json"])
    }

    @Test func damagedFileIsIgnored() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("{not json".utf8).write(to: url)
        #expect(StateFile<Sample>(url: url).load() == nil)
    }

    @Test func unwritableFolderGivesAMessage() {
        let file = StateFile<Sample>(url: URL(fileURLWithPath: "/proc/timedeck-test/mars.json"))
        #expect(throws: StateFile<Sample>.SaveError.self) { try file.save(Sample(longitudeEast: 0)) }
    }
}
