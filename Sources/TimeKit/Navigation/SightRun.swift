import Foundation

/// A run of sights of one body, checked against the slope the almanac says
/// the altitude had, and reduced to one sight at the run's middle time.
///
/// Each sight's intercept from the DR (moved to the sight's instant) would
/// be the same for every sight of a perfect run: the computed altitude
/// already rises or falls as the body does. So the scatter of the
/// intercepts is the sextant's, a sight far from the others (more than 1′,
/// or three times the run's robust spread) is flagged and left out, and the
/// mean of the rest, laid on the computed altitude at the middle time, is
/// the averaged sight.
public enum SightRun {
    public struct Entry: Equatable, Sendable {
        public var sight: Sight
        public var observedAltitudeDegrees: Double
        /// Ho − Hc from the DR, arcminutes (nautical miles).
        public var interceptArcminutes: Double
        /// From the run's mean intercept, arcminutes.
        public var residualArcminutes: Double
        public var isOutlier: Bool
    }

    public struct Result: Equatable, Sendable {
        public var entries: [Entry]
        /// The one sight the kept sights reduce to, at the middle time.
        public var averaged: Sight
        public var averagedObservedAltitudeDegrees: Double
        /// The mean intercept of the kept sights, arcminutes.
        public var meanInterceptArcminutes: Double
        /// The computed rate of change of altitude at the middle time, arcminutes a minute.
        public var rateArcminutesPerMinute: Double
        /// Root-mean-square residual of the kept sights, arcminutes.
        public var rmsResidualArcminutes: Double
        public var outlierCount: Int { entries.filter(\.isOutlier).count }
    }

    /// The smallest residual ever flagged, arcminutes: below it a sight is
    /// as good as a sextant reads.
    public static let smallestOutlierArcminutes = 1.0
    /// A run whose kept sights scatter more than this (rms, arcminutes) is refused.
    public static let largestScatterArcminutes = 2.0
    /// A run longer than this (seconds) is several observations, not one.
    public static let longestRunSeconds = 1800.0

    public static func average(_ sights: [Sight], solver: FixSolver, deadReckoning: GeoPosition,
                               drUnixSeconds: Double) throws -> Result {
        guard sights.count >= 3 else {
            throw FixError(field: "sights", problem: "averaging needs at least three sights of one body; \(sights.count) given")
        }
        let first = sights[0]
        if let other = sights.first(where: { $0.body != first.body || $0.limb != first.limb }) {
            throw FixError(field: "sights", problem: "\(other.bodyText) is not \(first.bodyText); a run is of one body and one limb")
        }
        let times = sights.map(\.unixSeconds)
        let span = (times.max() ?? 0) - (times.min() ?? 0)
        guard span <= longestRunSeconds else {
            throw FixError(field: "sights", problem: String(format: "the run spans %.0f minutes; average sights taken within %.0f minutes "
                                                            + "and give longer runs to `fix` as separate sights", span / 60, longestRunSeconds / 60))
        }
        let dr = { (t: Double) in solver.position(deadReckoning, at: drUnixSeconds, movedTo: t) }
        let intercepts = try sights.map { sight -> (ho: Double, intercept: Double) in
            let r = try solver.reduce([sight], deadReckoning: dr(sight.unixSeconds), fixUnixSeconds: sight.unixSeconds)[0]
            return (r.observedAltitudeDegrees, r.interceptNauticalMiles)
        }
        let values = intercepts.map(\.intercept)
        let median = Self.median(values)
        let spread = 1.4826 * Self.median(values.map { abs($0 - median) })
        let limit = max(smallestOutlierArcminutes, 3 * spread)
        let kept = values.map { abs($0 - median) <= limit }
        guard kept.filter({ $0 }).count >= 2, kept.filter({ $0 }).count * 2 > sights.count else {
            throw FixError(field: "sights", problem: "the sights disagree with each other by more than a sextant does; "
                           + "check each one's time and altitude")
        }
        let keptValues = zip(values, kept).filter(\.1).map(\.0)
        let mean = keptValues.reduce(0, +) / Double(keptValues.count)
        let rms = (keptValues.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(keptValues.count)).squareRoot()
        guard rms <= largestScatterArcminutes else {
            throw FixError(field: "sights", problem: String(format: "the sights scatter %.1f′ (rms) about their mean, more than a sextant "
                                                            + "does; check each one's time and altitude", rms))
        }
        let keptTimes = zip(times, kept).filter(\.1).map(\.0)
        let middle = ((keptTimes.min() ?? 0) + (keptTimes.max() ?? 0)) / 2
        let entry = try solver.almanac.entry(for: first.body, atUnixSeconds: middle)
        let hc = { (t: Double) throws -> Double in
            let e = try solver.almanac.entry(for: first.body, atUnixSeconds: t)
            return SightReduction.altitudeAndAzimuth(ghaDegrees: e.ghaDegrees, decDegrees: e.decDegrees, from: dr(t)).altitudeDegrees
        }
        let ho = try hc(middle) + mean / 60
        let hs = SightReduction.sextantAltitudeDegrees(observedAltitudeDegrees: ho, limb: first.limb, entry: entry,
                                                       corrections: solver.corrections, from: dr(middle))
        let rate = (try hc(middle + 30) - hc(middle - 30)) * 60
        var averaged = first
        averaged.sextantAltitudeDegrees = hs
        averaged.unixSeconds = middle
        let entries = sights.indices.map {
            Entry(sight: sights[$0], observedAltitudeDegrees: intercepts[$0].ho, interceptArcminutes: values[$0],
                  residualArcminutes: values[$0] - mean, isOutlier: !kept[$0])
        }
        return Result(entries: entries, averaged: averaged, averagedObservedAltitudeDegrees: ho, meanInterceptArcminutes: mean,
                      rateArcminutesPerMinute: rate, rmsResidualArcminutes: rms)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let n = sorted.count
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
    }
}
