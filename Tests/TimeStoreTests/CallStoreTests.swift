import Foundation
import Testing
@testable import TimeKit
@testable import TimeStore

@Suite struct CallStoreTests {
    func call(_ name: String, created: TimeInterval, places: [Place]) -> CallPlan {
        CallPlan(name: name, participants: places.enumerated().map { CallParticipant(place: $1, people: $0 == 1 ? "Ana, Bo" : "") },
                 start: Date(timeIntervalSince1970: 1_795_303_800), durationMinutes: 45,
                 createdAt: Date(timeIntervalSince1970: created))
    }

    let london = Place(geonameID: 2_643_743, name: "London", asciiName: "London", countryCode: "GB",
                       countryName: "United Kingdom", admin1Code: "ENG", latitudeDegrees: 51.50853,
                       longitudeDegrees: -0.12574, population: 8_961_989, zoneIdentifier: "Europe/London")
    let mars = Place.mars(MarsSite(id: "perseverance", name: "Perseverance", latitude: 18.4447, longitudeEast: 77.4508))

    @Test func saveAssignsAnIdAndFetchReturnsTheSameCall() throws {
        let db = try AppDatabase.inMemory()
        let saved = try db.saveCall(call("Team", created: 1_000, places: [london, .zone("Asia/Tokyo"), mars]))
        let id = try #require(saved.id)
        let fetched = try db.fetchCalls()
        #expect(fetched == [saved])
        #expect(fetched.first?.id == id)
        #expect(fetched.first?.participants[1].people == "Ana, Bo")
        #expect(fetched.first?.participants[2].place.isMars == true)
    }

    @Test func savingAgainReplacesNameTimeAndPlaces() throws {
        let db = try AppDatabase.inMemory()
        var saved = try db.saveCall(call("Team", created: 1_000, places: [london, .zone("Asia/Tokyo")]))
        saved.name = "Standup"
        saved.start = saved.start.addingTimeInterval(900)
        saved.durationMinutes = nil
        saved.participants.swapAt(0, 1)
        saved.participants.removeLast()
        try db.saveCall(saved)
        let fetched = try db.fetchCalls()
        #expect(fetched == [saved])
        #expect(fetched.first?.participants.map(\.place.zoneIdentifier) == ["Asia/Tokyo"])
    }

    @Test func newestFirstAndDeleteRemovesPlacesToo() throws {
        let db = try AppDatabase.inMemory()
        let old = try db.saveCall(call("Old", created: 1_000, places: [london]))
        let new = try db.saveCall(call("New", created: 2_000, places: [london, mars]))
        #expect(try db.fetchCalls().map(\.name) == ["New", "Old"])
        try db.deleteCall(id: try #require(new.id))
        #expect(try db.fetchCalls() == [old])
        let orphans = try db.writer.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM callPlace WHERE callPlanId = ?", arguments: [new.id]) }
        #expect(orphans == 0)
    }

    @Test func callsSurviveReopeningTheFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("calls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("timedeck.sqlite").path
        let saved = try AppDatabase.open(path: path).saveCall(call("Kept", created: 1_000, places: [london]))
        #expect(try AppDatabase.open(path: path).fetchCalls() == [saved])
    }

    @Test func durationOutsideOneToADayIsRefusedByTheSchema() throws {
        let db = try AppDatabase.inMemory()
        var bad = call("Bad", created: 1_000, places: [london])
        bad.durationMinutes = 0
        #expect(throws: (any Error).self) { try db.saveCall(bad) }
        #expect(try db.fetchCalls().isEmpty)
    }

    @Test func theStoreHandleCreatesNothingUntilAWrite() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("calls-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let handle = StoreHandle(url: folder.appendingPathComponent("timedeck.sqlite"))
        #expect(try handle.existing() == nil)
        #expect(!FileManager.default.fileExists(atPath: folder.path), "reading made the folder")
        let written = try handle.forWriting()
        try written.saveCall(call("One", created: 1, places: [london]))
        // One connection per process: the handle gives the same instance.
        #expect(try handle.existing() === written)
        #expect(try handle.forWriting() === written)
        #expect(try StoreHandle(url: handle.url).existing()?.fetchCalls().map(\.name) == ["One"])
    }

    @Test func theStoreHandleRefusesAFolderThatIsAFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("calls-\(UUID().uuidString)")
        try Data("not a folder".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let handle = StoreHandle(url: file.appendingPathComponent("timedeck.sqlite"))
        #expect(throws: StoreError.self) { try handle.existing() }
        #expect(throws: StoreError.self) { try handle.forWriting() }
        #expect(try String(contentsOf: file, encoding: .utf8) == "not a folder")
    }
}
