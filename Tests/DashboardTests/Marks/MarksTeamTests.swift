import Foundation
import Testing
@testable import Dashboard
import TimeKit

/// Issue 16 in the marks panel: other stations' marks, labelled with their
/// station, and the team link's status line.
@Suite("Marks panel: team log")
struct MarksTeamTests {
    typealias F = MarksFixtures

    func teamState() -> AppState {
        var s = F.state(marks: 2)
        s.marks.team = MarksPanelState.TeamView(station: "south")
        return s
    }

    func other(_ station: String, _ id: Int64, secondsBefore: Double, note: String = "") -> TeamMark {
        var mark = F.mark(id, secondsBefore: secondsBefore, note: note)
        mark.uniqueKey = "\(station)-\(id)"
        return TeamMark(station: station, mark: mark)
    }

    @Test("Other stations' marks are kept newest first, at most 200")
    func keepsNewest() {
        let many = (1...250).map { other("north", Int64($0), secondsBefore: Double(300 - $0)) }
        let (s, effects) = update(teamState(), .marks(.teamMarks(many)))
        #expect(effects.isEmpty)
        #expect(s.marks.team?.others.count == 200)
        #expect(s.marks.team?.others.first?.mark.id == 250)
        #expect(s.marks.team?.othersLoaded == true)
    }

    @Test("Without a team the team events change nothing")
    func noTeam() {
        let s0 = F.state(marks: 2)
        let (s1, _) = update(s0, .marks(.teamMarks([other("north", 1, secondsBefore: 5)])))
        let (s2, _) = update(s1, .marks(.teamLink(online: false, toSend: 3)))
        #expect(s2.marks == s0.marks)
        #expect(!render(s2, size: Size(columns: 100, rows: 30)).lines.joined().contains("team:"))
    }

    @Test("The panel names the other station on its rows and says when the link is offline, with what waits")
    func drawn() throws {
        var (s, _) = update(teamState(), .marks(.teamMarks([other("north", 7, secondsBefore: 5, note: "D1")])))
        (s, _) = update(s, .marks(.teamLink(online: false, toSend: 3)))
        let frame = render(s, size: Size(columns: 100, rows: 30))
        let text = frame.lines.joined(separator: "\n")
        #expect(text.contains("team: offline, 3 to send"))
        let row = try #require(frame.lines.first { $0.contains("north #7") })
        #expect(row.contains("D1"))
        (s, _) = update(s, .marks(.teamLink(online: true, toSend: 0)))
        #expect(render(s, size: Size(columns: 100, rows: 30)).lines.joined().contains("team: online"))
        s.language = .ja
        #expect(render(s, size: Size(columns: 100, rows: 30)).lines.joined().contains("チーム: 接続中"))
    }

    @Test("Plain mode announces marks that arrive after the first load, with their station")
    func announced() {
        let (s1, _) = update(teamState(), .marks(.teamMarks([other("north", 1, secondsBefore: 50)])))
        #expect(MarksPanel.announcements(from: teamState().marks, to: s1.marks).isEmpty)
        let (s2, _) = update(s1, .marks(.teamMarks([other("north", 2, secondsBefore: 1), other("north", 1, secondsBefore: 50)])))
        let lines = MarksPanel.announcements(from: s1.marks, to: s2.marks)
        #expect(lines.count == 1 && lines[0].hasPrefix("Station north marked"))
    }

    /// Issue 20, item 9: a refused change showed as "team: offline, 3 to
    /// send" while the server was reachable. Refused is its own word.
    @Test("Refused changes are shown apart from offline, and announced in plain mode")
    func refusedIsNotOffline() {
        let (s1, _) = update(teamState(), .marks(.teamLink(online: true, toSend: 0)))
        let (s2, _) = update(s1, .marks(.teamRefused(count: 1)))
        let screen = render(s2, size: Size(columns: 120, rows: 30)).lines.joined(separator: "\n")
        #expect(screen.contains("team: online") && screen.contains("1 refused by the server"), "\(screen)")
        #expect(!screen.contains("offline"))
        #expect(MarksPanel.announcements(from: s1.marks, to: s2.marks).contains { $0.contains("1 refused") })
    }

    /// Issue 20, item 9: two folders with the same team.station, no warning.
    @Test("Another folder writing as this station is named on screen and in plain mode")
    func stationSharedByAnotherFolder() {
        let (s1, _) = update(teamState(), .marks(.teamLink(online: true, toSend: 0)))
        let (s2, _) = update(s1, .marks(.teamStationShared(otherMarks: 2, example: "#1 25d 23h 27m 16.927s")))
        let screen = render(s2, size: Size(columns: 200, rows: 30)).lines.joined(separator: "\n")
        #expect(screen.contains("STATION south IS ALSO USED BY ANOTHER FOLDER") && screen.contains("#1 25d 23h 27m 16.927s"),
                "\(screen)")
        #expect(MarksPanel.announcements(from: s1.marks, to: s2.marks).contains { $0.contains("ANOTHER FOLDER") })
    }
}
