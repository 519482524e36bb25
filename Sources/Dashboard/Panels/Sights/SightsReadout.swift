import Foundation
import TimeKit

/// What the sights panel shows, worked out from the state: the DR, each
/// sight of the newest round reduced from it (intercept, Zn) and the fix
/// with its spread. Pure; draw, summary and plain mode all read this.
struct SightsReadout: Equatable {
    /// Where the DR comes from: `sights.dr`, gpsd's fix, or `marks.position`.
    enum DeadReckoningSource: Equatable { case setting, gpsd, marksPosition }

    /// Why there is no fix.
    enum NoFix: Equatable {
        /// No almanac, no DR, or fewer than two sights: nothing to say yet.
        case needsTwoSights
        case needsDeadReckoning
        case almanacMissing
        /// A sight's body is below the horizon from the DR (body, altitude).
        case belowHorizon(body: String, altitudeDegrees: Double)
        /// The lines of position are (nearly) parallel.
        case linesDoNotCross
        /// A sight cannot be worked (a name the almanac lacks, a time outside its data).
        case cannotReduce(body: String)
    }

    var deadReckoning: GeoPosition?
    var source: DeadReckoningSource?
    /// The round, oldest first, each reduced from the DR (nil: could not be).
    var rows: [(sight: MarkedSight, reduced: ReducedSight?)]
    var fix: CelestialFix?
    var noFix: NoFix?

    static func == (a: SightsReadout, b: SightsReadout) -> Bool {
        a.deadReckoning == b.deadReckoning && a.source == b.source && a.fix == b.fix && a.noFix == b.noFix
            && a.rows.map(\.sight) == b.rows.map(\.sight) && a.rows.map(\.reduced) == b.rows.map(\.reduced)
    }

    /// Crossing angles below this (degrees) give no fix (as `FixSolver`).
    static let smallestCrossingDegrees = 5.0

    init(_ state: AppState) {
        (deadReckoning, source) = Self.deadReckoning(state)
        let round = state.sights.round
        rows = round.map { ($0, nil) }
        fix = nil
        guard let loaded = state.sights.almanac else { noFix = .almanacMissing; return }
        guard let dr = deadReckoning else { noFix = .needsDeadReckoning; return }
        let solver = FixSolver(almanac: loaded.almanac, corrections: state.settings.sightCorrections,
                               courseDegrees: state.settings.sightsCourseDegrees, speedKnots: state.settings.sightsSpeedKnots)
        let fixTime = Double(round.last?.unixMilliseconds ?? 0) / 1000
        var sights: [Sight] = []
        for (i, marked) in round.enumerated() {
            guard let sight = Self.sight(marked, almanac: loaded.almanac),
                  let reduced = try? solver.reduce([sight], deadReckoning: dr, fixUnixSeconds: fixTime).first
            else { noFix = noFix ?? .cannotReduce(body: marked.bodyText); continue }
            rows[i].reduced = reduced
            sights.append(sight)
            if reduced.computedAltitudeDegrees < SightsPanel.lowestAltitudeDegrees, noFix == nil {
                noFix = .belowHorizon(body: marked.bodyText, altitudeDegrees: reduced.computedAltitudeDegrees)
            }
        }
        guard noFix == nil else { return }
        guard sights.count >= 2 else { noFix = .needsTwoSights; return }
        guard FixSolver.bestCrossingAngle(rows.compactMap { $0.reduced?.azimuthDegrees }) >= Self.smallestCrossingDegrees else {
            noFix = .linesDoNotCross
            return
        }
        do {
            fix = try solver.fix(sights, deadReckoning: dr, fixUnixSeconds: fixTime)
        } catch {
            noFix = .linesDoNotCross
        }
    }

    /// The stored sight as the solver takes it; nil when the body is not the almanac's.
    static func sight(_ marked: MarkedSight, almanac: Almanac) -> Sight? {
        guard let (body, limb) = try? SightText.body(marked.bodyText, almanac: almanac) else { return nil }
        return Sight(body: body, limb: limb, sextantAltitudeDegrees: marked.sextantAltitudeDegrees,
                     unixSeconds: Double(marked.unixMilliseconds) / 1000)
    }

    /// `sights.dr` if set, else gpsd's current fix, else `marks.position`.
    static func deadReckoning(_ state: AppState) -> (GeoPosition?, DeadReckoningSource?) {
        if let text = state.settings.sightsDeadReckoning, let position = try? GeoPosition(parsing: text) {
            return (position, .setting)
        }
        if let fix = state.marks.gps?.fix, fix.mode >= 2, let position = fix.position { return (position, .gpsd) }
        if let position = state.markSettings.fixedPosition { return (position, .marksPosition) }
        return (nil, nil)
    }
}
