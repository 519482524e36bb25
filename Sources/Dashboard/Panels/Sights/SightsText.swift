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

    /// Where the DR comes from, as the config names it.
    static func source(_ source: SightsReadout.DeadReckoningSource) -> String {
        switch source {
        case .setting: "sights.dr"
        case .gpsd: "gpsd"
        case .marksPosition: "marks.position"
        }
    }

    /// Why there is no fix, in the panel's words.
    static func noFix(_ reason: SightsReadout.NoFix) -> (UIMessage, isError: Bool) {
        switch reason {
        case .needsTwoSights: (.text(.sightsNeedTwo), false)
        case .needsDeadReckoning: (.text(.sightsNeedDeadReckoning), true)
        case .almanacMissing: (.text(.sightsAlmanacMissing), true)
        case let .belowHorizon(body, altitude): (.sightBelowHorizon(body: body, altitude: signedDegrees(altitude)), true)
        case .linesDoNotCross: (.text(.sightsLinesDoNotCross), true)
        case .cannotReduce(let body): (.sightCannotReduce(body: body), true)
        }
    }
}
