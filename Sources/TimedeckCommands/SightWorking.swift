import DeckShell
import Foundation
import TimeKit
import TimeStore

/// The CLI's side of a mark's sight in an export (issue 28): the almanac
/// read once, at the first mark that has a sight (a store without sights
/// never pays for it), and the `sights.*` corrections from the settings,
/// as the sights panel uses them.
struct SightWorking {
    private let corrections: SightCorrections
    private var almanac: Almanac??

    init(settings: Settings = CommandConfig.settings) {
        corrections = settings.sightCorrections
    }

    /// The exported form of `sight` on `mark`, nil when the mark has none.
    mutating func exported(_ mark: SightingMark, _ sight: MarkSight?) -> ExportedSight? {
        guard let sight else { return nil }
        return ExportedSight.working(bodyText: sight.bodyText, sextantAltitudeDegrees: sight.sextantAltitudeDegrees,
                                     of: mark, almanac: loadedAlmanac(), corrections: corrections)
    }

    /// A team mark's sight (read from the team log) with Ho, intercept and
    /// Zn worked out here, from the mark's position.
    mutating func exported(_ team: TeamMark) -> TeamMark {
        guard let sight = team.sight else { return team }
        var worked = team
        worked.sight = ExportedSight.working(bodyText: sight.bodyText, sextantAltitudeDegrees: sight.sextantAltitudeDegrees,
                                             of: team.mark, almanac: loadedAlmanac(), corrections: corrections)
        return worked
    }

    private mutating func loadedAlmanac() -> Almanac? {
        if let almanac { return almanac }
        let leap = LeapSecondList.load(environment: ProcessInfo.processInfo.environment,
                                       nowUnixSeconds: Int64(Date().timeIntervalSince1970))
        do {
            let loaded = try Almanac.loadBundled(leapSeconds: leap.table)
            almanac = .some(loaded)
            return loaded
        } catch {
            Console.error("timedeck: note: the almanac could not be read (\(InertText.display("\(error)"))): "
                          + "sights are exported with Ho and intercept null\n")
            almanac = .some(nil)
            return nil
        }
    }
}
