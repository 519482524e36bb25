import Testing
@testable import TimeKit

@Suite("GeoPosition formatting and parsing")
struct GeoPositionTests {
    func pos(_ lat: Double, _ lon: Double) throws -> GeoPosition {
        try GeoPosition(latitudeDegrees: lat, longitudeDegrees: lon)
    }

    @Test("Brisbane example from the issue")
    func brisbane() throws {
        // 27° 28.02' = 27.467°, 153° 22.84' = 153.380666…°
        let p = try pos(-(27 + 28.02 / 60), 153 + 22.84 / 60)
        #expect(p.navigatorText == "27° 28'.02 S  153° 22'.84 E")
        #expect(p.decimalText == "-27.467000, 153.380667")
    }

    @Test("Rounding, padding, poles and the antimeridian", arguments: [
        // 59.995' rounds up into the next degree, never "60'.00"
        (27 + 59.995 / 60, 0.0, "27° 59'.99 N  000° 00'.00 E", "28° 00'.00 N  000° 00'.00 E"),
        (-(45 + 59.996 / 60), -(10 + 59.9951 / 60), "", "46° 00'.00 S  011° 00'.00 W"),
        (90, 180, "", "90° 00'.00 N  180° 00'.00 E"),
        (-90, -180, "", "90° 00'.00 S  180° 00'.00 W"),
        (-179.999_999_9 + 179.999_999_9, -179.999_999_9, "", "00° 00'.00 N  180° 00'.00 W"),
        (5.05, 3.75, "", "05° 03'.00 N  003° 45'.00 E"),
        // a tiny negative value rounds to zero: no "S" for 0° 00'.00
        (-0.000_01, -0.000_01, "", "00° 00'.00 N  000° 00'.00 E"),
        (0.004 / 60, 0.006 / 60, "", "00° 00'.00 N  000° 00'.01 E"),
    ] as [(Double, Double, String, String)])
    func formatting(lat: Double, lon: Double, _ unused: String, expected: String) throws {
        let p = try pos(lat, lon)
        #expect(p.navigatorText == expected)
    }

    @Test("59.994' stays in its degree; 59.995' carries")
    func carryBoundary() throws {
        // 59.994' = 0.9999° exactly representable enough: rounds to 59.99
        #expect(try pos(10 + 59.994 / 60, 0).latitudeText == "10° 59'.99 N")
        #expect(try pos(10 + 59.9951 / 60, 0).latitudeText == "11° 00'.00 N")
    }

    @Test("Out-of-range and non-finite values are refused")
    func invalid() {
        #expect(throws: GeoPosition.InvalidPosition.self) { try pos(90.000_001, 0) }
        #expect(throws: GeoPosition.InvalidPosition.self) { try pos(0, -180.1) }
        #expect(throws: GeoPosition.InvalidPosition.self) { try pos(.nan, 0) }
        #expect(throws: GeoPosition.InvalidPosition.self) { try pos(0, .infinity) }
    }

    @Test("Parses the forms people type", arguments: [
        ("27 28.02 S 153 22.84 E", -27.467, 153.380_667),
        ("27°28.02'S 153°22.84'E", -27.467, 153.380_667),
        ("27° 28'.02 S  153° 22'.84 E", -27.467, 153.380_667),
        ("S 27 28.02, E 153 22.84", -27.467, 153.380_667),
        ("153 22.84 E 27 28.02 S", -27.467, 153.380_667),
        ("27 28 1.2 S 153 22 50.4 E", -27.467, 153.380_667),
        ("-27.467, 153.3807", -27.467, 153.3807),
        ("-27.467 153.3807", -27.467, 153.3807),
        ("51.4779N 0.0015w", 51.4779, -0.0015),
        ("90 N 180 W", 90, -180),
    ] as [(String, Double, Double)])
    func parsing(text: String, lat: Double, lon: Double) throws {
        let p = try GeoPosition(parsing: text)
        #expect(abs(p.latitudeDegrees - lat) < 1e-6)
        #expect(abs(p.longitudeDegrees - lon) < 1e-6)
    }

    @Test("Round trip: what we print, we read back", arguments: [
        (-27.467, 153.380_667), (89.999, -179.5), (0.5, 0.5), (-5.25, 7.125),
    ])
    func roundTrip(lat: Double, lon: Double) throws {
        let printed = try pos(lat, lon).navigatorText
        let back = try GeoPosition(parsing: printed)
        #expect(back.navigatorText == printed)
        #expect(abs(back.latitudeDegrees - lat) < 0.01 / 60)
    }

    @Test("Bad positions give a message with an example", arguments: [
        "", "27 28.02", "27 28.02 S", "27 28.02 S 153 22.84 S", "27 61 S 153 0 E",
        "27.5 30 S 153 0 E", "-27 28 S 153 0 E", "91 0 N 0 0 E", "27 28.02 X 153 22.84 E",
        "1 2 3", "abc", "27 28 1 2 S 153 E", "12 N 1e400 E", "\u{1B}[31m 1 2",
    ])
    func bad(text: String) {
        do {
            _ = try GeoPosition(parsing: text)
            Issue.record("accepted \(text)")
        } catch let error as GeoPosition.ParseError {
            #expect(error.description.contains("27 28.02 S 153 22.84 E"))
            #expect(!error.description.contains("\u{1B}"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
