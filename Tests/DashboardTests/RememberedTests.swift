import Foundation
import Testing
@testable import Dashboard

/// The one memo shape of the render path (`Remembered`): the same key gives
/// the remembered answer without working, another key works again.
@Suite struct RememberedTests {
    @Test func theSameKeyWorksOnceAnotherKeyWorksAgain() {
        let memo = Remembered<String, Int>()
        var calls = 0
        func ask(_ key: String) -> Int { memo.value(for: key) { calls += 1; return $0.count } }
        #expect(ask("abc") == 3 && ask("abc") == 3 && calls == 1 && memo.computed == 1)
        #expect(ask("abcd") == 4 && calls == 2)
        #expect(ask("abc") == 3 && calls == 3, "one entry: the key before last is worked again")
    }

    /// A remembered nil is an answer (an unparsable setting is not parsed
    /// again each frame), not a miss.
    @Test func aRememberedNilIsAnAnswer() {
        let memo = Remembered<String, Int?>()
        var calls = 0
        for _ in 0..<3 { #expect(memo.value(for: "x") { _ in calls += 1; return nil } == nil) }
        #expect(calls == 1)
    }

    /// The parsed `weather.position` follows the setting: a new text is a
    /// new position, never the one parsed before.
    @Test func weatherPositionFollowsTheSetting() {
        var s = AppState(now: Date(timeIntervalSince1970: 1_795_701_600), localZone: zone("UTC"))
        s.settings.weatherPosition = "52.52, 13.41"
        #expect(WeatherReadout.position(s).position?.latitudeDegrees == 52.52)
        s.settings.weatherPosition = "10.5, -20"
        #expect(WeatherReadout.position(s).position?.latitudeDegrees == 10.5)
        #expect(WeatherReadout.position(s).position?.longitudeDegrees == -20)
        s.settings.weatherPosition = "not a place"
        #expect(WeatherReadout.position(s).source != .setting)
    }

    /// `sights.dr`, the same.
    @Test func sightsDeadReckoningFollowsTheSetting() {
        var s = AppState(now: Date(timeIntervalSince1970: 1_795_701_600), localZone: zone("UTC"))
        s.settings.sightsDeadReckoning = "40, -70"
        #expect(SightsReadout.deadReckoning(s).0?.latitudeDegrees == 40)
        s.settings.sightsDeadReckoning = "-33.5, 151"
        #expect(SightsReadout.deadReckoning(s).0?.latitudeDegrees == -33.5)
    }
}
