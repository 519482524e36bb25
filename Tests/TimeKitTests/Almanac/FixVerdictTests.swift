import Foundation
import Testing
@testable import TimeKit

/// Issue 28: a fix that knows when it is not one. Synthetic sights made
/// from the almanac at a known position (exact Hs), then spoiled on purpose.
@Suite struct FixVerdictTests {
    static let almanac: Almanac? = try? Almanac.loadBundled(leapSeconds: .builtIn)
    /// 2024-03-20 23:30 UTC, evening twilight near 40° N 50° W.
    static let t = 1_710_977_400.0
    static let truth = GeoPosition(wrappingLatitude: 40.2, longitude: -50.3)

    static func sights(_ bodies: [CelestialBody], _ almanac: Almanac, solver: FixSolver,
                       errors: [Int: Double] = [:]) throws -> [Sight] {
        try bodies.enumerated().map { i, body in
            try SightFixTests.sight(almanac, body, at: t + Double(i) * 60, truth: truth, fix: t + Double(bodies.count) * 60,
                                    solver: solver, hsErrorArcminutes: errors[i] ?? 0)
        }
    }

    static func refusal(_ solver: FixSolver, _ sights: [Sight], dr: GeoPosition = truth) throws -> FixRefusal {
        do {
            let fix = try solver.fix(sights, deadReckoning: dr, fixUnixSeconds: t + Double(sights.count) * 60)
            Issue.record("a fix was made: \(fix.position.navigatorText)")
        } catch let refusal as FixRefusal {
            return refusal
        }
        throw FixError(field: "test", problem: "no refusal")
    }

    /// The review's case, built from the almanac: two circles of position
    /// that never meet once made a fix at the North Pole. Sight 1's Hs is
    /// raised until its circle (radius 90° − Ho about the body's
    /// geographical position) stops 2° short of the other's.
    @Test func circlesThatNeverMeetAreNoFix() throws {
        let almanac = try #require(Self.almanac)
        let solver = FixSolver(almanac: almanac)
        let pair: [CelestialBody] = [.star("Denebola"), .star("Betelgeuse")]  // Zn 100° and 229° at the truth
        let exact = try Self.sights(pair, almanac, solver: solver)
        let gps = try exact.map { s -> GeoPosition in
            let e = try almanac.entry(for: s.body, atUnixSeconds: s.unixSeconds)
            return GeoPosition(wrappingLatitude: e.decDegrees, longitude: -e.ghaDegrees)
        }
        let apart = gps[0].distanceAndBearing(to: gps[1]).nauticalMiles / 60
        let radii = try exact.map { s -> Double in
            let e = try almanac.entry(for: s.body, atUnixSeconds: s.unixSeconds)
            return 90 - SightReduction.altitudeAndAzimuth(ghaDegrees: e.ghaDegrees, decDegrees: e.decDegrees,
                                                          from: Self.truth).altitudeDegrees
        }
        let raise = radii[0] + radii[1] - apart + 2  // degrees
        let sights = try Self.sights(pair, almanac, solver: solver, errors: [0: raise * 60])
        let refusal = try Self.refusal(solver, sights)
        guard case .circlesDoNotMeet(let gap) = refusal.reason else { Issue.record("\(refusal.reason)"); return }
        #expect(abs(gap - 120) < 10, "\(gap)")
        #expect(refusal.culprit == nil && refusal.candidates == [0, 1])
        #expect(refusal.description.contains("do not meet"))
    }

    @Test func aBlunderInTwoSightsIsFarFromTheDRAndNamesBothAsCandidates() throws {
        let almanac = try #require(Self.almanac)
        let solver = FixSolver(almanac: almanac)
        let pair: [CelestialBody] = [.star("Alioth"), .star("Regulus")]  // Zn 45° and 127°
        let sights = try Self.sights(pair, almanac, solver: solver, errors: [1: 2 * 60])  // 2° too high
        let refusal = try Self.refusal(solver, sights)
        #expect(refusal.reason == .farFromDeadReckoning)
        #expect(refusal.culprit == nil && refusal.candidates == [0, 1])
        let miles = try #require(refusal.fromDeadReckoningNauticalMiles)
        #expect(miles > 100 && miles < 200, "\(miles)")
        #expect(refusal.fromDeadReckoningBearingDegrees != nil)
        #expect(refusal.description.contains("nm") && refusal.description.contains("from the DR"))
    }

    @Test func aBlunderInThreeSightsNamesNoOneButTheCandidates() throws {
        let almanac = try #require(Self.almanac)
        let solver = FixSolver(almanac: almanac)
        let three: [CelestialBody] = [.star("Dubhe"), .star("Alphard"), .star("Elnath")]  // Zn 36°, 153°, 262°
        for spoiled in 0..<3 {
            let refusal = try Self.refusal(solver, try Self.sights(three, almanac, solver: solver, errors: [spoiled: 12]))
            guard case .sightsDisagree = refusal.reason else { Issue.record("\(refusal.reason)"); continue }
            #expect(refusal.culprit == nil)
            #expect(refusal.candidates == [0, 1, 2])
            #expect(refusal.description.contains("cannot tell which"))
        }
    }

    /// Four and five sights with no two near reciprocal (Zn 19°, 100°,
    /// 153°, 229°; and 294°): the others, without the spoiled one, agree and
    /// miss it by its error, so it alone is named.
    @Test("A blunder in four or five well-spread sights is named", arguments: [4, 5])
    func aBlunderAmongFourOrMoreIsNamed(count: Int) throws {
        let almanac = try #require(Self.almanac)
        let solver = FixSolver(almanac: almanac)
        let bodies = Array(([.star("Kochab"), .star("Denebola"), .star("Alphard"), .star("Betelgeuse"), .star("Capella")]
                            as [CelestialBody]).prefix(count))
        for spoiled in 0..<count {
            let refusal = try Self.refusal(solver, try Self.sights(bodies, almanac, solver: solver, errors: [spoiled: 30]))
            #expect(refusal.culprit == spoiled, "spoiled \(spoiled), candidates \(refusal.candidates)")
            #expect(abs((refusal.culpritMissNauticalMiles ?? 0) - 30) < 3)
            #expect(refusal.description.contains(refusal.bodies[spoiled]))
        }
    }

    /// Two nearly reciprocal sights (Kochab Zn 19°, Sirius 201°) are the
    /// only ones across their direction (Regulus 127° and Mirfak 306° are
    /// the other pair): a blunder in either is explained equally by the
    /// other, so neither is named; both are candidates.
    @Test func aBlunderInOneOfAReciprocalPairIsNotPinnedOnEither() throws {
        let almanac = try #require(Self.almanac)
        let solver = FixSolver(almanac: almanac)
        let bodies: [CelestialBody] = [.star("Kochab"), .star("Sirius"), .star("Regulus"), .star("Mirfak")]
        for spoiled in [0, 1] {
            let refusal = try Self.refusal(solver, try Self.sights(bodies, almanac, solver: solver, errors: [spoiled: 30]))
            #expect(refusal.culprit == nil, "named \(String(describing: refusal.culprit))")
            #expect(refusal.candidates == [0, 1], "\(refusal.candidates)")
            #expect(refusal.description.contains("Kochab") && refusal.description.contains("Sirius"))
        }
    }

    @Test func sightsThatAgreeFarFromTheDRSaySoAndBlameNoSight() throws {
        let almanac = try #require(Self.almanac)
        let solver = FixSolver(almanac: almanac)
        let bodies: [CelestialBody] = [.star("Dubhe"), .star("Alphard"), .star("Elnath")]
        let dr = Self.truth.sailing(courseDegrees: 225, distanceNauticalMiles: 150)
        let refusal = try Self.refusal(solver, try Self.sights(bodies, almanac, solver: solver), dr: dr)
        #expect(refusal.reason == .farFromDeadReckoning)
        #expect(refusal.candidates.isEmpty && refusal.culprit == nil)
        #expect(abs((refusal.fromDeadReckoningNauticalMiles ?? 0) - 150) < 2)
        #expect(abs((refusal.fromDeadReckoningBearingDegrees ?? 0) - 45) < 2)
        #expect(refusal.description.contains("agree"))
    }

    @Test func theFixSaysHowFarAndWhichWayFromTheDR() throws {
        let almanac = try #require(Self.almanac)
        let solver = FixSolver(almanac: almanac)
        let bodies: [CelestialBody] = [.star("Dubhe"), .star("Alphard"), .star("Elnath")]
        let dr = Self.truth.sailing(courseDegrees: 180, distanceNauticalMiles: 12)  // the truth is 12 nm north
        let fix = try solver.fix(try Self.sights(bodies, almanac, solver: solver), deadReckoning: dr,
                                 fixUnixSeconds: Self.t + 180)
        #expect(abs(fix.fromDeadReckoningNauticalMiles - 12) < 0.05)
        #expect(min(fix.fromDeadReckoningBearingDegrees, 360 - fix.fromDeadReckoningBearingDegrees) < 0.5)
        #expect(fix.clockDoubt == nil)
    }

    @Test func anUnsynchronizedClockIsCarriedIntoTheFix() throws {
        let almanac = try #require(Self.almanac)
        let solver = FixSolver(almanac: almanac)
        let bodies: [CelestialBody] = [.star("Dubhe"), .star("Alphard"), .star("Elnath")]
        var sights = try Self.sights(bodies, almanac, solver: solver)
        let unsynced = ClockStatus(kernel: .init(synchronized: false, estimatedErrorMicroseconds: 16_000_000,
                                                 maximumErrorMicroseconds: 16_000_000))
        sights[1].unsynchronizedClockErrorSeconds = FixInputs.unsynchronizedClockErrorSeconds(unsynced)
        let fix = try solver.fix(sights, deadReckoning: Self.truth, fixUnixSeconds: Self.t + 180)
        let doubt = try #require(fix.clockDoubt)
        #expect(doubt.sightIndices == [1] && doubt.seconds == 16)
        #expect(abs(doubt.longitudeArcminutes - 4) < 1e-9)  // 16 s × 15″/s = 4′
        #expect(abs(doubt.eastWestNauticalMiles - 4 * cos(40.2 * .pi / 180)) < 0.01)
        #expect(doubt.description.contains("16 s") && doubt.description.contains("4.0′"))
        let synced = ClockStatus(kernel: .init(synchronized: true, estimatedErrorMicroseconds: 2000, maximumErrorMicroseconds: 9000))
        #expect(FixInputs.unsynchronizedClockErrorSeconds(synced) == nil)
        #expect(FixInputs.unsynchronizedClockErrorSeconds(.unknown) == nil)
    }

    @Test func nearlyParallelLinesSayTheirAngleOfCut() throws {
        let almanac = try #require(Self.almanac)
        let solver = FixSolver(almanac: almanac)
        // Alkaid Zn 49° and Rigel 228°: reciprocal within 1°.
        let refusal = try Self.refusal(solver, try Self.sights([.star("Alkaid"), .star("Rigel")], almanac, solver: solver))
        guard case .poorCut(let degrees) = refusal.reason else { Issue.record("\(refusal.reason)"); return }
        #expect(degrees < CelestialFix.smallestCrossingDegrees)
        #expect(refusal.description.contains(String(format: "%.0f°", degrees)))
    }

    @Test func aFixTimeDaysFromTheSightsIsRefused() throws {
        let almanac = try #require(Self.almanac)
        let solver = FixSolver(almanac: almanac)
        let bodies: [CelestialBody] = [.star("Dubhe"), .star("Alphard"), .star("Elnath")]
        let sights = try Self.sights(bodies, almanac, solver: solver)
        #expect(throws: FixError.self) {
            try solver.fix(sights, deadReckoning: Self.truth, fixUnixSeconds: Self.t + 2 * 86400)
        }
    }
}
