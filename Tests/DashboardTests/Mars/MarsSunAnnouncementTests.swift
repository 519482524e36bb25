import Foundation
import Testing
import TimeKit
@testable import Dashboard

/// Issue 33, plain mode: the Mars panel announces sunrise and sunset at the site.
@Suite struct MarsSunAnnouncementTests {
    static let sites = (try? MarsSiteLibrary.bundled().sites) ?? []

    func state(at unixSeconds: Double, language: UILanguage = .en) -> AppState {
        var s = AppState(now: Date(timeIntervalSince1970: unixSeconds), localZone: zone("UTC"), panels: [.mars])
        s.mars = MarsPanelState(longitudeEast: 77.4508, siteID: "perseverance", sites: Self.sites)
        // `update` keeps the sol's sunrise and sunset in the state (issue 33, idle cost).
        s.mars.refreshSky(at: unixSeconds)
        s.language = language
        return s
    }

    @Test func sunriseAndSunsetAreAnnouncedOnceEach() throws {
        // Jezero on 2021-02-18: sunrise 11:09:54.455Z, sunset 23:36:10.792Z (timedeck mars --site jezero).
        let rise = 1_613_646_594.455, set = 1_613_691_370.792
        let sunrise = MarsPanel.announcements(from: state(at: rise - 1), to: state(at: rise + 1))
        #expect(sunrise == ["Sunrise on Mars at Perseverance"])
        let sunset = MarsPanel.announcements(from: state(at: set - 1), to: state(at: set + 1))
        #expect(sunset == ["Sunset on Mars at Perseverance"])
        #expect(MarsPanel.announcements(from: state(at: rise + 1), to: state(at: rise + 2)).isEmpty)
        let ja = MarsPanel.announcements(from: state(at: rise - 1, language: .ja), to: state(at: rise + 1, language: .ja))
        #expect(ja == ["火星の日の出: Perseverance"])
    }
}
