import Testing
import TimeKit
@testable import Dashboard

@Suite struct MarsPanelStateTests {
    static let sites = [
        MarsSite(id: "a", name: "A", latitude: 0, longitudeEast: 10),
        MarsSite(id: "b", name: "B", latitude: 0, longitudeEast: -20, landingUTC: "2021-02-18T20:55:00Z", firstSol: 0),
    ]

    @Test func fineAndCoarseStepsWrapAtPlusMinus180() {
        var s = MarsPanelState(longitudeEast: 179.9)
        s = s.steppingLongitude(by: MarsPanelState.fineStepDegrees)
        #expect(s.longitudeEast == 180)
        s = s.steppingLongitude(by: MarsPanelState.fineStepDegrees)
        #expect(s.longitudeEast == -179.9)
        s = s.steppingLongitude(by: -MarsPanelState.coarseStepDegrees)
        #expect(s.longitudeEast == 170.1)
    }

    @Test func steppingDropsTheSite() {
        let s = MarsPanelState(longitudeEast: 10, siteID: "a").steppingLongitude(by: 0.1)
        #expect(s.siteID == nil)
        #expect(s.longitudeEast == 10.1)
    }

    @Test func cyclingWalksTheLibraryThenBackToNoSite() {
        var s = MarsPanelState(longitudeEast: 55)
        s = s.cyclingSite(in: Self.sites)
        #expect(s.siteID == "a" && s.longitudeEast == 10)
        s = s.cyclingSite(in: Self.sites)
        #expect(s.siteID == "b" && s.longitudeEast == -20)
        s = s.cyclingSite(in: Self.sites)
        #expect(s.siteID == nil && s.longitudeEast == -20)
        #expect(MarsPanelState(siteID: "gone").cyclingSite(in: Self.sites).siteID == "a")
        #expect(s.cyclingSite(in: []) == s)
    }

    @Test func advancedToggles() {
        #expect(MarsPanelState().togglingAdvanced().advanced)
        #expect(!MarsPanelState().togglingAdvanced().togglingAdvanced().advanced)
    }
}

@Suite struct MarsPanelTextTests {
    static let sites = try? MarsSiteLibrary.bundled().sites

    @Test func goldenAtTheWorkedExample() {
        let input = MarsPanelText.input(at: 947_116_800, state: MarsPanelState(), sites: [],
                                        leapSeconds: .builtIn, leapNotice: nil)
        #expect(MarsPanelText.lines(input, width: 60) == [
            "MTC  23:59:39   Sol 44795   Mars Year 24",
            "LMST 23:59:39   LTST 23:38:54   at 0.0°",
            "Ls   277.19°  northern winter",
        ])
    }

    @Test func goldenWithSiteAdvancedAndNotice() throws {
        let sites = try #require(Self.sites)
        let state = MarsPanelState(siteID: "perseverance", advanced: true)
        // Ingenuity's first flight, 2021-04-19T07:34:00Z: NASA gave 12:33 LMST, sol 58.
        let input = MarsPanelText.input(at: 1_618_817_640, state: state, sites: sites, leapSeconds: .builtIn,
                                        leapNotice: "leap-second list expired 2026-06-28; using 37 s")
        #expect(MarsPanelText.lines(input, width: 60) == [
            "MTC  07:23:15   Sol 52362   Mars Year 36",
            "LMST 12:33:03   LTST 12:15:52   at 77.5°E",
            "Ls   33.67°  northern spring",
            "Site Perseverance   mission sol 58",
            "JD   UT 2459323.81528  TT 2459323.81608",
            "TT-UTC 69.184 s   MSD 52362.30782",
            "EOT  -4.295°   subsolar 73.48°E",
            "Decl 13.79°   r 1.6313 AU",
            "! leap-second list expired 2026-06-28; using 37 s",
        ])
    }

    @Test func narrowWidthCutsWithEllipsis() {
        let input = MarsPanelText.input(at: 947_116_800, state: MarsPanelState(), sites: [],
                                        leapSeconds: .builtIn, leapNotice: nil)
        let lines = MarsPanelText.lines(input, width: 12)
        #expect(lines[0] == "MTC  23:59:…")
        #expect(lines.allSatisfy { $0.count <= 12 })
        #expect(MarsPanelText.lines(input, width: 0).allSatisfy { $0.isEmpty })
    }
}
