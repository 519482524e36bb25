import Foundation
import Testing
import TimeKit
@testable import Dashboard

/// Issue 32: a sight naming one of the brighter stars (`almanac-bright-stars.tsv`,
/// not among the 58 of the panel's almanac) is worked by the panel once the
/// shell has read them, asked once and only when a sight names such a star,
/// exactly as `timedeck fix --marks` works it.
@Suite struct SightsBrighterStarsTests {
    let panel = SightsPanelTests()
    /// In the file, not an almanac star, ~60° up at 40° N 50° W on the
    /// evening of SightsPanelTests (Gemini, high in the south-west).
    static let star = "Alhena"

    static func wider(_ almanac: Almanac) throws -> Almanac { almanac.including(try BrightStars.loadBundled()) }

    static func asks(_ effects: [Effect]) -> [LoadedAlmanac] {
        effects.compactMap { if case .sights(.loadBrighterStars(let a)) = $0 { a } else { nil } }
    }

    /// The panel as it starts: the stored `names` on marks 1, 2, 3 (Hs
    /// exact from the truth), the almanac not yet come.
    func starting(_ names: [String]) throws -> (AppState, Almanac) {
        let base = try #require(SightsPanelTests.almanac)
        let wide = try Self.wider(base)
        let sights = try names.enumerated().map { try SightsPanelTests.sight(wide, Int64($0 + 1), $1) }
        var s = panel.state(base, sights: sights)
        s.panels = [.marks, .sights]
        s.sights.almanac = nil
        return (s, base)
    }

    /// The shell's answer to an ask, as `SightsShell.loadBrighterStars` gives it.
    static func answer(_ asked: LoadedAlmanac) throws -> Event {
        .sights(.brighterStarsLoaded(LoadedAlmanac(asked.almanac.including(try BrightStars.loadBundled())), problem: nil))
    }

    @Test func aRoundWithABrighterStarIsWorkedAfterTheLoadAsFixWorksIt() throws {
        #expect(try #require(SightsPanelTests.almanac).star(named: Self.star) == nil, "not an almanac star: the test needs one")
        let names = ["Sirius", "Capella", Self.star]
        let (start, base) = try starting(names)
        let (loaded, effects) = update(start, .sights(.almanacLoaded(LoadedAlmanac(base), problem: nil)))
        // Before the answer, as on main: the sight is shown and not worked.
        let before = SightsReadout(loaded)
        #expect(before.rows[2].reduced == nil && before.fix == nil)
        #expect(before.noFix == .cannotReduce(body: Self.star))
        let asked = try #require(Self.asks(effects).first)
        let worked = update(loaded, try Self.answer(asked)).0
        let readout = SightsReadout(worked)
        #expect(readout.rows.allSatisfy { $0.reduced != nil } && readout.noFix == nil)
        // `fix --marks`: the almanac named by the sights' bodies
        // (`Almanac.naming`), `FixInputs.sight`, `FixInputs.solver`, `fix`.
        let named = try base.naming(names, brighter: BrightStars.loadBundled)
        let sights = try worked.sights.round.map {
            try FixInputs.sight(bodyText: $0.bodyText, sextantAltitudeDegrees: $0.sextantAltitudeDegrees,
                                markUnixMilliseconds: $0.unixMilliseconds, clock: $0.clock, almanac: named)
        }
        let dr = try GeoPosition(parsing: SightsPanelTests.dr)
        let fix = try FixInputs.solver(almanac: named, settings: worked.settings)
            .fix(sights, deadReckoning: dr, fixUnixSeconds: try #require(FixInputs.fixUnixSeconds(sights)))
        #expect(readout.fix == fix)
        let panelAlhena = try #require(readout.rows[2].reduced), cliAlhena = fix.fromDeadReckoning[2]
        #expect(panelAlhena.interceptNauticalMiles == cliAlhena.interceptNauticalMiles)
        #expect(panelAlhena.azimuthDegrees == cliAlhena.azimuthDegrees)
        // Exact Hs from the truth: the fix is on it.
        #expect(fix.position.distanceAndBearing(to: SightsPanelTests.truth).0 < 0.05)
        let summary = SightsPanel.summary(worked).joined(separator: "\n")
        #expect(summary.contains("#3 23:34:00 Alhena Hs") && summary.contains("  fix "), "\(summary)")
    }

    @Test func theLoadIsAskedOnceWhateverComesAfter() throws {
        let (start, base) = try starting(["Sirius", Self.star])
        var s = start
        var asks = 0
        func send(_ event: Event) {
            let (next, effects) = update(s, event)
            s = next
            asks += Self.asks(effects).count
        }
        send(.sights(.almanacLoaded(LoadedAlmanac(base), problem: nil)))
        #expect(asks == 1)
        // While the answer is on its way: ticks, the store read again, another such sight.
        for i in 1...3 { send(.tick(s.now.addingTimeInterval(Double(i)))) }
        send(.sights(.reloaded(s.sights.sights)))
        let wide = try Self.wider(base)
        send(.sights(.stored(try SightsPanelTests.sight(wide, 3, "Mizar"))))
        #expect(asks == 1)
        send(try Self.answer(LoadedAlmanac(base)))
        send(.sights(.reloaded(s.sights.sights)))
        for i in 4...6 { send(.tick(s.now.addingTimeInterval(Double(i)))) }
        #expect(asks == 1 && s.sights.brighterStars == .added)
    }

    /// Never at start, nor on a tick or a reread, unless a sight names such a star.
    @Test func navigationalSightsNeverAsk() throws {
        let (start, base) = try starting(SightsPanelTests.stars)
        var (s, effects) = update(start, .sights(.almanacLoaded(LoadedAlmanac(base), problem: nil)))
        for i in 1...3 { effects += update(s, .tick(s.now.addingTimeInterval(Double(i)))).1 }
        (s, _) = update(s, .sights(.reloaded(s.sights.sights)))
        #expect(Self.asks(effects).isEmpty && s.sights.brighterStars == .notAsked)
        #expect(s.sights.almanac?.almanac.stars.count == base.stars.count)
        // A stored sight of a brighter star then asks.
        let wide = try Self.wider(base)
        let stored = update(s, .sights(.stored(try SightsPanelTests.sight(wide, 3, Self.star))))
        #expect(Self.asks(stored.1).count == 1)
    }

    @Test func aFailedReadIsSaidInBothLanguagesAndNotAskedAgain() throws {
        let (start, base) = try starting(["Sirius", Self.star])
        let (loaded, _) = update(start, .sights(.almanacLoaded(LoadedAlmanac(base), problem: nil)))
        let problem = "almanac-bright-stars.tsv: line 3 is not a star"
        var (failed, effects) = update(loaded, .sights(.brighterStarsLoaded(nil, problem: problem)))
        #expect(effects.isEmpty && failed.sights.almanac == loaded.sights.almanac)
        #expect(failed.sights.message == .init(.sightsBrighterStarsUnreadable(problem: problem), isError: true))
        #expect(failed.sights.brighterStars == .unreadable(problem))
        let screen = render(failed, size: Size(columns: 100, rows: 30)).lines.joined(separator: "\n")
        #expect(screen.contains("The brighter stars could not be read"), "\(screen)")
        failed.settings.language = .ja
        let ja = render(failed, size: Size(columns: 100, rows: 30)).lines.joined(separator: "\n")
        #expect(ja.contains("明るい恒星の表を読み込めません"), "\(ja)")
        #expect(SightsReadout(failed).rows[1].reduced == nil)
        #expect(Self.asks(update(failed, .sights(.reloaded(failed.sights.sights))).1).isEmpty)
        // A brighter star typed now is refused saying why, not asked again.
        let typed = panel.type(panel.press(failed, .character("s")).0, "Alhena, 60")
        let (refused, e2) = panel.press(typed, .enter)
        #expect(e2.isEmpty && refused.sights.entry != nil)
        #expect(refused.sights.message == .init(.sightsBrighterStarsUnreadable(problem: problem), isError: true))
    }

    @Test func aTypedBrighterStarWaitsForTheLoadAndIsStored() throws {
        let base = try #require(SightsPanelTests.almanac)
        let hs = try SightsPanelTests.hs(try Self.wider(base), Self.star,
                                         at: Double(SightsPanelTests.mark(3).correctedUnixMilliseconds) / 1000)
        let open = panel.press(panel.state(base), .character("s")).0
        let (waiting, effects) = panel.press(panel.type(open, "Alhena, " + SightsText.altitude(hs)), .enter)
        #expect(waiting.sights.message == .init(.sightLookingAmongBrighterStars(typed: "Alhena")))
        #expect(waiting.sights.entry != nil)
        let asked = try #require(Self.asks(effects).first)
        // Enter again before the answer: no second ask.
        #expect(Self.asks(panel.press(waiting, .enter).1).isEmpty)
        let (stored, e2) = update(waiting, try Self.answer(asked))
        guard case .sights(.attach(let sight))? = e2.first else { Issue.record("\(e2)"); return }
        #expect(sight.bodyText == "Alhena" && sight.markId == 3 && stored.sights.entry == nil)
        // Closed before the answer (Esc clears the message): nothing is stored.
        let closed = panel.press(waiting, .escape).0
        let (answered, e3) = update(closed, try Self.answer(asked))
        #expect(e3.isEmpty && answered.sights.message == nil && answered.sights.brighterStars == .added)
    }

    /// A typo reads the brighter stars too (the close names come from every
    /// star) and is still refused, never taken as the nearest spelling.
    @Test func aMisspeltStarIsRefusedAfterTheLoadNotGuessed() throws {
        let base = try #require(SightsPanelTests.almanac)
        let open = panel.press(panel.state(base), .character("s")).0
        let (waiting, effects) = panel.press(panel.type(open, "Alhenna, 60"), .enter)
        let (refused, e2) = update(waiting, try Self.answer(try #require(Self.asks(effects).first)))
        #expect(e2.isEmpty && refused.sights.entry?.text == "Alhenna, 60")
        guard case .sightUnknownBody(let typed, let close)? = refused.sights.message?.content else {
            Issue.record("\(String(describing: refused.sights.message))"); return
        }
        #expect(typed == "Alhenna" && close.contains("Alhena"))
    }
}

extension SightsBrighterStarsTests {
    /// The round is resolved by name once per round and almanac
    /// (`SightsReadout.resolved`, remembered): each input changed changes
    /// the answer, so a frame never shows a stale one.
    @Test func theRememberedRoundFollowsItsSightsAndItsAlmanac() throws {
        let base = try #require(SightsPanelTests.almanac)
        let wide = LoadedAlmanac(try Self.wider(base)), narrow = LoadedAlmanac(base)
        let round = [try SightsPanelTests.sight(wide.almanac, 1, "Sirius"), try SightsPanelTests.sight(wide.almanac, 2, Self.star)]
        #expect(SightsReadout.resolved(round, almanac: narrow).map { $0 != nil } == [true, false])
        #expect(SightsReadout.resolved(round, almanac: wide).map { $0 != nil } == [true, true])
        var moved = round
        moved[1].sextantAltitudeDegrees += 0.1
        #expect(SightsReadout.resolved(moved, almanac: wide)[1]?.sextantAltitudeDegrees == moved[1].sextantAltitudeDegrees)
        moved[1].bodyText = "Sirius"
        #expect(SightsReadout.resolved(moved, almanac: narrow).map { $0 != nil } == [true, true])
    }
}
