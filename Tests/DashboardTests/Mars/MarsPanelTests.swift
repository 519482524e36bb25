import Foundation
import Testing
import TimeKit
@testable import Dashboard

@Suite struct MarsPanelStateTests {
    static let sites = [
        MarsSite(id: "a", name: "A", latitude: 0, longitudeEast: 10),
        MarsSite(id: "b", name: "B", latitude: 0, longitudeEast: -20, landingUTC: "2021-02-18T20:55:00Z", firstSol: 0),
    ]

    @Test func fineAndCoarseStepsWrapAtPlusMinus180() {
        var s = MarsPanelState(longitudeEast: 179.9)
        s = s.steppingLongitude(by: MarsPanelState.fineStepDegrees)
        #expect(s.longitudeEast == 180)
        s = s.steppingLongitude(by: MarsPanelState.fineStepDegrees)
        #expect(s.longitudeEast == -179.9)
        s = s.steppingLongitude(by: -MarsPanelState.coarseStepDegrees)
        #expect(s.longitudeEast == 170.1)
    }

    @Test func steppingDropsTheSite() {
        let s = MarsPanelState(longitudeEast: 10, siteID: "a", sites: Self.sites).steppingLongitude(by: 0.1)
        #expect(s.siteID == nil)
        #expect(s.longitudeEast == 10.1)
    }

    @Test func cyclingWalksTheLibraryThenBackToNoSite() {
        var s = MarsPanelState(longitudeEast: 55, sites: Self.sites)
        s = s.cyclingSite()
        #expect(s.siteID == "a" && s.longitudeEast == 10)
        s = s.cyclingSite()
        #expect(s.siteID == "b" && s.longitudeEast == -20)
        s = s.cyclingSite()
        #expect(s.siteID == nil && s.longitudeEast == -20)
        #expect(MarsPanelState(siteID: "gone", sites: Self.sites).cyclingSite().siteID == "a")
        #expect(MarsPanelState().cyclingSite() == MarsPanelState())
    }

    @Test func advancedToggles() {
        #expect(MarsPanelState().togglingAdvanced().advanced)
        #expect(!MarsPanelState().togglingAdvanced().togglingAdvanced().advanced)
    }

    @Test func savedSettingsApply() {
        var s = MarsPanelState(sites: Self.sites)
        s.apply(MarsSettings(longitudeEast: 99, siteID: "b", advanced: true))
        #expect(s.siteID == "b" && s.longitudeEast == -20 && s.advanced)  // the site's longitude wins
        s.apply(MarsSettings(longitudeEast: 350, siteID: "removed", advanced: nil))
        #expect(s.siteID == nil && s.longitudeEast == -10 && !s.advanced)
        s.apply(MarsSettings(longitudeEast: .nan, siteID: nil, advanced: false))
        #expect(s.longitudeEast == 0)
        #expect(s.settings == MarsSettings(longitudeEast: 0, siteID: nil, advanced: false))
    }
}

@Suite struct MarsPanelStartTests {
    static let sites = (try? MarsSiteLibrary.bundled().sites) ?? []
    let gale = MarsConfigBasis(longitudeEast: nil, site: "gale")
    let none = MarsConfigBasis(longitudeEast: nil, site: nil)

    @Test func configIsTheStartingPoint() {
        var s = MarsPanelState(sites: Self.sites)
        #expect(s.start(config: gale, saved: nil) == nil)
        #expect(s.siteID == "curiosity" && s.longitudeEast == 137.4417)
        var t = MarsPanelState(sites: Self.sites)
        _ = t.start(config: MarsConfigBasis(longitudeEast: 226.2, site: nil), saved: nil)
        #expect(t.siteID == nil && abs(t.longitudeEast - -133.8) < 1e-9)
    }

    @Test func rememberedChoicesWinWhileTheConfigIsUnchanged() {
        var s = MarsPanelState(sites: Self.sites)
        let saved = MarsSettings(longitudeEast: 12.3, siteID: nil, advanced: true, configBasis: gale)
        _ = s.start(config: gale, saved: saved)
        #expect(s.siteID == nil && s.longitudeEast == 12.3 && s.advanced)
        #expect(s.settings.configBasis == gale)
        // A file saved before any config (no basis) counts as "no [mars] keys".
        var t = MarsPanelState(sites: Self.sites)
        _ = t.start(config: none, saved: MarsSettings(longitudeEast: 5, siteID: "zhurong", advanced: nil))
        #expect(t.siteID == "zhurong")
    }

    @Test func aChangedConfigTakesOverAgainButKeepsTheView() {
        var s = MarsPanelState(sites: Self.sites)
        let saved = MarsSettings(longitudeEast: 12.3, siteID: nil, advanced: true, configBasis: none)
        _ = s.start(config: gale, saved: saved)
        #expect(s.siteID == "curiosity" && s.advanced)
    }

    @Test func unknownConfigSiteGivesANoticeWithSuggestions() {
        var s = MarsPanelState(sites: Self.sites)
        let notice = s.start(config: MarsConfigBasis(longitudeEast: 10, site: "jezro"), saved: nil)
        #expect(notice.map(UILanguage.en.text)?.contains("config mars.site \"jezro\" is not a known site") == true)
        #expect(notice.map(UILanguage.en.text)?.contains("Perseverance") == true)
        #expect(s.siteID == nil && s.longitudeEast == 10)
    }
}

@Suite struct MarsPanelUpdateTests {
    static let sites = (try? MarsSiteLibrary.bundled().sites) ?? []
    let later = fixedInstant.addingTimeInterval(1)

    func marsState(focus: PanelID = .mars) -> AppState {
        var s = AppState(now: fixedInstant, localZone: zone("UTC"), panels: [.marks, .mars])
        s.focus = focus
        s.mars = MarsPanelState(sites: Self.sites)
        return s
    }

    @Test(arguments: [
        (Key.right, 0.1), (.character("l"), 0.1), (.left, -0.1), (.character("h"), -0.1),
        (.shiftRight, 10.0), (.character("L"), 10.0), (.shiftLeft, -10.0), (.character("H"), -10.0),
    ])
    func longitudeKeysStepAndSave(key: Key, expected: Double) {
        let (next, effects) = update(marsState(), .key(key, at: later))
        #expect(next.mars.longitudeEast == MarsLongitude.normalized(expected))
        #expect(effects == [.mars(.saveSettings(MarsSettings(longitudeEast: next.mars.longitudeEast, siteID: nil, advanced: false)))])
        #expect(next.now == later)
    }

    @Test func coarseStepsWrapAtPlusMinus180() {
        var s = marsState()
        for _ in 0..<18 { s = update(s, .key(.character("L"), at: later)).0 }
        #expect(s.mars.longitudeEast == 180)
        s = update(s, .key(.right, at: later)).0
        #expect(s.mars.longitudeEast == -179.9)
    }

    @Test func siteKeyCyclesTheWholeLibrary() {
        var s = marsState()
        var seen: [String] = []
        for _ in Self.sites {
            let (next, effects) = update(s, .key(.character("s"), at: later))
            s = next
            seen.append(s.mars.siteID ?? "-")
            #expect(effects == [.mars(.saveSettings(s.mars.settings))])
        }
        #expect(seen == Self.sites.map(\.id))
        #expect(update(s, .key(.character("s"), at: later)).0.mars.siteID == nil)
    }

    @Test func advancedKeyToggles() {
        let (next, effects) = update(marsState(), .key(.character("a"), at: later))
        #expect(next.mars.advanced)
        #expect(effects.count == 1)
    }

    @Test func marsKeysNeedMarsFocus() {
        let s = marsState(focus: .marks)
        let (next, effects) = update(s, .key(.character("l"), at: later))
        #expect(next.mars == s.mars)
        #expect(effects.isEmpty)
    }

    @Test func aFailedSaveShowsOnceInThePanel() {
        var s = update(marsState(), .mars(.settingsNotSaved(.failed("disk full")))).0
        s = update(s, .mars(.settingsNotSaved(.failed("disk full")))).0
        #expect(s.mars.notices == [.marsChoicesNotSaved(.failed("disk full"))])
    }

    @Test func plainModeSaysTheNewMarsChoice() {
        var s = marsState()
        s.now = Date(timeIntervalSince1970: 1_618_817_640)  // Ingenuity's first flight
        s.mars.siteID = nil
        let (next, _) = update(s, .key(.character("s"), at: s.now))  // → Airy-0
        #expect(PlainAnnouncer.changes(from: s, to: next) == ["Mars: Airy-0, 0.0°, LMST 07:23:15, LTST 07:06:04."])
        var jezero = s
        jezero.mars.siteID = "perseverance"
        jezero.mars.longitudeEast = 77.4508
        #expect(MarsPanel.plainLine(jezero) == "Mars: Perseverance, 77.5°E, LMST 12:33:03, LTST 12:15:52, mission sol 58.")
    }

    @Test func helpListsTheMarsKeys() {
        let rows = Keymap.helpRows(for: [.panel(.mars)]).map { UILanguage.en.text($0.help) }
        #expect(rows.contains("Longitude 0.1° east") && rows.contains("Next site in the library")
                && rows.contains("Advanced fields on/off"))
    }
}

@Suite struct MarsPanelTextTests {
    static let sites = (try? MarsSiteLibrary.bundled().sites) ?? []

    @Test func goldenAtTheWorkedExample() {
        let input = MarsPanelText.input(at: 947_116_800, state: MarsPanelState())
        #expect(MarsPanelText.lines(input) == [
            "MTC  23:59:39   Sol 44795   Mars Year 24",
            "LMST 23:59:39   LTST 23:38:54   at 0.0°",
            "Ls   277.19°  northern winter",
        ])
    }

    static func ingenuity() -> MarsPanelText.Input {
        let state = MarsPanelState(siteID: "perseverance", advanced: true, sites: sites,
                                   notices: [.leapListExpired(day: "2026-06-28", seconds: 37, builtIn: false)])
        // Ingenuity's first flight, 2021-04-19T07:34:00Z: NASA gave 12:33 LMST, sol 58.
        return MarsPanelText.input(at: 1_618_817_640, state: state.refreshingSky(at: 1_618_817_640))
    }

    @Test func goldenWithSiteAdvancedAndNotice() {
        #expect(MarsPanelText.lines(Self.ingenuity()) == [
            "MTC  07:23:15   Sol 52362   Mars Year 36",
            "LMST 12:33:03   LTST 12:15:52   at 77.5°E",
            "Ls   33.67°  northern spring",
            "Site Perseverance   mission sol 58",
            "JD   UT 2459323.81528  TT 2459323.81608",
            "TT-UTC 69.184 s   MSD 52362.30782",
            "EOT  -4.295°   subsolar 73.48°E",
            "Decl 13.79°   r 1.6313 AU",
            "Sun  +83.8°  az 219°   sunset in 6h 13m",
            "! leap-second list expired 2026-06-28; using 37 s",
        ])
    }

    /// Issue 33: with the ephemeris, the light time and what Earth sees now.
    @Test func lightTimeAndSunRows() throws {
        var state = MarsPanelState(siteID: "perseverance", sites: try MarsSiteLibrary.bundled().sites)
        state.longitudeEast = 77.4508
        state.ephemeris = MarsPanelEphemeris(try ChebyshevEphemeris.loadBundled())
        // 2021-02-18T21:06:00Z: light now arriving left Mars at 20:54:37 (OWLT 682.35 s).
        let input = MarsPanelText.input(at: 1_613_682_360, state: state.refreshingSky(at: 1_613_682_360))
        let lines = MarsPanelText.skyRows(input).map { $0.map(\.text).joined() }
        #expect(lines == [
            "OWLT 11m 22s   seen on Earth now: Mars at 20:54:37 UTC",
            "Sun  +34.5°  az 260°   sunset in 2h 30m",  // the Sun now, not at SCET
        ])
        let ja = MarsPanelText.skyRows(input, language: .ja).map { $0.map(\.text).joined() }
        #expect(ja[0].contains("地球に今届く火星の時刻 20:54:37 UTC") && ja[1].contains("日の入りまで"))
        // A bare longitude has no latitude: no Sun row.
        state.siteID = nil
        #expect(MarsPanelText.skyRows(MarsPanelText.input(at: 1_613_682_360, state: state.refreshingSky(at: 1_613_682_360))).count == 1)
    }

    @Test func shortPanelsKeepTheNoticeBeforeAdvancedRows() {
        let lines = MarsPanelText.lines(Self.ingenuity(), height: 6)
        #expect(lines.count == 6)
        #expect(lines[3] == "Site Perseverance   mission sol 58")
        #expect(lines[4].hasPrefix("JD"))
        #expect(lines[5].hasPrefix("! leap-second"))
        #expect(MarsPanelText.lines(Self.ingenuity(), height: 2).count == 2)
        #expect(MarsPanelText.lines(Self.ingenuity(), height: 0).isEmpty)
    }

    @Test func narrowPanelsUseCompactRows() {
        #expect(MarsPanelText.lines(Self.ingenuity(), height: 4, width: 36) == [
            "MTC 07:23:15  Sol 52362  MY 36",
            "LMST 12:33:03  LTST 12:15:52",
            "Ls 33.7° N spring  at 77.5°E",
            "Perseverance  sol 58",
        ])
    }

    @Test func noticesWrapInNarrowPanels() {
        let lines = MarsPanelText.lines(Self.ingenuity(), height: 20, width: 36)
        #expect(Array(lines.suffix(2)) == ["! leap-second list expired", "  2026-06-28; using 37 s"])
        #expect(lines.filter { $0.hasPrefix("!") || $0.hasPrefix("  ") }.allSatisfy { $0.count <= 36 })
        #expect(MarsPanelText.wrap("", width: 10) == [""])
        #expect(MarsPanelText.wrap("abcdefghijklmnop", width: 8) == ["abcdefgh", "ijklmn", "op"])
    }

    @Test func rolesMarkClocksAndNotices() {
        let rows = MarsPanelText.rows(Self.ingenuity(), height: 100)
        #expect(rows[0][1] == MarsPanelText.Segment("07:23:15", .marsTime))
        #expect(rows[1][1].role == .marsTime && rows[1][3].role == .marsTime)
        #expect(rows.last?.first?.role == .warning)
        #expect(rows.last?.first?.text.hasPrefix("! ") == true)  // not colour alone
    }

    /// `Sections.rows(height:)` chooses what the one-pass selection chose
    /// (the rows as they were picked before the sections, kept here as the
    /// oracle): for every height up to the one the sections were made for,
    /// with and without the advanced view, notices, the go-to field and the
    /// light time, wide and narrow.
    @Test func sectionsChooseTheRowsTheOneBigSelectionChose() throws {
        func oracle(_ input: MarsPanelText.Input, height: Int, width: Int) -> [MarsPanelText.Row] {
            guard height > 0 else { return [] }
            let core = MarsPanelText.coreRows(input, width: width)
            let notices = MarsPanelText.goToRows(input, width: width) + MarsPanelText.noticeRows(input, width: width)
            let coreShown = Array(core.prefix(height))
            let noticesShown = Array(notices.prefix(max(0, height - coreShown.count)))
            var room = height - coreShown.count - noticesShown.count
            let advancedShown = room > 0 ? Array(MarsPanelText.advancedRows(input).prefix(room)) : []
            room -= advancedShown.count
            let skyShown = room > 0 ? Array(MarsPanelText.skyRows(input, width: width).prefix(room)) : []
            return coreShown + advancedShown + skyShown + noticesShown
        }
        let ephemeris = MarsPanelEphemeris(try ChebyshevEphemeris.loadBundled())
        var checked = 0
        for advanced in [false, true] {
            for notices in [[], [UIMessage.leapListExpired(day: "2026-06-28", seconds: 37, builtIn: false)]] {
                for goTo in [nil, "", "sol 12 13:00"] {
                    for site in [nil, "perseverance"] {
                        var state = MarsPanelState(siteID: site, advanced: advanced, sites: Self.sites, notices: notices)
                        state.ephemeris = ephemeris
                        state.goToText = goTo
                        let input = MarsPanelText.input(at: 1_618_817_640, state: state.refreshingSky(at: 1_618_817_640))
                        for width in [30, 60, 100] {
                            for made in 0...16 {
                                let sections = MarsPanelText.sections(input, height: made, width: width)
                                for height in 0...made {
                                    #expect(sections.rows(height: height) == oracle(input, height: height, width: width),
                                            "advanced \(advanced), notices \(notices.count), go-to \(goTo ?? "-"), \(site ?? "-"), \(width) wide, \(height) of \(made)")
                                    checked += 1
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(checked == 2 * 2 * 3 * 2 * 3 * 153)
    }

    /// The SCET's time of day without the ISO form: the same characters
    /// ISOInstant writes there, for instants on both sides of 1970 and every
    /// kind of millisecond (whole, last of a second, last of a day).
    @Test func timeOfDayIsTheISOFormsTime() {
        var generator = SystemRandomNumberGenerator()
        var samples: [Int64] = [0, -1, -999, -1000, -1001, 999, 1000, 86_399_999, 86_400_000, -86_400_000, -86_400_001]
        for _ in 0..<20_000 { samples.append(Int64.random(in: -2_208_988_800_000...4_102_444_800_000, using: &generator)) }
        for ms in samples {
            let iso = String(ISOInstant.milliseconds(unixMilliseconds: ms).dropFirst(11).prefix(8))
            #expect(MarsPanelText.timeOfDay(unixMilliseconds: ms) == iso, "\(ms)")
        }
    }
}

@Suite struct MarsPanelRenderTests {
    static let sites = (try? MarsSiteLibrary.bundled().sites) ?? []

    /// 2021-04-19T07:34:00Z, Ingenuity's first flight.
    static let instant = Date(timeIntervalSince1970: 1_618_817_640)

    func state(siteID: String?, advanced: Bool, longitude: Double = 0) -> AppState {
        var s = AppState(now: Self.instant, localZone: zone("UTC"), panels: [.mars])
        s.mars = MarsPanelState(longitudeEast: longitude, siteID: siteID, advanced: advanced, sites: Self.sites,
                                notices: [.leapListExpired(day: "2026-06-28", seconds: 37, builtIn: false)])
        s.mars.refreshSky(at: Self.instant.timeIntervalSince1970)  // as `update` does for every event
        return s
    }

    @Test func plainLongitude80x24() {
        expectSnapshot(render(state(siteID: nil, advanced: false, longitude: -133.8), size: Size(columns: 80, rows: 24)),
                       named: "mars-80x24")
    }

    @Test func siteAndAdvanced100x30() {
        expectSnapshot(render(state(siteID: "perseverance", advanced: true), size: Size(columns: 100, rows: 30)),
                       named: "mars-advanced-100x30")
    }

    @Test func smallTerminal40x12() {
        expectSnapshot(render(state(siteID: "curiosity", advanced: true), size: Size(columns: 40, rows: 12)),
                       named: "mars-40x12")
    }

    @Test func panelRolesPerRegion() throws {
        let frame = render(state(siteID: "perseverance", advanced: false), size: Size(columns: 80, rows: 24))
        let layout = Layout(size: frame.size, panels: [.mars], wanted: [.mars: MarsPanel.minimumRows])
        let rect = try #require(layout.panels[.mars])
        // Row 1 inside the box: "MTC  07:23:15 …": the clock digits carry .marsTime.
        let y = rect.y + 1
        let line = frame.lines[y]
        let start = line.distance(from: line.startIndex, to: line.range(of: "07:23:15")?.lowerBound ?? line.startIndex)
        #expect(start > 0)
        #expect((start..<start + 8).allSatisfy { frame[$0, y].role == .marsTime })
        #expect(frame[rect.x, rect.y].role == .title)  // focused panel: box in the title colour
    }

    /// The box, title and keys are copied from remembered cells; each thing
    /// they are drawn from changes them as drawing them anew would (the
    /// drawing as it was, kept here as the oracle): focus, site, the go-to
    /// field, every site's view, the language and the size.
    @Test func rememberedBoxFollowsEveryInput() {
        func drawnAnew(_ s: AppState, _ rect: Rect, _ size: Size) -> Frame {
            var frame = Frame(size: size)
            let focused = s.focus == .mars
            let title = s.language.text(.mars) + (s.mars.site.map { " · \($0.name)" } ?? "")
            frame.box(rect, title: title, role: focused ? .title : .border, titleRole: .title)
            let hintText: UIText = s.mars.goToText != nil ? .marsGoToHint : (s.mars.showsAllSites ? .allSitesHint : .marsHint)
            let hint = " " + s.language.text(hintText)
            if focused && DisplayWidth.of(title + "  " + hint) + 4 <= rect.width {
                frame.put(hint + " ", x: rect.x + 3 + DisplayWidth.of(title), y: rect.y, role: .keyHint)
            }
            return frame
        }
        var variants: [AppState] = []
        var s = state(siteID: "perseverance", advanced: false)
        variants.append(s)
        s.focus = nil; variants.append(s)
        s.focus = .mars; s.mars.siteID = "curiosity"; variants.append(s)
        s.mars.siteID = nil; variants.append(s)
        s.mars.goToText = "sol 3"; variants.append(s)
        s.mars.goToText = nil; s.mars.showsAllSites = true; variants.append(s)
        s.mars.showsAllSites = false; s.language = .ja; variants.append(s)
        s.mars.siteID = "zhurong"; variants.append(s)
        var checked = 0
        for size in [Size(columns: 120, rows: 40), Size(columns: 80, rows: 24), Size(columns: 44, rows: 12), Size(columns: 20, rows: 8)] {
            for rect in [Rect(x: 0, y: 2, width: size.columns, height: size.rows - 3),
                         Rect(x: 3, y: 1, width: size.columns - 5, height: size.rows - 2)] {
                for variant in variants + variants.reversed() {
                    var frame = Frame(size: size)
                    MarsPanel.draw(variant, in: rect, into: &frame)
                    let expected = drawnAnew(variant, rect, size)
                    // The box's own cells: its top row and both sides.
                    for y in rect.y..<rect.maxY {
                        for x in [rect.x, rect.maxX - 1] { #expect(frame[x, y] == expected[x, y], "\(size) \(rect) side \(x),\(y)") }
                    }
                    #expect(Array(frame.lines[rect.y]) == Array(expected.lines[rect.y]), "\(size) \(rect)")
                    #expect(frame.roles(row: rect.y) == expected.roles(row: rect.y), "\(size) \(rect)")
                    #expect(frame.lines[rect.maxY - 1] == expected.lines[rect.maxY - 1])
                    checked += 1
                }
            }
        }
        #expect(checked == 4 * 2 * 16)
    }
}
