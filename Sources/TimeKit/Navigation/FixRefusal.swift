import Foundation

/// The sights were worked but make no fix: what is wrong, in numbers the
/// panel and the CLI both show. Never a position to act on.
public struct FixRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        /// The lines of position are (nearly) parallel: their best angle of cut.
        case poorCut(degrees: Double)
        /// Two circles of equal altitude that never meet: the gap between them.
        case circlesDoNotMeet(gapNauticalMiles: Double)
        /// The least-squares solution did not settle (it ran off toward a pole or kept moving).
        case didNotConverge
        /// The position is farther from the DR than `CelestialFix.farFromDeadReckoningNauticalMiles`.
        case farFromDeadReckoning
        /// Residuals larger than sights can explain.
        case sightsDisagree(worstResidualNauticalMiles: Double)
    }

    public var reason: Reason
    /// Each sight's body as typed (`Vega`, `Sun LL`), in the order given.
    public var bodies: [String]
    /// The sight the others identify as off (leave-one-out, four sights or
    /// more, only when exactly one sight's removal leaves the rest agreeing).
    public var culprit: Int?
    /// How far the culprit's line misses the fix of the others, nm.
    public var culpritMissNauticalMiles: Double?
    /// Sights any one of which may be the one that is off (0-based); empty
    /// when no single sight explains the trouble.
    public var candidates: [Int]
    /// Where the least-squares position landed, from the DR, when it landed anywhere.
    public var fromDeadReckoningNauticalMiles: Double?
    public var fromDeadReckoningBearingDegrees: Double?

    public init(reason: Reason, bodies: [String], culprit: Int? = nil, culpritMissNauticalMiles: Double? = nil,
                candidates: [Int] = [], fromDeadReckoningNauticalMiles: Double? = nil,
                fromDeadReckoningBearingDegrees: Double? = nil) {
        self.reason = reason
        self.bodies = bodies
        self.culprit = culprit
        self.culpritMissNauticalMiles = culpritMissNauticalMiles
        self.candidates = candidates
        self.fromDeadReckoningNauticalMiles = fromDeadReckoningNauticalMiles
        self.fromDeadReckoningBearingDegrees = fromDeadReckoningBearingDegrees
    }

    /// `Vega (sight 1)`.
    public func name(_ index: Int) -> String { "\(bodies[index]) (sight \(index + 1))" }

    /// `Vega (sight 1), Arcturus (sight 2) or Deneb (sight 3)`.
    public var candidateList: String {
        let names = candidates.map(name)
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }

    /// `the least-squares position is 760 nm 213° from the DR`, when there is one.
    public var whereItLanded: String? {
        guard let d = fromDeadReckoningNauticalMiles, let b = fromDeadReckoningBearingDegrees else { return nil }
        return String(format: "the least-squares position is %.0f nm %03.0f° from the DR", d, b)
    }

    /// What to blame: the culprit, the candidates, or that no one sight explains it.
    public var blame: String {
        if let culprit {
            return String(format: "%@ misses the fix of the other %d sights by %.1f nm; check its body name, Hs and time",
                          name(culprit), bodies.count - 1, culpritMissNauticalMiles ?? 0)
        }
        if candidates.count == bodies.count, bodies.count <= 3 {
            return "one of \(candidateList) is off, and \(bodies.count) sights cannot tell which "
                + "(four sights can); check each body name, Hs and time"
        }
        if !candidates.isEmpty {
            return "one of \(candidateList) is off (dropping any one of them leaves the rest agreeing); "
                + "check their body names, Hs and times"
        }
        return "no single sight explains it (more than one is off, or the clock or the DR is); check every sight"
    }

    public var description: String {
        var parts: [String]
        switch reason {
        case .poorCut(let degrees):
            parts = [String(format: "no fix: the lines of position do not cross well: they cross at only %.0f° "
                            + "(angle of cut; under %.0f° makes no fix); add a sight of a body at a bearing about 90° "
                            + "from the others", degrees, CelestialFix.smallestCrossingDegrees)]
        case .circlesDoNotMeet(let gap):
            parts = [String(format: "no fix: the circles of position do not meet (they miss each other by %.0f nm)", gap),
                     blame]
        case .didNotConverge:
            parts = ["no fix: the least-squares solution did not converge (the lines of position do not meet near "
                        + "the DR)", blame]
        case .farFromDeadReckoning:
            let landed = whereItLanded ?? "the position is far from the DR"
            parts = [String(format: "no fix: %@ (more than %.0f nm)", landed, CelestialFix.farFromDeadReckoningNauticalMiles),
                     bodies.count >= 3 && candidates.isEmpty && culprit == nil
                        ? "the sights agree with each other: check the sights' date, time zone and clock, or the DR"
                        : blame,
                     "if the DR really is that far off, give the DR near that position and fix again"]
        case .sightsDisagree(let worst):
            parts = [String(format: "no fix: the sights disagree (a residual of %.1f nm; more than %.0f nm is more "
                            + "than sextant error)", worst, CelestialFix.disagreementNauticalMiles), blame]
        }
        if case .farFromDeadReckoning = reason {} else if let landed = whereItLanded { parts.append(landed) }
        return parts.joined(separator: "; ")
    }
}
