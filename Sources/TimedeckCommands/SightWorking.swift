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
                                     of: mark, almanac: workingAlmanac(for: sight.bodyText), corrections: corrections)
    }

    /// A team mark's sight (read from the team log) with Ho, intercept and
    /// Zn worked out here, from the mark's position.
    mutating func exported(_ team: TeamMark) -> TeamMark {
        guard let sight = team.sight else { return team }
        var worked = team
        worked.sight = ExportedSight.working(bodyText: sight.bodyText, sextantAltitudeDegrees: sight.sextantAltitudeDegrees,
                                             of: team.mark, almanac: workingAlmanac(for: sight.bodyText), corrections: corrections)
        return worked
    }

    /// The almanac, with the brighter stars added (once, for the rest of
    /// the export) the first time a sight names one (`Almanac.naming`):
    /// `fix --marks` works such a sight, so the export does too. A file that
    /// cannot be read leaves that sight's Ho and intercept null, as before.
    private mutating func workingAlmanac(for bodyText: String) -> Almanac? {
        guard let loaded = loadedAlmanac() else { return nil }
        guard !brighterTried, (try? SightText.body(bodyText, almanac: loaded)) == nil else { return loaded }
        brighterTried = true
        do {
            let named = try loaded.naming([bodyText], brighter: BrightStars.loadBundled)
            almanac = .some(named)
            return named
        } catch {
            Console.error("timedeck: note: the brighter stars could not be read (\(InertText.display("\(error)"))): "
                          + "\(InertText.display(bodyText)) is exported with Ho and intercept null\n")
            return loaded
        }
    }

    private var brighterTried = false

    private mutating func loadedAlmanac() -> Almanac? {
        if let almanac { return almanac }
        let leap = LeapSecondList.load(environment: ProcessEnvironment.values,
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
