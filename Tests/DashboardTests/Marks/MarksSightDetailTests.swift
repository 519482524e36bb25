import Foundation
import Testing
@testable import Dashboard
import TimeKit

/// Issue 28: a mark's sight is on its detail line and in the snapshot's
/// data, with Ho and the intercept worked out from the mark's position, and
/// the snapshot's data holds no live control character.
@Suite("Marks panel: the sight on the detail line and in the snapshot data")
struct MarksSightDetailTests {
    typealias F = MarksFixtures
    static let almanac: Almanac? = try? Almanac.loadBundled(leapSeconds: .builtIn)

    /// The newest mark (#3, at Brisbane) with a Canopus sight 1° above the
    /// body's true altitude there, and the panel's almanac.
    static func stateWithSight(_ almanac: Almanac, body: String = "Canopus") throws -> (AppState, ReducedSight) {
        var s = F.state(marks: 3)
        let mark = s.marks.marks[0]
        let seconds = Double(mark.correctedUnixMilliseconds) / 1000
        let (star, limb) = try SightText.body(body, almanac: almanac)
        let entry = try almanac.entry(for: star, atUnixSeconds: seconds)
        let hc = SightReduction.altitudeAndAzimuth(ghaDegrees: entry.ghaDegrees, decDegrees: entry.decDegrees, from: F.brisbane)
        let hs = SightReduction.sextantAltitudeDegrees(observedAltitudeDegrees: hc.altitudeDegrees + 1, limb: limb,
                                                       entry: entry, corrections: .standard, from: F.brisbane)
        let solver = FixSolver(almanac: almanac, corrections: .standard)
        let reduced = try #require(try solver.reduce([Sight(body: star, limb: limb, sextantAltitudeDegrees: hs, unixSeconds: seconds)],
                                                     deadReckoning: F.brisbane, fixUnixSeconds: seconds).first)
        s.sights = SightsPanelState(almanac: LoadedAlmanac(almanac),
                                    sights: [MarkedSight(markId: try #require(mark.id), unixMilliseconds: mark.correctedUnixMilliseconds,
                                                         bodyText: body, sextantAltitudeDegrees: hs)])
        s.panels = [.marks]
        return (s, reduced)
    }

    @Test("The selected mark's detail line names its sight, Hs, Ho, the intercept and Zn")
    func detailLineShowsTheSight() throws {
        let almanac = try #require(Self.almanac)
        let (s, reduced) = try Self.stateWithSight(almanac)
        let text = render(s, size: Size(columns: 140, rows: 30)).lines.joined(separator: "\n")
        // 60 nm toward (1° above the computed altitude), as the sights panel would say.
        #expect(text.contains("Canopus Hs \(SightsText.altitude(reduced.sight.sextantAltitudeDegrees))"), "\(text)")
        #expect(text.contains("Ho \(SightsText.altitude(reduced.observedAltitudeDegrees))"), "\(text)")
        #expect(text.contains("60.0 nm T  Zn \(SightsText.azimuth(reduced.azimuthDegrees))"), "\(text)")
    }

    @Test("Without a position the detail line shows the sight as entered, without Ho")
    func noPositionNoDerivedValues() throws {
        let almanac = try #require(Self.almanac)
        var (s, _) = try Self.stateWithSight(almanac)
        s.marks.marks[0].position = .none
        let text = render(s, size: Size(columns: 140, rows: 30)).lines.joined(separator: "\n")
        #expect(text.contains("Canopus Hs "), "\(text)")
        #expect(!text.contains("Ho "), "\(text)")
    }

    @Test("The snapshot's data names the sight and prints notes and bodies inert")
    func snapshotDataIsInertAndHasTheSight() throws {
        let almanac = try #require(Self.almanac)
        var (s, reduced) = try Self.stateWithSight(almanac)
        s.marks.marks[1].note = "bell\u{07} esc\u{1B}[2J c1\u{9B}31m line\nbreak"
        s.sights.sights[0].bodyText = "Canopus\u{1B}]0;x\u{07}"
        s.panels = [.marks, .sights]
        let data = SnapshotDocument.summaryLines(s).joined(separator: "\n")
        #expect(!data.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) }, "\(data)")
        #expect(data.contains("line␊break") && data.contains("esc␛[2J"), "\(data)")
        // Every line of the data is one fact: the note's newline did not split it.
        #expect(!data.split(separator: "\n").contains { $0.hasPrefix("break") })
        #expect(data.contains("Canopus␛]0;x␇ Hs \(SightsText.altitude(reduced.sight.sextantAltitudeDegrees))"), "\(data)")
    }
}
