import Foundation

/// A question "when is this Mars time?": a sol at a site or longitude and a
/// local clock time.
public struct MarsTimeQuery: Equatable, Sendable {
    /// A mission site numbers `sol` as its mission sols; otherwise (a
    /// landmark, or no site) `sol` is the local sol floor(MSD + λ/360°).
    public let site: MarsSite?
    /// Degrees east; a site's own longitude when `site` is set.
    public let longitudeEast: Double
    public var sol: Int
    public var time: MarsLocalTime
    /// The site's landing instant, read once (a schedule asks for many sols).
    public let landingUnixSeconds: Double?

    public init(site: MarsSite?, longitudeEast: Double? = nil, sol: Int, time: MarsLocalTime) {
        self.site = site
        self.longitudeEast = MarsLongitude.normalized(site?.longitudeEast ?? longitudeEast ?? 0)
        self.sol = sol
        self.time = time
        landingUnixSeconds = site?.landingUnixSeconds
    }

    /// Whether `sol` counts mission sols.
    public var isMissionSol: Bool { landingUnixSeconds != nil }

    /// The same query `sols` later (the schedule's rows).
    /// Saturates at the ends of `Int` (`answer` then says out of range).
    public func adding(sols: Int) -> MarsTimeQuery {
        var next = self
        let (sum, overflow) = sol.addingReportingOverflow(sols)
        next.sol = overflow ? (sols > 0 ? Int.max : Int.min) : sum
        return next
    }
}

/// Why a Mars time has no Earth instant; each says what to do instead.
public enum MarsInverseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A mission sol before the mission's first (its landing sol).
    case beforeMission(site: String, sol: Int, firstSol: Int)
    /// LTST does not reach this time within the mean sol (near midnight).
    case solarTimeNotOnSol(time: String, sol: Int)
    /// The sol is too far from today for the engine (|years| > ~10 000).
    case outOfRange(sol: Int)

    public var description: String {
        switch self {
        case let .beforeMission(site, sol, first):
            return "\(site) sol \(sol) is before the mission's first sol, \(first) (its landing sol); "
                + "give a sol of \(first) or later, or use --longitude for a local sol"
        case let .solarTimeNotOnSol(time, sol):
            return "\(time) does not occur on sol \(sol): sols begin at local mean midnight, and this sol the equation "
                + "of time moves true solar time past \(time) as the sol turns; it falls at the end of sol \(sol - 1) "
                + "or the start of sol \(sol + 1), or ask for LMST"
        case let .outOfRange(sol):
            return "sol \(sol) is outside the years 1700–2200 that timedeck converts"
        }
    }
}

/// The Earth instant for a `MarsTimeQuery`, to the millisecond.
public struct MarsInverseAnswer: Equatable, Sendable {
    /// The instant, milliseconds since 1970-01-01T00:00:00Z: the exact
    /// solution rounded to the millisecond the way that keeps the asked
    /// sol and clock time (so a report at it shows both).
    public var unixMilliseconds: Int64
    /// The local sol, floor(MSD + λ/360°), whatever the query counted.
    public var localSol: Int
    /// The unrounded solution, Unix seconds.
    public var exactUnixSeconds: Double
    /// LTST only: a second instant on the same sol with the same LTST
    /// (when the equation of time grew across local mean midnight).
    public var laterOccurrence: Int64?

    public var unixSeconds: Double { Double(unixMilliseconds) / 1000 }
}

extension MarsInverse {
    /// The local sol of a site's landing (floor of its local MSD), for
    /// converting mission sols; nil for landmarks.
    public static func landingLocalSol(_ site: MarsSite, leapSeconds: LeapSecondTable) -> Int? {
        MarsTable.landingLocalSolFloor(site: site, leapSeconds: leapSeconds).map(Int.init)
    }

    /// Largest sol number (either sign) `answer` does arithmetic on; the
    /// years 1700–2200 are within about ±130,000 sols of any epoch used.
    public static let solLimit = 1_000_000

    /// The Earth instant of `query`, or why there is none.
    public static func answer(_ query: MarsTimeQuery, leapSeconds: LeapSecondTable) throws(MarsInverseError) -> MarsInverseAnswer {
        // Checked before any arithmetic: `--sol 9223372036854775807` trapped
        // on overflow (issue 20). No mission's sol is anywhere near this.
        guard (-Self.solLimit...Self.solLimit).contains(query.sol) else { throw .outOfRange(sol: query.sol) }
        var localSol = query.sol
        if let site = query.site, let landingInstant = query.landingUnixSeconds {
            // As `MarsSite.missionSol` counts: the landing's local sol, floored.
            let t = Mars24.daysSinceJ2000TT(unixSeconds: landingInstant,
                                            ttMinusUTCSeconds: leapSeconds.ttMinusUTC(atUnixSeconds: landingInstant))
            let landing = Int((Mars24.marsSolDate(daysSinceJ2000TT: t) + site.longitudeEast / 360).rounded(.down))
            let first = site.firstSol ?? 0
            guard query.sol >= first else { throw .beforeMission(site: site.name, sol: query.sol, firstSol: first) }
            localSol = query.sol - first + landing
        }
        // MSD 0 is 1873; 1700–2200 is roughly sols −60 000 … 118 000.
        guard (-70_000...130_000).contains(localSol) else { throw .outOfRange(sol: query.sol) }
        let lon = query.longitudeEast
        let exact: [Double]
        switch query.time.kind {
        case .mean:
            exact = [unixSecondsForLMST(localSol: localSol, hours: query.time.hours, longitudeEast: lon, leapSeconds: leapSeconds)]
        case .solar:
            exact = unixSecondsForLTST(localSol: localSol, hours: query.time.hours, longitudeEast: lon, leapSeconds: leapSeconds)
        }
        guard let first = exact.first else { throw .solarTimeNotOnSol(time: query.time.text, sol: query.sol) }
        let later = exact.dropFirst().first.map { rounded($0, localSol: localSol, query: query, leapSeconds: leapSeconds) }
        return MarsInverseAnswer(unixMilliseconds: rounded(first, localSol: localSol, query: query, leapSeconds: leapSeconds),
                                 localSol: localSol, exactUnixSeconds: first, laterOccurrence: later)
    }

    /// `exact` as whole milliseconds: rounded up (a clock truncates, so the
    /// report then shows the asked time, not a millisecond before it) with a
    /// microsecond's slack for the arithmetic, moved by a millisecond when
    /// that crossed the sol's edge or still showed the second before.
    static func rounded(_ exact: Double, localSol: Int, query: MarsTimeQuery, leapSeconds: LeapSecondTable) -> Int64 {
        let lon = query.longitudeEast
        var ms = Int64((exact * 1000 - 0.001).rounded(.up))
        for _ in 0..<2 {
            let sol = localSolAt(unixSeconds: Double(ms) / 1000, longitudeEast: lon, leapSeconds: leapSeconds)
            if sol < localSol { ms += 1 } else if sol > localSol { ms -= 1 } else { break }
        }
        let shown = clockHours(unixSeconds: Double(ms) / 1000, kind: query.time.kind, longitudeEast: lon, leapSeconds: leapSeconds)
        var behind = shown - query.time.hours
        if behind > 12 { behind -= 24 } else if behind < -12 { behind += 24 }
        // The whole second a clock shows (FixedText.clock truncates the same way).
        func second(_ hours: Double) -> Int64 { Int64((Mars24.normalizedHours(hours) * 3600).rounded(.down)) }
        if behind < 0, second(shown) != second(query.time.hours),
           localSolAt(unixSeconds: Double(ms + 1) / 1000, longitudeEast: lon, leapSeconds: leapSeconds) == localSol {
            ms += 1
        }
        return ms
    }

    /// LMST or LTST at an instant, with the forward report's arithmetic.
    @inlinable public static func clockHours(unixSeconds: Double, kind: MarsLocalTime.Kind, longitudeEast: Double,
                                             leapSeconds: LeapSecondTable) -> Double {
        let t = Mars24.daysSinceJ2000TT(unixSeconds: unixSeconds, ttMinusUTCSeconds: leapSeconds.ttMinusUTC(atUnixSeconds: unixSeconds))
        let mtc = Mars24.coordinatedMarsTime(marsSolDate: Mars24.marsSolDate(daysSinceJ2000TT: t))
        let lmst = Mars24.localMeanSolarTime(coordinatedMarsTime: mtc, longitudeEast: MarsLongitude.normalized(longitudeEast))
        guard kind == .solar else { return lmst }
        return Mars24.localTrueSolarTime(localMeanSolarTime: lmst, equationOfTime: equationOfTime(daysSinceJ2000TT: t))
    }

    /// floor(MSD + λ/360°) at an instant, with the forward report's arithmetic.
    @inlinable public static func localSolAt(unixSeconds: Double, longitudeEast: Double, leapSeconds: LeapSecondTable) -> Int {
        let t = Mars24.daysSinceJ2000TT(unixSeconds: unixSeconds, ttMinusUTCSeconds: leapSeconds.ttMinusUTC(atUnixSeconds: unixSeconds))
        return Int((Mars24.marsSolDate(daysSinceJ2000TT: t) + MarsLongitude.normalized(longitudeEast) / 360).rounded(.down))
    }
}

extension MarsTimeQuery {
    /// Reads "1700 13:00", "sol 1700 13:00:30 ltst" (LMST unless `ltst`
    /// follows) for `site` or, without one, a longitude (pure).
    public static func parse(_ text: String, site: MarsSite?, longitudeEast: Double) throws(InputError) -> MarsTimeQuery {
        var words = text.lowercased().split(separator: " ").map(String.init)
        if words.first == "sol" { words.removeFirst() }
        var kind = MarsLocalTime.Kind.mean
        if let last = words.last, last == "ltst" || last == "lmst" {
            kind = last == "ltst" ? .solar : .mean
            words.removeLast()
        }
        guard words.count == 2 else {
            throw InputError(field: .solAndTime, input: text, reason: .expectedSolAndTime, accepted: .solAndTime)
        }
        guard let sol = Int(words[0]), (-1_000_000...1_000_000).contains(sol) else {
            throw InputError(field: .sol, input: words[0], reason: .notWholeNumber, accepted: .solAndTime)
        }
        let time = try MarsLocalTime.parse(words[1], kind: kind)
        return MarsTimeQuery(site: site, longitudeEast: longitudeEast, sol: sol, time: time)
    }
}
