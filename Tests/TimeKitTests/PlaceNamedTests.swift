import Foundation
import Testing
@testable import TimeKit

/// `PlaceDatabase.named(…withinKilometres:)`: the weather's "place" (issue 34)
/// is a city within the radius or nothing, never a far one.
@Suite struct PlaceNamedTests {
    let db: PlaceDatabase
    init() throws { db = try PlaceDatabase.bundled() }

    @Test func centralParisIsParis() {
        #expect(db.named(latitudeDegrees: 48.8566, longitudeDegrees: 2.3522, withinKilometres: 10)?.name == "Paris")
    }

    @Test func openSeaIsNothingButTheNearestStillExists() {
        // Mid-Atlantic and mid-Channel: no city within 10 km; `nearest` still finds one far off.
        for (lat, lon) in [(40.0, -40.0), (49.9, -2.0)] {
            #expect(db.named(latitudeDegrees: lat, longitudeDegrees: lon, withinKilometres: 10) == nil, "\(lat), \(lon)")
            #expect(db.nearest(latitudeDegrees: lat, longitudeDegrees: lon) != nil)
        }
    }

    @Test func theRadiusIsHonoured() throws {
        // Whatever is found lies inside the radius; a radius just under the
        // distance to what is found at a larger one finds something nearer or nothing.
        var found = 0
        for i in 0..<40 {
            let lat = 43.0 + Double(i) * 0.37, lon = -5.0 + Double(i) * 0.41   // Biscay to central Europe
            let here = try GeoPosition(latitudeDegrees: lat, longitudeDegrees: lon)
            for radius in [2.0, 5.0, 10.0] {
                guard let place = db.named(latitudeDegrees: lat, longitudeDegrees: lon, withinKilometres: radius) else { continue }
                found += 1
                let km = OpenMeteoParser.distanceKilometres(here, try GeoPosition(latitudeDegrees: place.latitudeDegrees,
                                                                                   longitudeDegrees: place.longitudeDegrees))
                #expect(km <= radius + 0.01, "\(place.name) at \(km) km, radius \(radius)")
            }
        }
        #expect(found > 5)
        #expect(db.named(latitudeDegrees: .nan, longitudeDegrees: 0, withinKilometres: 10) == nil)
        #expect(db.named(latitudeDegrees: 48.8566, longitudeDegrees: 2.3522, withinKilometres: 0) == nil)
    }

    @Test func aScanIsFast() {
        let clock = ContinuousClock()
        let spent = clock.measure {
            for i in 0..<20 { _ = db.named(latitudeDegrees: 40, longitudeDegrees: -40 + Double(i) * 0.01, withinKilometres: 10) }
        }
        // A miss scans every record: about a millisecond in release; generous for debug builds.
        #expect(spent / 20 < .milliseconds(50), "\(spent / 20) per miss")
        print("PlaceNamedTests: \(spent / 20) per full scan (debug build)")
    }
}
