import Foundation
import Testing
import TimeKit
@testable import TimeStore

@Suite("AppDatabase: the Mars panel's remembered choices")
struct MarsSettingsStoreTests {
    @Test func nothingSavedReadsAsNil() throws {
        #expect(try AppDatabase.inMemory().marsSettings() == nil)
    }

    @Test func choicesRoundTripUnderTheMarsKeys() throws {
        let db = try AppDatabase.inMemory()
        let basis = MarsConfigBasis(longitudeEast: nil, site: "gale")
        let choice = MarsSettings(longitudeEast: -133.8, siteID: "olympus-mons", advanced: true, configBasis: basis)
        try db.saveMarsSettings(choice)
        #expect(try db.marsSettings() == choice)
        let all = try db.allSettings()
        #expect(all["mars.longitude"] == "-133.8")
        #expect(all["mars.site"] == "olympus-mons")
        #expect(all["mars.advanced"] == "true")
        #expect(all["mars.config"]?.contains("gale") == true)
    }

    @Test func clearingTheSiteAndBasisRemovesTheirKeys() throws {
        let db = try AppDatabase.inMemory()
        try db.saveMarsSettings(MarsSettings(longitudeEast: 10, siteID: "curiosity", advanced: false,
                                             configBasis: MarsConfigBasis(longitudeEast: 5, site: nil)))
        try db.saveMarsSettings(MarsSettings(longitudeEast: 10.1, siteID: nil, advanced: nil))
        #expect(try db.marsSettings() == MarsSettings(longitudeEast: 10.1, siteID: nil, advanced: false, configBasis: nil))
        #expect(try db.allSettings()["mars.site"] == nil)
    }

    @Test func aDamagedLongitudeReadsAsNothingSaved() throws {
        let db = try AppDatabase.inMemory()
        try db.writeSetting("mars.longitude", "east-ish")
        #expect(try db.marsSettings() == nil)
        try db.writeSetting("mars.longitude", "nan")
        #expect(try db.marsSettings() == nil)
    }

    @Test func persistsInAFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mars-store-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("timedeck.sqlite").path
        try AppDatabase.open(path: path).saveMarsSettings(MarsSettings(longitudeEast: 77.4508, siteID: "perseverance", advanced: true))
        #expect(try AppDatabase.open(path: path).marsSettings()?.siteID == "perseverance")
    }
}
