import Dashboard
import Foundation
import Testing
import TimeKit
@testable import DeckShell

/// Issue 32: the shell's side of the sights panel's brighter stars: the
/// file read and added to the almanac it was asked with, a failed read
/// answered with why (never a crash), and `timedeck snapshot`'s one frame
/// reading them only when a stored sight names one.
@Suite struct SightsBrighterStarsShellTests {
    static let almanac: Almanac? = try? Almanac.loadBundled(leapSeconds: .builtIn)

    struct Unreadable: Error, CustomStringConvertible { var description: String { "no such file" } }

    @Test func theAnswerIsTheAlmanacWithTheBrighterStarsOrWhyNot() throws {
        let base = LoadedAlmanac(try #require(Self.almanac))
        guard case .sights(.brighterStarsLoaded(let wider?, nil))? = SightsShell.loadBrighterStars(base).first else {
            Issue.record("no almanac"); return
        }
        #expect(wider.almanac.star(named: "Alhena") != nil && wider.almanac.stars.count > base.almanac.stars.count)
        let failed = SightsShell.loadBrighterStars(base, read: { throw Unreadable() })
        #expect(failed == [.sights(.brighterStarsLoaded(nil, problem: "no such file"))])
    }

    /// The snapshot's state: the brighter stars only with a sight naming one.
    @Test func aSnapshotReadsThemOnlyForASightNamingOne() throws {
        let environment = ProcessInfo.processInfo.environment
        func state(_ body: String) -> AppState {
            var s = AppState(now: Date(timeIntervalSince1970: 1_710_977_400), localZone: TimeZone(identifier: "UTC")!)
            s.sights = SightsPanelState(sights: [MarkedSight(markId: 1, unixMilliseconds: 1_710_977_400_000, bodyText: body,
                                                             sextantAltitudeDegrees: 40)])
            return s
        }
        let vega = SightsShell.withAlmanac(state("Vega"), environment: environment)
        #expect(vega.sights.almanac?.almanac.star(named: "Alhena") == nil && vega.sights.brighterStars == .notAsked)
        let alhena = SightsShell.withAlmanac(state("Alhena"), environment: environment)
        #expect(alhena.sights.almanac?.almanac.star(named: "Alhena") != nil && alhena.sights.brighterStars == .added)
    }
}
