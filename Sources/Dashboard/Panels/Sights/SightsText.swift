import Foundation
import TimeKit

/// The numbers of the sights panel as text: the same forms in every language
/// (degrees and minutes, miles to a tenth), so only the words around them
/// are translated.
enum SightsText {
    /// Hs as the field takes it back: `43 23.8`.
    static func altitude(_ degrees: Double) -> String {
        var d = degrees.rounded(.down)
        var m = ((degrees - d) * 600).rounded() / 10
        if m >= 60 { d += 1; m -= 60 }
        return String(format: "%.0f %.1f", d, m)
    }

    /// `-12.3°`.
    static func signedDegrees(_ degrees: Double) -> String { String(format: "%.1f°", degrees) }

    /// An intercept's miles, unsigned: `4.2`.
    static func miles(_ nauticalMiles: Double) -> String { String(format: "%.1f", abs(nauticalMiles)) }

    /// An intercept's miles in the sight rows, right-aligned in six columns
    /// so Zn stays in its column up to 5400 nm (90° of altitude).
    static func interceptMiles(_ nauticalMiles: Double) -> String { String(format: "%6.1f", abs(nauticalMiles)) }

    /// Zn as three digits: `045°`.
    static func azimuth(_ degrees: Double) -> String { String(format: "%03.0f°", degrees.rounded() == 360 ? 0 : degrees) }

    /// `10:02:40` UTC of a mark.
    static func clock(unixMilliseconds: Int64) -> String {
        String(ISOInstant.milliseconds(unixMilliseconds: unixMilliseconds).dropFirst(11).prefix(8))
    }

    /// The spread of a fix in the panel's words.
    static func spread(_ fix: CelestialFix) -> UIMessage {
        .sightsSpread(rms: String(format: "%.2f", fix.rmsResidualNauticalMiles),
                      ellipse: fix.ellipse.map {
                          String(format: "%.2f × %.2f", $0.semiMajorNauticalMiles, $0.semiMinorNauticalMiles)
                      },
                      axis: fix.ellipse.map { String(format: "%03.0f°", $0.majorAxisDegrees) })
    }

    /// A single sight's line: through its intercept point, running `035°–215°`.
    static func oneLine(_ line: LineOfPosition) -> UIMessage {
        .sightsOneLine(through: line.interceptPoint.navigatorText,
                       direction: azimuth(line.directionDegrees) + "–" + azimuth(line.directionDegrees + 180))
    }

    /// Where the DR comes from, as the config names it.
    static func source(_ source: SightsReadout.DeadReckoningSource) -> String {
        switch source {
        case .setting: "sights.dr"
        case .gpsd: "gpsd"
        case .marksPosition: "marks.position"
        }
    }

    /// Why there is no fix, in the panel's words: a verdict, then (for a
    /// refusal) what to blame. Sights are named with their marks, `Vega (#12)`.
    static func noFix(_ reason: SightsReadout.NoFix, rows: [MarkedSight] = []) -> (lines: [UIMessage], isError: Bool) {
        switch reason {
        case .needsTwoSights: ([.text(.sightsNeedTwo)], false)
        case .needsDeadReckoning: ([.text(.sightsNeedDeadReckoning)], true)
        case .almanacMissing: ([.text(.sightsAlmanacMissing)], true)
        case let .belowHorizon(body, altitude): ([.sightBelowHorizon(body: body, altitude: signedDegrees(altitude))], true)
        case .cannotReduce(let body): ([.sightCannotReduce(body: body)], true)
        case .refused(let refusal): (refused(refusal, rows: rows), true)
        }
    }

    static func refused(_ r: FixRefusal, rows: [MarkedSight]) -> [UIMessage] {
        func name(_ i: Int) -> String { i < rows.count ? "\(rows[i].bodyText) (#\(rows[i].markId))" : r.bodies[i] }
        let limit = String(format: "%.0f", CelestialFix.farFromDeadReckoningNauticalMiles)
        var lines: [UIMessage]
        switch r.reason {
        case .poorCut(let degrees):
            return [.sightsPoorCut(degrees: String(format: "%.0f°", degrees),
                                   least: String(format: "%.0f°", CelestialFix.smallestCrossingDegrees))]
        case .circlesDoNotMeet(let gap): lines = [.sightsCirclesApart(miles: String(format: "%.0f", gap))]
        case .didNotConverge: lines = [.text(.sightsNoConvergence)]
        case .farFromDeadReckoning:
            lines = [.sightsFarFromDeadReckoning(miles: String(format: "%.0f", r.fromDeadReckoningNauticalMiles ?? 0),
                                                 bearing: azimuth(r.fromDeadReckoningBearingDegrees ?? 0), limit: limit)]
            if r.candidates.isEmpty && r.culprit == nil { return lines + [.text(.sightsAgreeCheckClock)] }
        case .sightsDisagree(let worst):
            lines = [.sightsDisagreeBy(miles: String(format: "%.1f", worst),
                                       limit: String(format: "%.0f", CelestialFix.disagreementNauticalMiles))]
        }
        if let culprit = r.culprit {
            lines.append(.sightsDisagree(body: name(culprit), miles: miles(r.culpritMissNauticalMiles ?? 0)))
        } else if r.candidates.isEmpty {
            lines.append(.text(.sightsNoSingleCulprit))
        } else {
            lines.append(.sightsCandidates(bodies: r.candidates.map(name).joined(separator: ", ")))
        }
        return lines
    }

    /// The lines under a fix: its distance and bearing from the DR, and an
    /// unsynchronized clock's doubt.
    static func fixNotes(_ fix: CelestialFix) -> [(message: UIMessage, isWarning: Bool)] {
        var notes: [(message: UIMessage, isWarning: Bool)] = [
            (.sightsFromDeadReckoning(miles: String(format: "%.1f", fix.fromDeadReckoningNauticalMiles),
                                      bearing: azimuth(fix.fromDeadReckoningBearingDegrees)), false)]
        if let c = fix.clockDoubt {
            notes.append((.sightsClockDoubt(seconds: c.seconds > 0 ? ClockDoubt.seconds(c.seconds) : nil,
                                            arcminutes: String(format: "%.1f", c.longitudeArcminutes),
                                            miles: String(format: "%.1f", c.eastWestNauticalMiles)), true))
        }
        return notes
    }
}
