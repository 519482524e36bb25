import Foundation
import Testing
@testable import Dashboard
@testable import TimeKit

/// Issue 28, the sights panel on screen: its verdict is never cut (80
/// columns, Japanese beside the plot), the intercept column holds at 100 nm
/// and more, and a round longer than the fix takes says so. Written against
/// what the panel had before too, so each can be seen failing there.
@Suite struct SightsVerdictScreenTests {
    let panel = SightsPanelTests()

    /// The screen's words with the frame and the plot's Braille taken out.
    static func words(_ lines: [String]) -> String {
        lines.joined(separator: " ").unicodeScalars
            .map { (0x2500...0x259F).contains($0.value) || (0x2800...0x28FF).contains($0.value) ? " " : String($0) }
            .joined().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Without spaces: a wrapped line may break between words or (Japanese) characters.
    static func squeezed(_ text: String) -> String { text.filter { !$0.isWhitespace } }

    /// Four sights, Procyon's Hs 12′ off: the panel has a verdict to give.
    func disagreeing(_ almanac: Almanac, language: UILanguage? = nil) throws -> AppState {
        var sights = try SightsPanelTests.stars.enumerated().map { try SightsPanelTests.sight(almanac, Int64($0 + 1), $1) }
        sights.append(try SightsPanelTests.sight(almanac, 4, "Procyon", errorArcminutes: 12))
        var s = panel.state(almanac, sights: sights, language: language)
        s.marks = MarksPanelState(marks: (1...4).map(SightsPanelTests.mark), totalCount: 4)
        s.panels = [.marks, .sights]
        return s
    }

    @Test("The verdict is whole on screen", arguments: [(80, UILanguage.en), (80, .ja), (100, .ja), (120, .en)])
    func theVerdictIsWhole(columns: Int, language: UILanguage) throws {
        let almanac = try #require(SightsPanelTests.almanac)
        let s = try disagreeing(almanac, language: language)
        let verdicts = SightsPanel.rows(s, SightsReadout(s)).filter { $0.role == .warning }.map { $0.text }
        #expect(!verdicts.isEmpty)
        let screen = Self.words(render(s, size: Size(columns: columns, rows: 40)).lines)
        for verdict in verdicts {
            #expect(Self.squeezed(screen).contains(Self.squeezed(verdict)), "cut at \(columns) columns: \(verdict)\n\(screen)")
        }
    }

    @Test func theInterceptColumnHoldsAtAHundredMiles() throws {
        let almanac = try #require(SightsPanelTests.almanac)
        let sights = [try SightsPanelTests.sight(almanac, 1, "Sirius"),
                      try SightsPanelTests.sight(almanac, 2, "Capella", errorArcminutes: 150)]
        var s = panel.state(almanac, sights: sights)
        s.panels = [.marks, .sights]
        let lines = render(s, size: Size(columns: 100, rows: 30)).lines
        let rows = try ["Sirius", "Capella"].map { name in try #require(lines.first { $0.contains("#") && $0.contains(name) }) }
        #expect(rows[1].contains(#/1\d\d\.\d nm/#), "\(rows[1])")
        let columns = try rows.map { row in row.distance(from: row.startIndex, to: try #require(row.range(of: "Zn")).lowerBound) }
        #expect(columns[0] == columns[1], "\(rows)")
    }

    @Test func aRoundLongerThanTheFixTakesSaysSo() throws {
        let almanac = try #require(SightsPanelTests.almanac)
        let sights = try (1...10).map { id in
            try SightsPanelTests.sight(almanac, Int64(id), SightsPanelTests.stars[(id - 1) % 3])
        }
        var s = panel.state(almanac, sights: sights)
        s.marks = MarksPanelState(marks: (1...10).map { SightsPanelTests.mark(Int64($0)) }, totalCount: 10)
        let summary = SightsPanel.summary(s).joined(separator: "\n")
        #expect(summary.contains("newest 8 of the 10 sights"), "\(summary)")
    }
}
