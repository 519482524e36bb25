import Foundation
import Testing
@testable import TimeKit

/// Synthetic sight sets of known truth: exact Hs made from a known position
/// with the almanac and the inverse of the corrections, then reduced back.
@Suite struct SightFixTests {
    static let almanac: Almanac? = try? Almanac.loadBundled(leapSeconds: .builtIn)
    static let corrections = SightCorrections(heightOfEyeMetres: 2.4, indexErrorArcminutes: -1.5,
                                              temperatureCelsius: 25, pressureHectopascals: 1020)

    /// Hs for `body` seen from `truth` (where the ship is at `fix`), taken at `at`.
    static func sight(_ almanac: Almanac, _ body: CelestialBody, _ limb: Limb = .centre, at: Double,
                      truth: GeoPosition, fix: Double, solver: FixSolver, hsErrorArcminutes: Double = 0) throws -> Sight {
        let entry = try almanac.entry(for: body, atUnixSeconds: at)
        let there = solver.position(truth, at: fix, movedTo: at)
        let ho = SightReduction.altitudeAndAzimuth(ghaDegrees: entry.ghaDegrees, decDegrees: entry.decDegrees,
                                                   from: there).altitudeDegrees
        let hs = SightReduction.sextantAltitudeDegrees(observedAltitudeDegrees: ho, limb: limb, entry: entry,
                                                       corrections: solver.corrections, from: there)
        return Sight(body: body, limb: limb, sextantAltitudeDegrees: hs + hsErrorArcminutes / 60, unixSeconds: at)
    }

    /// Distance between two positions in nautical miles (small distances).
    static func miles(_ a: GeoPosition, _ b: GeoPosition) -> Double {
        let dn = (a.latitudeDegrees - b.latitudeDegrees) * 60
        let de = (a.longitudeDegrees - b.longitudeDegrees) * 60 * cos(a.latitudeDegrees * .pi / 180)
        return (dn * dn + de * de).squareRoot()
    }

    // 2024-03-20 23:30 UTC, evening twilight near 40° N 50° W.
    static let evening = 1_710_977_400.0

    @Test func threeStarsAtRestGiveTheTruth() throws {
        let almanac = try #require(Self.almanac)
        let solver = FixSolver(almanac: almanac, corrections: Self.corrections)
        let truth = try GeoPosition(latitudeDegrees: 40.2, longitudeDegrees: -50.3)
        let bodies: [CelestialBody] = [.star("Sirius"), .star("Capella"), .star("Regulus")]
        let sights = try bodies.enumerated().map { i, body in
            try Self.sight(almanac, body, at: Self.evening + Double(i) * 120, truth: truth, fix: Self.evening + 240,
                           solver: solver)
        }
        let dr = try GeoPosition(latitudeDegrees: 40.0, longitudeDegrees: -50.0)
        let fix = try solver.fix(sights, deadReckoning: dr, fixUnixSeconds: Self.evening + 240)
        #expect(Self.miles(fix.position, truth) < 0.01)
        #expect(fix.rmsResidualNauticalMiles < 0.01)
        #expect(fix.fromDeadReckoningNauticalMiles > 0)
        #expect(fix.sights.allSatisfy { abs($0.interceptNauticalMiles) < 0.01 })
        // From the DR the intercepts are the miles to the truth along each azimuth.
        #expect(fix.fromDeadReckoning.contains { abs($0.interceptNauticalMiles) > 5 })
    }

    @Test func runningFixOnAMovingShipWithSunAndMoonLimbs() throws {
        let almanac = try #require(Self.almanac)
        // 2024-06-15: Sun LL at 12:00, 15:00, 18:00 UTC, Moon UL at 19:00; 12 kn on 235°.
        let solver = FixSolver(almanac: almanac, corrections: Self.corrections, courseDegrees: 235, speedKnots: 12)
        let start = 1_718_452_800.0
        let fixTime = start + 7 * 3600
        let truth = try GeoPosition(latitudeDegrees: 35.5, longitudeDegrees: -40.25)
        let sights = [
            try Self.sight(almanac, .sun, .lower, at: start, truth: truth, fix: fixTime, solver: solver),
            try Self.sight(almanac, .sun, .lower, at: start + 3 * 3600, truth: truth, fix: fixTime, solver: solver),
            try Self.sight(almanac, .sun, .upper, at: start + 6 * 3600, truth: truth, fix: fixTime, solver: solver),
            try Self.sight(almanac, .moon, .upper, at: fixTime, truth: truth, fix: fixTime, solver: solver),
        ]
        let dr = try GeoPosition(latitudeDegrees: 35.3, longitudeDegrees: -40.0)
        let fix = try solver.fix(sights, deadReckoning: dr, fixUnixSeconds: fixTime)
        #expect(Self.miles(fix.position, truth) < 0.01)
        #expect(fix.fromDeadReckoningNauticalMiles > 0)
        // Without the ship's motion the same sights miss by miles.
        let still = FixSolver(almanac: almanac, corrections: Self.corrections)
        do {
            let wrong = try still.fix(sights, deadReckoning: dr, fixUnixSeconds: fixTime)
            #expect(Self.miles(wrong.position, truth) > 5)
        } catch is FixRefusal {}  // or no fix at all: the lines no longer agree
    }

    @Test func aTypoInOneHsIsCalledADisagreement() throws {
        let almanac = try #require(Self.almanac)
        let solver = FixSolver(almanac: almanac, corrections: Self.corrections)
        let truth = try GeoPosition(latitudeDegrees: -33.9, longitudeDegrees: 151.2)
        let t = 1_700_000_000.0 + 9 * 3600  // 2023-11-15 07:13 UTC: evening in Sydney
        let bodies: [CelestialBody] = [.star("Achernar"), .star("Fomalhaut"), .star("Peacock"), .star("Diphda"),
                                       .star("Canopus")]
        var sights = try bodies.map { try Self.sight(almanac, $0, at: t, truth: truth, fix: t, solver: solver) }
        sights[2].sextantAltitudeDegrees += 10.0 / 60  // 10′ too high
        // Issue 28: sights that disagree make no fix; with five the others name the one that is off.
        do {
            _ = try solver.fix(sights, deadReckoning: truth, fixUnixSeconds: t)
            Issue.record("a fix was made from sights that disagree")
        } catch let refusal as FixRefusal {
            #expect(refusal.culprit == 2 && refusal.bodies[2] == "Peacock")
            #expect(refusal.description.contains("sights disagree") && refusal.description.contains("Peacock"))
        }
    }

    @Test func linesThatDoNotCrossAreRefused() throws {
        let almanac = try #require(Self.almanac)
        let solver = FixSolver(almanac: almanac)
        let truth = try GeoPosition(latitudeDegrees: 40, longitudeDegrees: -50)
        let s = try Self.sight(almanac, .star("Sirius"), at: Self.evening, truth: truth, fix: Self.evening,
                               solver: solver)
        #expect(throws: FixRefusal(reason: .poorCut(degrees: 0), bodies: ["Sirius", "Sirius"])) {
            try solver.fix([s, s], deadReckoning: truth, fixUnixSeconds: Self.evening)
        }
    }

    @Test func aBodyBelowTheHorizonIsNamed() throws {
        let almanac = try #require(Self.almanac)
        let solver = FixSolver(almanac: almanac)
        let dr = try GeoPosition(latitudeDegrees: 40, longitudeDegrees: -50)
        // Canopus never rises at 40° N... 52° 42′ S never reaches 40° N's horizon.
        let sights = [Sight(body: .star("Canopus"), sextantAltitudeDegrees: 20, unixSeconds: Self.evening),
                      Sight(body: .star("Sirius"), sextantAltitudeDegrees: 20, unixSeconds: Self.evening)]
        do {
            _ = try solver.fix(sights, deadReckoning: dr, fixUnixSeconds: Self.evening)
            Issue.record("expected an error")
        } catch let error as FixError {
            #expect(error.field.contains("Canopus"))
            #expect(error.problem.contains("below the horizon"))
        }
    }

    @Test func correctionsMatchTheNauticalAlmanacTables() {
        let c = SightCorrections(heightOfEyeMetres: 4)
        #expect(abs(c.dipArcminutes - 3.52) < 1e-9)
        // Refraction at 10° is 5.3′ and at 45° 1.0′ in the Nautical Almanac's table.
        #expect(abs(SightCorrections.standard.refractionArcminutes(apparentAltitudeDegrees: 10) - 5.3) < 0.15)
        #expect(abs(SightCorrections.standard.refractionArcminutes(apparentAltitudeDegrees: 45) - 1.0) < 0.05)
        // Colder and higher pressure bends more.
        let cold = SightCorrections(temperatureCelsius: -20, pressureHectopascals: 1040)
        #expect(cold.refractionArcminutes(apparentAltitudeDegrees: 5) > c.refractionArcminutes(apparentAltitudeDegrees: 5))
    }

    /// Issue 29: only decimal digits in the forms the guide names; a hex
    /// float, an exponent, a sign between the parts, empty parts or
    /// minutes of 60 and more are refused (minutes named), never read as
    /// some other altitude.
    static let documentedAltitudes: [(String, Double)] = [
        ("43 23.8", 43.0 + 23.8 / 60), ("43-23.8", 43.0 + 23.8 / 60), ("43° 23.8′", 43.0 + 23.8 / 60),
        ("43°23.8'", 43.0 + 23.8 / 60), ("43.5", 43.5), ("43°", 43.0), (" 7 05 ", 7.0 + 5.0 / 60),
    ]

    @Test("Hs: the documented forms read", arguments: documentedAltitudes)
    func altitudeForms(text: String, degrees: Double) throws {
        #expect(abs(try SightText.altitudeDegrees(text) - degrees) < 1e-12)
    }

    @Test("Hs: hex floats, exponents, signs between parts, stray separators are refused",
          arguments: ["0x1p3", "8e0", "43 -5", "43--5", ",43", "43,", "nan", "inf", "+43", "43 23.8 1", "43 .5", "4 3 2", "43′", "٤٣", "4\u{200B}3"])
    func altitudeRefused(text: String) {
        #expect(throws: InputError.self, "\(text) was read as an altitude") { try SightText.altitudeDegrees(text) }
    }

    @Test func minutesOverSixtyAreNamed() {
        do {
            _ = try SightText.altitudeDegrees("52 79.5")
            Issue.record("52 79.5 was read")
        } catch let error as InputError {
            #expect(error.problem.contains("minutes") && error.problem.contains("79.5"), "\(error.problem)")
        } catch { Issue.record("\(error)") }
    }

    @Test func sightTextForms() throws {
        let almanac = try #require(Self.almanac)
        #expect(try SightText.altitudeDegrees("43 23.8") == 43 + 23.8 / 60)
        #expect(try SightText.altitudeDegrees("43-23.8") == 43 + 23.8 / 60)
        #expect(try SightText.altitudeDegrees("43.5") == 43.5)
        #expect(throws: InputError.self) { try SightText.altitudeDegrees("95 10.0") }
        #expect(throws: InputError.self) { try SightText.altitudeDegrees("-3") }
        #expect(try SightText.body("Kaus Australis", almanac: almanac).body == .star("Kaus Australis"))
        #expect(try SightText.body("SunLL", almanac: almanac) == (.sun, .lower))
        #expect(try SightText.body("Moon UL", almanac: almanac) == (.moon, .upper))
        #expect(try SightText.body("rigil kent", almanac: almanac).body == .star("Rigil Kentaurus"))
        do {
            _ = try SightText.body("Vegaa", almanac: almanac)
            Issue.record("expected an error")
        } catch let error as InputError {
            #expect(error.field == .body)
            #expect(error.problem.contains("Vega"))
        }
    }
}
