import Foundation
import Testing
import TestSupport
import TimeKit
@testable import Dashboard

/// Issue 29: a `weather.url` the config refuses never falls back to the
/// public service. Weather stays off — no ask to any host — and the panel
/// says which value was refused (its password hidden) and what to do.
@Suite struct WeatherRefusedURLTests {
    static let config = """
        [weather]
        enabled = true
        url = "https://user:PW@127.0.0.1:1/v1/forecast"
        position = "52.52, 13.41"
        """

    func state(_ text: String) -> AppState {
        var s = AppState(now: WeatherPanelTests.now, localZone: TimeZone(identifier: "Europe/Berlin")!)
        s.settings = Settings.parse(text).settings
        s.settings.reducedMotion = true
        s.focus = .weather
        return s
    }

    @Test(arguments: ["https://user:PW@127.0.0.1:1/v1/forecast", "ftp://example.org/v1/forecast", "http://", "https://h/#frag"])
    func aRefusedURLAsksNoHostAtAll(url: String) {
        var s = state(Self.config.replacingOccurrences(of: "https://user:PW@127.0.0.1:1/v1/forecast", with: url))
        for second in stride(from: 0, to: 1800, by: 60) {
            let (next, effects) = update(s, .tick(WeatherPanelTests.now.addingTimeInterval(Double(second))))
            #expect(WeatherPanelTests.fetches(effects).isEmpty, "\(url): asked \(WeatherPanelTests.fetches(effects).map(\.baseURL))")
            s = next
        }
        // Turning weather on from the panel asks nobody either.
        s.settings.weatherEnabled = false
        let (_, effects) = update(s, .key(.character("e"), at: s.now))
        #expect(WeatherPanelTests.fetches(effects).isEmpty, "\(url): e asked \(WeatherPanelTests.fetches(effects).map(\.baseURL))")
    }

    @Test func thePanelNamesTheRefusedValueWithoutItsPassword() {
        let (s, _) = update(state(Self.config), .tick(WeatherPanelTests.now))
        let screen = render(s, size: Size(columns: 140, rows: 40)).lines.joined(separator: "\n")
        #expect(screen.contains("weather.url"), "\(screen)")
        #expect(!screen.contains("PW"), "the password is on screen:\n\(screen)")
    }
}
