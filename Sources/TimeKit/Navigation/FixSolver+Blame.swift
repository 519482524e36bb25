import Foundation

extension FixSolver {
    /// Which sight is off, as far as the sights can say (leave-one-out).
    ///
    /// With two sights either may be off; with three, dropping any one
    /// leaves two lines that always meet, so all three whose removal leaves
    /// a fix are candidates and none is named. With four or more, a sight
    /// is a candidate when the others, without it, agree within
    /// `disagreementNauticalMiles` and it misses their fix by more; it is
    /// named only when it is the one candidate. Two nearly reciprocal
    /// sights explain a blunder equally well, so both stay candidates.
    func blame(_ reason: FixRefusal.Reason, _ prepared: [Prepared], deadReckoning: GeoPosition,
               fixUnixSeconds: Double) -> FixRefusal {
        let bodies = prepared.map(\.sight.bodyText)
        guard prepared.count >= 3 else { return FixRefusal(reason: reason, bodies: bodies, candidates: Array(prepared.indices)) }
        var candidates: [Int] = []
        var misses: [Int: Double] = [:]
        for left in prepared.indices {
            var rest = prepared
            rest.remove(at: left)
            guard let others = solve(rest, from: deadReckoning, fixUnixSeconds: fixUnixSeconds),
                  Self.bestCrossingAngle(others.reduced.map(\.azimuthDegrees)) >= CelestialFix.smallestCrossingDegrees
            else { continue }
            if prepared.count == 3 { candidates.append(left); continue }
            let agree = others.reduced.allSatisfy { abs($0.interceptNauticalMiles) <= CelestialFix.disagreementNauticalMiles }
            let miss = abs(reduce(prepared[left], from: others.position, fixUnixSeconds: fixUnixSeconds).interceptNauticalMiles)
            if agree && miss > CelestialFix.disagreementNauticalMiles {
                candidates.append(left)
                misses[left] = miss
            }
        }
        if prepared.count >= 4, candidates.count == 1, let culprit = candidates.first {
            return FixRefusal(reason: reason, bodies: bodies, culprit: culprit, culpritMissNauticalMiles: misses[culprit],
                              candidates: candidates)
        }
        return FixRefusal(reason: reason, bodies: bodies, candidates: candidates)
    }
}
