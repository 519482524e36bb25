import Foundation
import Testing
import TestSupport
import TimeKit
@testable import Dashboard

/// The weather panel is replayed while nothing it is drawn from changed,
/// with the time to the minute (`WeatherPanel.replayed`). That is exact
/// only if nothing it draws changes within a minute: this draws every
/// second of minutes before, during and after rain, in both languages and
/// with the almanac's sunrise and sunset, and compares each with the
/// drawing at the minute's first second (both drawn afresh). Then the
/// replayed frame must be the drawn one after each change of its inputs.
@Suite struct WeatherReplayTests {
    func state(minuteOffset: Int, language: UILanguage) throws -> AppState {
        var s = try WeatherFaceTests().state(size: Size(columns: 100, rows: 30), language: language)
        s.now = WeatherPanelTests.t1400.addingTimeInterval(Double(60 * minuteOffset))
        if let almanac = MarksSightDetailTests.almanac { s.sights = SightsPanelState(almanac: LoadedAlmanac(almanac)) }
        return s
    }

    static func drawn(_ s: AppState, _ rect: Rect) -> Frame {
        var frame = Frame(size: Size(columns: 100, rows: 30))
        WeatherPanel.drawEveryPart(s, in: rect, into: &frame)
        return frame
    }

    @Test("Every second of a minute draws what its first second draws",
          arguments: [-20, -1, 0, 7, 14, 15, 29, 30, 44, 59, 60, 61, 119])
    func secondsDoNotShow(minuteOffset: Int) throws {
        let rect = Rect(x: 2, y: 3, width: 80, height: 12)
        for language in [UILanguage.en, .ja] {
            var s = try state(minuteOffset: minuteOffset, language: language)
            let minuteStart = s.now
            let first = Self.drawn(s, rect)
            for second in 1..<60 {
                s.now = minuteStart.addingTimeInterval(Double(second) + 0.999 * Double(second % 2))
                let frame = Self.drawn(s, rect)
                guard frame != first else { continue }
                // Said as the lines that differ (a frame's own description is every cell).
                let changed = zip(first.lines, frame.lines).filter { $0 != $1 }.map { "\($0.0) → \($0.1)" }
                Issue.record("minute \(minuteOffset) second \(second) \(language): \(changed.isEmpty ? "roles differ" : changed.joined(separator: " | "))")
                return
            }
        }
    }

    @Test func theReplayedFrameIsTheDrawnOneAsEachInputChanges() throws {
        let memo = ReplayedPanel<WeatherPanel.DrawInputs>()
        var s = try state(minuteOffset: 7, language: .en)
        let rect = Rect(x: 2, y: 3, width: 80, height: 12)
        func check(_ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
            var replayed = Frame(size: Size(columns: 100, rows: 30))
            WeatherPanel.draw(s, in: rect, into: &replayed, replayed: memo)
            let drawn = Self.drawn(s, rect)
            #expect(replayed.lines == drawn.lines, "\(what)", sourceLocation: sourceLocation)
            #expect(replayed == drawn, "\(what): roles", sourceLocation: sourceLocation)
        }
        check("first frame")
        let before = memo.drawings
        let start = s.now
        for second in 1...120 {
            s.now = start.addingTimeInterval(Double(second))
            check("idle second \(second)")
        }
        #expect(memo.drawings == before + 2, "once a minute")
        s.settings.weatherUnits = .nautical; check("the units")
        s.settings.clock = .twelveHour; check("the clock form")
        s.language = .ja; check("the language")
        s.focus = nil; check("the focus")
        s.settings.weatherPosition = "48.85, 2.35"; check("the position")
        s.settings.weatherPosition = nil; check("no position set")
        s.marks.gps = GPSDSnapshot(address: .default, connection: .connected(release: "3.25"))
        check("gpsd connected")
        s.settings.fixedPosition = "-27.467, 153.380667"; check("the marks' position")
        s.sights = SightsPanelState(); check("no almanac")
        s.localZone = zone("Asia/Tokyo").rules; check("the zone")
        s.weather.series = try WeatherPanelTests.series(quarters: WeatherPanelTests.showers.quarters,
                                                        hours: WeatherPanelTests.showers.hours)
        check("a new forecast")
        s.weather.series = nil; check("no forecast")
        s.settings.weatherEnabled = false; check("weather off")
        #expect(memo.drawings > before + 12)
    }
}
