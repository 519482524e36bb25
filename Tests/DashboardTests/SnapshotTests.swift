import Foundation
import Testing
@testable import Dashboard

@Suite struct SnapshotTests {
    var state: AppState {
        var s = AppState(now: fixedInstant, localZone: zone("Europe/Paris"), panels: [])
        s.screenSize = Size(columns: 60, rows: 12)
        return s
    }

    @Test func wAsksForASnapshotOfTheScreenAtItsSize() throws {
        let (_, effects) = update(state, .key(.character("w"), at: fixedInstant))
        guard case .writeSnapshot(let document)? = effects.first else {
            Issue.record("no snapshot effect: \(effects)")
            return
        }
        #expect(document.fileStem == "timedeck-20261121T234712Z")
        #expect(document.text.hasPrefix("timedeck snapshot 2026-11-21T23:47:12.000Z (60×12)\n\n"))
        #expect(document.text.contains(" UTC 21d 23h 47m 12s  Sat 2026-11-21\n"))
        #expect(document.text.contains("UTC: 2026-11-21T23:47:12.000Z (Mark Time 21d 23h 47m 12.000s)"))
        #expect(document.text.contains("Local: 2026-11-22T00:47:12 UTC+01:00 Europe/Paris"))
        #expect(document.ansi.contains("\u{1B}[0;1;38;5;51m"))  // the clock's colour in the mission theme
        #expect(!document.text.contains("\u{1B}"))
    }

    @Test func overlaysAndNoticesAreLeftOutOfTheSnapshot() {
        var s = state
        s.overlay = .help(scroll: 0)
        s.notice = Notice(.verbatim("old news"), until: fixedInstant.addingTimeInterval(5))
        let document = SnapshotDocument.make(s, size: s.screenSize)
        #expect(!document.text.contains("Keys"))
        #expect(!document.text.contains("old news"))
    }

    @Test func savedAndFailedSnapshotsShowANoticeThatExpires() {
        let (saved, _) = update(state, .snapshotSaved(path: "/d/snapshots/x.txt", copied: true))
        #expect(saved.notice?.text(.en) == "Snapshot saved: /d/snapshots/x.txt (offered to the clipboard)")
        let frame = render(saved, size: Size(columns: 100, rows: 30))
        #expect(frame.lines[29].contains("✔ Snapshot saved: /d/snapshots/x.txt"))
        let (later, _) = update(saved, .tick(fixedInstant.addingTimeInterval(Notice.seconds + 1)))
        #expect(later.notice == nil)
        let (failed, _) = update(state, .snapshotFailed(.cannotWrite(path: "/d/snapshots", reason: "disk full")))
        #expect(failed.notice?.isProblem == true)
        #expect(render(failed, size: Size(columns: 100, rows: 30)).lines[29].contains("⚠ Snapshot not saved: cannot write /d/snapshots: disk full"))
    }

    @Test func resizeIsRemembered() {
        #expect(update(state, .resize(Size(columns: 120, rows: 40))).0.screenSize == Size(columns: 120, rows: 40))
    }
}

@Suite struct PlainAnnouncementTests {
    @Test func noticesAndSettingsAreSpoken() {
        let start = AppState(now: fixedInstant, localZone: zone("UTC"), panels: [])
        let (saved, _) = update(start, .snapshotSaved(path: "/d/s.txt", copied: false))
        #expect(PlainAnnouncer.changes(from: start, to: saved) == ["Snapshot saved: /d/s.txt"])
        let (open, _) = update(start, .key(.character("o"), at: fixedInstant))
        #expect(PlainAnnouncer.changes(from: start, to: open).contains("Theme: mission."))
        let (changed, _) = update(open, .key(.right, at: fixedInstant))
        #expect(PlainAnnouncer.changes(from: open, to: changed) == ["Theme: sunlight."])
    }
}
