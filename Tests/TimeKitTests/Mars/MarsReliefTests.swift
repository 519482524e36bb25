import Foundation
import Testing
import TimeKit

/// Issue 33 item 3: the sunclock's relief, MOLA MEGDR reduced to four
/// elevation classes on a 2° grid by scripts/reduce-mola.py.
@Suite struct MarsReliefTests {
    @Test func theBundledReliefLoads() throws {
        let relief = try #require(MarsRelief.shared, "Resources/mars-relief.txt did not load")
        // Every class occurs: the map is not flat.
        var seen = Set<Int>()
        for lat in stride(from: -89.0, through: 89, by: 2) {
            for lon in stride(from: 1.0, to: 360, by: 2) { seen.insert(relief.elevationClass(latitude: lat, longitudeEast: lon)) }
        }
        #expect(seen == [0, 1, 2, 3])
    }

    /// Known features land in the expected class (IAU/USGS gazetteer centres).
    @Test(arguments: [
        ("Olympus Mons", 18.65, 226.2, 3),
        ("Arsia Mons", -8.26, 239.91, 3),
        ("Elysium Mons", 24.8, 146.9, 3),
        ("Hellas Planitia", -42.4, 70.5, 0),
        ("Utopia Planitia", 46.7, 117.5, 1),
        ("Terra Sabaea", 2.0, 42.0, 2),
    ])
    func knownFeatures(name: String, latitude: Double, longitudeEast: Double, expected: Int) throws {
        let relief = try #require(MarsRelief.shared)
        #expect(relief.elevationClass(latitude: latitude, longitudeEast: longitudeEast) == expected, "\(name)")
        // West longitudes and longitudes past a turn name the same cell.
        #expect(relief.elevationClass(latitude: latitude, longitudeEast: longitudeEast - 360) == expected, "\(name) west")
    }

    @Test func aDamagedFileSaysHowToRegenerateIt() {
        let row = String(repeating: "1", count: MarsRelief.columns)
        #expect(throws: MarsRelief.Malformed.self) { try MarsRelief(text: Array(repeating: row, count: 89).joined(separator: "\n")) }
        let badCell = (["# header", String(row.dropLast()) + "7"] + Array(repeating: row, count: 89)).joined(separator: "\n")
        do {
            _ = try MarsRelief(text: badCell)
            Issue.record("a cell of 7 was accepted")
        } catch {
            #expect("\(error)".contains("row 1") && "\(error)".contains("scripts/reduce-mola.py"))
        }
        let ok = (["# header"] + Array(repeating: row, count: 90)).joined(separator: "\n")
        #expect((try? MarsRelief(text: ok))?.elevationClass(latitude: 0, longitudeEast: 0) == 1)
    }
}
