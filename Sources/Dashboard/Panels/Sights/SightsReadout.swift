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
        /// The sights were worked and make no fix: what is wrong (the
        /// solver's verdict, as `timedeck fix` prints it).
        case refused(FixRefusal)
        /// A sight cannot be worked (a name the almanac lacks, a time outside its data).
        case cannotReduce(body: String)
    }

    var deadReckoning: GeoPosition?
    var source: DeadReckoningSource?
    /// The round, oldest first, each reduced from the DR (nil: could not be).
    var rows: [(sight: MarkedSight, reduced: ReducedSight?)]
    var fix: CelestialFix?
    /// One sight in the round: its line of position at the sight's time (`timedeck fix` with one sight).
    var line: LineOfPosition?
    var noFix: NoFix?
    /// Sights of the round beyond `SightsPanelState.roundLimit`, left out of the fix.
    var leftOut: Int

    static func == (a: SightsReadout, b: SightsReadout) -> Bool {
        a.deadReckoning == b.deadReckoning && a.source == b.source && a.fix == b.fix && a.line == b.line && a.noFix == b.noFix
            && a.rows.map(\.sight) == b.rows.map(\.sight) && a.rows.map(\.reduced) == b.rows.map(\.reduced)
            && a.leftOut == b.leftOut
    }

    init(_ state: AppState) {
        (deadReckoning, source) = Self.deadReckoning(state)
        let round = state.sights.round
        rows = round.map { ($0, nil) }
        fix = nil
        line = nil
        leftOut = state.sights.roundCount - round.count
        guard let loaded = state.sights.almanac else { noFix = .almanacMissing; return }
        guard let dr = deadReckoning else { noFix = .needsDeadReckoning; return }
        // The same solver and sights as `timedeck fix --marks` (FixInputs).
        let solver = FixInputs.solver(almanac: loaded.almanac, settings: state.settings)
        let fixTime = Double(round.last?.unixMilliseconds ?? 0) / 1000
        var sights: [Sight] = []
        let resolved = Self.resolved(round, almanac: loaded)
        for (i, marked) in round.enumerated() {
            guard let sight = resolved[i],
                  let reduced = try? solver.reduce([sight], deadReckoning: dr, fixUnixSeconds: fixTime).first
            else { noFix = noFix ?? .cannotReduce(body: marked.bodyText); continue }
            rows[i].reduced = reduced
            sights.append(sight)
            if reduced.computedAltitudeDegrees < SightsPanel.lowestAltitudeDegrees, noFix == nil {
                noFix = .belowHorizon(body: marked.bodyText, altitudeDegrees: reduced.computedAltitudeDegrees)
            }
        }
        guard noFix == nil else { return }
        guard sights.count >= 2 else {
            noFix = .needsTwoSights
            line = sights.first.flatMap { try? solver.line($0, deadReckoning: dr, lineUnixSeconds: fixTime) }
            return
        }
        do {
            fix = try solver.fix(sights, deadReckoning: dr, fixUnixSeconds: fixTime)
        } catch let refusal as FixRefusal {
            noFix = .refused(refusal)
        } catch {
            noFix = .cannotReduce(body: round.last?.bodyText ?? "")
        }
    }

    /// The stored sight as the solver takes it (`FixInputs.sight`, with the
    /// mark's clock); nil when the body is not the almanac's.
    static func sight(_ marked: MarkedSight, almanac: Almanac) -> Sight? {
        try? FixInputs.sight(bodyText: marked.bodyText, sextantAltitudeDegrees: marked.sextantAltitudeDegrees,
                             markUnixMilliseconds: marked.unixMilliseconds, clock: marked.clock, almanac: almanac)
    }

    /// The round's sights as the solver takes them, resolved by name once
    /// per round and almanac, not on every frame: with the brighter stars
    /// the almanac has 264 stars to fold names against, not 58.
    static func resolved(_ round: [MarkedSight], almanac: LoadedAlmanac) -> [Sight?] {
        resolvedRound.value(for: ResolvedKey(round: round, almanac: almanac)) { key in
            key.round.map { sight($0, almanac: key.almanac.almanac) }
        }
    }

    /// Everything a resolved round depends on: its sights (body, Hs,
    /// instant, clock) and the almanac (compared by identity).
    struct ResolvedKey: Equatable, Sendable {
        var round: [MarkedSight]
        var almanac: LoadedAlmanac
    }

    static let resolvedRound = Remembered<ResolvedKey, [Sight?]>()

    /// `sights.dr` parsed once, not on every frame.
    static let parsedSetting = Remembered<String, GeoPosition?>()

    /// `sights.dr` if set, else gpsd's current fix, else `marks.position`.
    static func deadReckoning(_ state: AppState) -> (GeoPosition?, DeadReckoningSource?) {
        if let text = state.settings.sightsDeadReckoning,
           let position = parsedSetting.value(for: text, { try? GeoPosition(parsing: $0) }) {
            return (position, .setting)
        }
        if let fix = state.marks.gps?.fix, fix.mode >= 2, let position = fix.position { return (position, .gpsd) }
        if let position = state.markSettings.fixedPosition { return (position, .marksPosition) }
        return (nil, nil)
    }
}
