import Foundation
import Testing
@testable import TimeKit

@Suite("Noon sight: meridian passage and the noon curve")
struct NoonSightTests {
    static let almanac: Almanac? = try? Almanac.loadBundled(leapSeconds: .builtIn)
    static let day = 1_710_979_200.0  // 2024-03-21 00:00 UTC

    static func lha(_ almanac: Almanac, _ p: GeoPosition, _ t: Double) throws -> Double {
        var lha = (try almanac.entry(for: .sun, atUnixSeconds: t).ghaDegrees + p.longitudeDegrees).truncatingRemainder(dividingBy: 360)
        if lha > 180 { lha -= 360 } else if lha < -180 { lha += 360 }
        return lha
    }

    @Test("A stationary DR: at the passage the Sun's LHA is 0 and its altitude is the day's highest", arguments: [
        (40.1667, -50.25), (-33.85, 151.2), (5.0, 100.0), (60.0, -179.9),
    ])
    func stationaryPassage(lat: Double, lon: Double) throws {
        let almanac = try #require(Self.almanac)
        let dr = try GeoPosition(latitudeDegrees: lat, longitudeDegrees: lon)
        let guess = Self.day + 43200 - lon / 15 * 3600
        let p = try NoonSight.meridianPassage(almanac: almanac, deadReckoning: dr, drUnixSeconds: guess, courseDegrees: 0,
                                              speedKnots: 0, nearUnixSeconds: guess)
        #expect(abs(try Self.lha(almanac, dr, p.unixSeconds)) < 1e-5)
        // Equation of time on 21 March 2024 is about −7.4 min: noon late.
        #expect(abs((p.unixSeconds - guess) / 60 - 7.3) < 0.6, "\((p.unixSeconds - guess) / 60) min")
        for dt in [-60.0, 60.0] {
            let e = try almanac.entry(for: .sun, atUnixSeconds: p.unixSeconds + dt)
            let h = SightReduction.altitudeAndAzimuth(ghaDegrees: e.ghaDegrees, decDegrees: e.decDegrees, from: dr).altitudeDegrees
            #expect(h < p.altitudeDegrees)
        }
        #expect(p.azimuthDegrees == (lat > 0 ? 180 : 0))
    }

    @Test("A ship making 20 kn east: the passage is where the ship is then, earlier than at the morning DR")
    func movingPassage() throws {
        let almanac = try #require(Self.almanac)
        let morning = try GeoPosition(latitudeDegrees: 40, longitudeDegrees: -50)
        let eight = Self.day + 8 * 3600
        let p = try NoonSight.meridianPassage(almanac: almanac, deadReckoning: morning, drUnixSeconds: eight,
                                              courseDegrees: 90, speedKnots: 20, nearUnixSeconds: Self.day + 15 * 3600)
        let ship = FixSolver(almanac: almanac, courseDegrees: 90, speedKnots: 20).position(morning, at: eight, movedTo: p.unixSeconds)
        #expect(abs(try Self.lha(almanac, ship, p.unixSeconds)) < 1e-5)
        #expect(abs(p.position.longitudeDegrees - ship.longitudeDegrees) < 1e-9)
        let still = try NoonSight.meridianPassage(almanac: almanac, deadReckoning: morning, drUnixSeconds: eight,
                                                  courseDegrees: 0, speedKnots: 0, nearUnixSeconds: Self.day + 15 * 3600)
        #expect(still.unixSeconds - p.unixSeconds > 60, "moving east brings noon sooner")
    }

    /// Sun LL sights every `step` seconds from −span to +span around the
    /// passage, from a ship at `truth` at the passage moving on course/speed,
    /// with noise of up to `noise` arcminutes (a fixed sequence).
    static func run(_ almanac: Almanac, truth: GeoPosition, course: Double, speed: Double, span: Double = 1200,
                    step: Double = 120, noise: Double = 0) throws -> (sights: [Sight], passage: Double, solver: FixSolver) {
        let solver = FixSolver(almanac: almanac, corrections: .standard, courseDegrees: course, speedKnots: speed)
        let guess = Self.day + 43200 - truth.longitudeDegrees / 15 * 3600
        let passage = try NoonSight.meridianPassage(almanac: almanac, deadReckoning: truth, drUnixSeconds: guess,
                                                    courseDegrees: 0, speedKnots: 0, nearUnixSeconds: guess).unixSeconds
        var rng = SplitMixNoise(seed: 7)
        var sights: [Sight] = []
        var t = passage - span
        while t <= passage + span {
            let there = solver.position(truth, at: passage, movedTo: t)
            let e = try almanac.entry(for: .sun, atUnixSeconds: t)
            let ho = SightReduction.altitudeAndAzimuth(ghaDegrees: e.ghaDegrees, decDegrees: e.decDegrees, from: there).altitudeDegrees
            let hs = SightReduction.sextantAltitudeDegrees(observedAltitudeDegrees: ho, limb: .lower, entry: e, corrections: .standard,
                                                           from: there)
            sights.append(Sight(body: .sun, limb: .lower, sextantAltitudeDegrees: hs + rng.next() * noise / 60, unixSeconds: t))
            t += step
        }
        return (sights, passage, solver)
    }

    @Test("A run of 21 sights on a moving ship gives the noon latitude within 0.3′ and the longitude within its error",
          arguments: [(40.21, -50.31, 180.0, 10.0), (40.21, -50.31, 45.0, 12.0), (-12.3, 140.0, 300.0, 6.0), (52.0, 4.0, 0.0, 0.0)])
    func noonCurve(lat: Double, lon: Double, course: Double, speed: Double) throws {
        let almanac = try #require(Self.almanac)
        let truth = try GeoPosition(latitudeDegrees: lat, longitudeDegrees: lon)
        for noise in [0.0, 0.2] {
            let (sights, passage, solver) = try Self.run(almanac, truth: truth, course: course, speed: speed, noise: noise)
            // The DR 8 nm off the truth at the passage.
            let dr = truth.sailing(courseDegrees: 30, distanceNauticalMiles: 8)
            let r = try NoonSight.fit(sights, solver: solver, deadReckoning: dr, drUnixSeconds: passage)
            let there = solver.position(truth, at: passage, movedTo: r.maxUnixSeconds)
            let dLat = (r.position.latitudeDegrees - there.latitudeDegrees) * 60
            let dLon = (r.position.longitudeDegrees - there.longitudeDegrees) * 60
            #expect(abs(dLat) < 0.3, "latitude off by \(dLat)′ (noise \(noise))")
            if noise == 0 {
                #expect(abs(dLon) < 1.0, "longitude off by \(dLon)′")
                #expect(r.rmsResidualArcminutes < 0.05)
            } else {
                let sigma = try #require(r.longitudeUncertaintyArcminutes)
                #expect(abs(dLon) < 3 * sigma + 0.5, "longitude off by \(dLon)′, σ \(sigma)′")
                #expect(sigma > 0.1 && sigma < 10)
                #expect(try #require(r.latitudeUncertaintyArcminutes) < 0.2)
            }
        }
    }

    @Test("Runs that show no maximum, too few sights, or another body are refused, saying what to do")
    func refusals() throws {
        let almanac = try #require(Self.almanac)
        let truth = try GeoPosition(latitudeDegrees: 40, longitudeDegrees: -50)
        let (sights, passage, solver) = try Self.run(almanac, truth: truth, course: 0, speed: 0, span: 1800, step: 300)
        let morning = Array(sights.prefix(4))  // all before the passage, still rising
        #expect(throws: FixError.self) {
            try NoonSight.fit(morning, solver: solver, deadReckoning: truth, drUnixSeconds: passage)
        }
        do {
            _ = try NoonSight.fit(morning, solver: solver, deadReckoning: truth, drUnixSeconds: passage)
        } catch let error as FixError {
            #expect(error.problem.contains("before to after"), "\(error)")
        }
        #expect(throws: FixError.self) {
            try NoonSight.fit(Array(sights.prefix(2)), solver: solver, deadReckoning: truth, drUnixSeconds: passage)
        }
        var mixed = sights
        mixed[0].body = .venus
        #expect(throws: FixError.self) {
            try NoonSight.fit(mixed, solver: solver, deadReckoning: truth, drUnixSeconds: passage)
        }
        // A sight a degree off is more than sextant error: refused, not averaged in.
        var blunder = sights
        blunder[5].sextantAltitudeDegrees += 1
        #expect(throws: FixError.self) {
            try NoonSight.fit(blunder, solver: solver, deadReckoning: truth, drUnixSeconds: passage)
        }
    }
}

/// A small fixed pseudo-random sequence in −1…1.
struct SplitMixNoise {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53) * 2 - 1
    }
}
