import Foundation
import Testing
import TestSupport
import TimeKit
@testable import Dashboard

/// The pictures in docs/images (README and user guide), drawn by the same
/// `render` and `FrameSVG` as the dashboard's own `w` snapshots from one
/// fixed, hand-made state. The test fails when a picture would differ from
/// the committed file, so the docs cannot drift from the program; re-draw
/// them on purpose with `scripts/make-images.sh`
/// (`TIMEDECK_RECORD_IMAGES=1 swift test --filter DocImagesTests`).
@Suite struct DocImagesTests {
    /// 2026-11-26T14:07:12Z.
    static let now = Date(timeIntervalSince1970: 1_795_702_032)
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/images")

    /// Marks from a morning's sights, a call between three cities, Mars at
    /// Jezero, weather on with showers coming, in Berlin.
    static func demo(language: Settings.Language = .en) throws -> AppState {
        var s = AppState(now: now, localZone: TimeZone(identifier: "Europe/Berlin")!)
        s.localZoneName = "Europe/Berlin"
        s.settings.reducedMotion = true
        s.settings.language = language
        s.settings.fixedPosition = "52.5200, 13.4050"
        s.settings.weatherEnabled = true
        s.settings.weatherPosition = "52.52, 13.41"
        let berlin = try GeoPosition(latitudeDegrees: 52.52, longitudeDegrees: 13.405)
        let synced = ClockStatus.Kernel(synchronized: true, estimatedErrorMicroseconds: 1200, maximumErrorMicroseconds: 30_000)
        let notes = ["Sun LL", "", "Moon UL", "Vega", "Arcturus", "", "Polaris"]
        let base = Int64(now.timeIntervalSince1970) * 1_000_000_000
        let marks = notes.enumerated().map { i, note in
            SightingMark(id: Int64(notes.count - i), unixNanoseconds: base - Int64(i) * 97_345_000_000 - 3_412_000_000,
                         correctionNanoseconds: 0, note: note, position: .fixed(berlin), clock: ClockStatus(kernel: synced))
        }
        s.marks = MarksPanelState(marks: marks, totalCount: 42)
        s.marks.kernel = synced
        let db = try PlaceDatabase.bundled()
        let places = try ["Berlin", "New York", "Tokyo"].map { try #require(db.bestMatch($0)).place }
        let start = Date(timeIntervalSince1970: 1_795_726_800)  // 2026-11-26T21:00Z
        s.calls = CallPlannerState(calls: [CallPlan(id: 1, name: "Launch review", participants: places.map { CallParticipant(place: $0) },
                                                    start: start, durationMinutes: 45, createdAt: now)])
        s.calls.places = db
        s.mars = MarsPanelState(sites: try MarsSiteLibrary.bundled().sites)
        _ = s.mars.start(config: MarsConfigBasis(longitudeEast: nil, site: "Jezero"), saved: nil)
        s.mars.refreshSky(at: now.timeIntervalSince1970)  // the sol's sunrise and sunset, as the loader and `update` keep them
        var sample = OpenMeteoSample(start: Date(timeIntervalSince1970: 1_795_701_600),
                                     hourly: [0, 1.7, 0.3, 0, 0, 0, 0, 2.4, 6.1, 9.2, 3.0, 0.4, 0, 0, 0, 0],
                                     quarterHourly: [0, 0, 0.5, 1.2, 0.3, 0, 0, 0])
        sample.temperature = 7.3
        s.weather.series = try OpenMeteoParser.parse(sample.data, asked: berlin, fetched: Date(timeIntervalSince1970: 1_795_701_600))
        s.weather.lastAsked = s.weather.series?.fetched
        s.focus = .marks
        return s
    }

    static func check(_ svg: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let file = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["TIMEDECK_RECORD_IMAGES"] == "1" {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? svg.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        guard let committed = try? String(contentsOf: file, encoding: .utf8) else {
            Issue.record("Missing \(file.path): draw it with scripts/make-images.sh", sourceLocation: sourceLocation)
            return
        }
        #expect(svg == committed, "docs/images/\(name) differs from what the program draws now: re-draw with scripts/make-images.sh",
                sourceLocation: sourceLocation)
    }

    /// One picture: its file name, the frame it draws and the theme.
    struct Picture {
        var name: String
        var frame: Frame
        var theme: Theme
        var svg: String { FrameSVG.svg(frame, theme: theme) }
    }

    static func picture(_ name: String, _ state: AppState, _ size: Size) -> Picture {
        var s = state
        s.screenSize = size
        return Picture(name: name, frame: render(s, size: size), theme: Theme.named(s.settings.theme.rawValue, depth: .palette256))
    }

    /// Every picture in docs/images, as the tests below draw it.
    static func all() throws -> [Picture] {
        [picture("dashboard-80x24.svg", try demo(), Size(columns: 80, rows: 24)),
         picture("dashboard-120x45.svg", try demo(), Size(columns: 120, rows: 45)),
         picture("dashboard-ja-120x45.svg", try demo(language: .ja), Size(columns: 120, rows: 45)),
         try transcript().picture]
    }

    @Test func theDashboardAt80x24() throws {
        let p = Self.picture("dashboard-80x24.svg", try Self.demo(), Size(columns: 80, rows: 24))
        Self.check(p.svg, named: p.name)
    }

    @Test func theDashboardAt120x45() throws {
        let p = Self.picture("dashboard-120x45.svg", try Self.demo(), Size(columns: 120, rows: 45))
        Self.check(p.svg, named: p.name)
    }

    @Test func theDashboardInJapanese() throws {
        let p = Self.picture("dashboard-ja-120x45.svg", try Self.demo(language: .ja), Size(columns: 120, rows: 45))
        Self.check(p.svg, named: p.name)
    }

    /// Plain mode as a screen reader hears it: the greeting, then what a
    /// Space, a new forecast and Tab announce, drawn as a terminal page.
    @Test func aPlainModeTranscript() throws {
        let (picture, lines) = try Self.transcript()
        Self.check(picture.svg, named: picture.name)
        #expect(lines.contains { $0.contains("rain from 15:15 for 45 min") }, "\(lines)")
    }

    static func transcript() throws -> (picture: Picture, lines: [String]) {
        var s = try Self.demo()
        s.weather.series = nil
        var lines = ["$ timedeck --plain"] + PlainAnnouncer.greeting(s)
        var sample = OpenMeteoSample(start: Date(timeIntervalSince1970: 1_795_701_600),
                                     hourly: [0, 1.7, 0.3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
                                     quarterHourly: [0, 0, 0.5, 1.2, 0.3, 0, 0, 0])
        sample.temperature = 7.3
        let series = try OpenMeteoParser.parse(sample.data, asked: nil, fetched: Self.now)
        let steps: [Event] = [.weather(.arrived(series, asked: try GeoPosition(latitudeDegrees: 52.52, longitudeDegrees: 13.41))),
                              .key(.tab, at: Self.now), .key(.tab, at: Self.now)]
        for event in steps {
            let next = update(s, event).0
            lines += PlainAnnouncer.changes(from: s, to: next)
            s = next
        }
        let width = 100
        var frame = Frame(size: Size(columns: width, rows: lines.count + 1))
        for (row, line) in lines.enumerated() {
            frame.put(line, x: 0, y: row, role: row == 0 ? .title : .normal, clip: Rect(x: 0, y: row, width: width, height: 1))
        }
        return (Picture(name: "plain-transcript.svg", frame: frame, theme: Theme.named("mission", depth: .palette256)), lines)
    }
}
