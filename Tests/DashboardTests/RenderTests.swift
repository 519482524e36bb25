import Foundation
import Testing
@testable import Dashboard
import TimeKit

@Suite struct RenderTests {
    let state = AppState(now: fixedInstant, localZone: zone("Europe/Paris"), panels: [])

    @Test(arguments: [(100, 30), (80, 24), (40, 10), (39, 10), (20, 5)])
    func wholeFrame(columns: Int, rows: Int) {
        expectSnapshot(render(state, size: Size(columns: columns, rows: rows)), named: "clock-\(columns)x\(rows)")
    }

    @Test func helpOverlay() {
        var s = state
        s.overlay = .help(scroll: 0)
        expectSnapshot(render(s, size: Size(columns: 100, rows: 30)), named: "help-100x30")
        expectSnapshot(render(s, size: Size(columns: 40, rows: 10)), named: "help-40x10")
    }

    @Test func bigDigitsCarryTheClockRole() {
        let frame = render(state, size: Size(columns: 100, rows: 30))
        let layout = Layout(size: frame.size, panels: [])
        #expect(layout.isBigClock)
        let digitRow = layout.header.y + 1
        let lit = (0..<frame.size.columns).filter { frame[$0, digitRow].character == "█" }
        #expect(!lit.isEmpty)
        #expect(lit.allSatisfy { frame[$0, digitRow].role == .utcClock })
    }

    @Test func compactHeaderShowsTheClockAsText() {
        let frame = render(state, size: Size(columns: 60, rows: 12))
        #expect(frame.lines.contains { $0.contains("UTC 21d 23h 47m 12s  Sat 2026-11-21") })
        #expect(frame.lines.contains { $0.contains("Local Sun 00:47:12  UTC+01:00  Europe/Paris") })
    }

    @Test func tooSmallTerminalShowsOnlyTheMessage() {
        let frame = render(state, size: Size(columns: 39, rows: 10))
        let text = frame.lines.joined(separator: " ")
        #expect(text.contains("Enlarge the terminal"))
        #expect(!text.contains("UTC"))
        #expect(frame.cells.allSatisfy { $0.character == " " || $0.role == .warning })
    }

    @Test func tinyAndEmptySizesDoNotCrash() {
        for size in [Size(columns: 0, rows: 0), Size(columns: 1, rows: 1), Size(columns: 300, rows: 100)] {
            let frame = render(state, size: size)
            #expect(frame.size == size)
        }
    }
}

@Suite struct BigDigitsTests {
    @Test func drawsTheMarkTimeDigitsAndUnits() {
        var frame = Frame(size: Size(columns: BigDigits.markTimeColumns, rows: 5))
        BigDigits.drawMarkTime("21d 23h 47m 12s", x: 0, y: 0, into: &frame, role: .utcClock, unitRole: .utcDate)
        #expect(frame.lines == [
            "██████     ██    ██████ ██████    ██  ██ ██████        ██ ██████  ",
            "    ██     ██        ██     ██    ██  ██     ██        ██     ██  ",
            "██████     ██    ██████ ██████    ██████     ██        ██ ██████  ",
            "██         ██    ██         ██        ██     ██        ██ ██      ",
            "██████     ██ d  ██████ ██████ h      ██     ██ m      ██ ██████ s",
        ])
    }

    /// Every digit is drawn with its own glyph (the lookup by digit value
    /// gives what `lines(for:)` gives), at each of the eight places.
    @Test func everyDigitAtEveryPlace() {
        for d in 0...9 {
            let text = "\(d)\(d)d \(d)\(d)h \(d)\(d)m \(d)\(d)s"
            var frame = Frame(size: Size(columns: BigDigits.markTimeColumns, rows: 5))
            BigDigits.drawMarkTime(text, x: 0, y: 0, into: &frame, role: .utcClock, unitRole: .utcDate)
            let glyph = BigDigits.lines(for: Character(String(d)))
            for pair in 0..<4 {
                for place in 0..<2 {
                    let x = pair * (BigDigits.pairColumns + BigDigits.pairGap) + place * (BigDigits.digitColumns + 1)
                    let drawn = frame.lines.map { line in
                        String(Array(line.padding(toLength: BigDigits.markTimeColumns, withPad: " ", startingAt: 0))[x..<(x + BigDigits.digitColumns)])
                    }
                    #expect(drawn == glyph, "digit \(d), pair \(pair), place \(place)")
                }
            }
        }
    }
}

extension BigDigitsTests {
    /// The byte path (ASCII clock text) draws what the `Character` path
    /// draws, for well-formed and odd texts alike: doubled spaces, pairs of
    /// the wrong length (skipped without moving on), non-digits (drawn as
    /// `0`), text at the frame's edges.
    @Test func theBytePathDrawsWhatTheCharacterPathDraws() {
        let texts = ["21d 23h 47m 12s", "", " ", "  ", "00d", "1d 2h", "123d 45h", "12d  34h   56m", " 12d 34h ",
                     "ab", "9xd 99h", "99h 9x", "12d 34h 56m 78s 90x", "12d\t34h", "12d 34", "1 2 3", "-1d 0:h ..m"]
        for text in texts {
            for x in [0, -3, 40] {
                let size = Size(columns: BigDigits.markTimeColumns + 6, rows: 7)
                var bytes = Frame(size: size), characters = Frame(size: size)
                BigDigits.drawMarkTime(text, x: x, y: 1, into: &bytes, role: .utcClock, unitRole: .utcDate)
                BigDigits.drawMarkTimeCharacters(text, x: x, y: 1, into: &characters, role: .utcClock, unitRole: .utcDate)
                #expect(bytes.cells == characters.cells, "\(text.debugDescription) at x \(x)")
            }
        }
    }
}

/// The header's local line is remembered around its seconds: it must say
/// what the whole line said when worked out afresh, across DST changes, zones
/// whose offsets have seconds (local mean time), instants before 1970, both
/// languages and a changed zone name, second by second.
@Suite struct HeaderLocalLineTests {
    static func whole(_ state: AppState) -> String {
        let offset = state.localZone.offsetSeconds(at: state.now)
        let f = LocalTimeText.fields(state.now, in: state.localZone)
        let time = "\(MarkTime.pad(f.hour)):\(MarkTime.pad(f.minute)):\(MarkTime.pad(f.second))"
        return "\(state.language.text(.local)) \(state.language.weekday(f.isoWeekday)) \(time)  "
            + "\(LocalTimeText.offset(seconds: offset))  \(state.localZoneLabel)"
    }

    @Test func theRememberedLineIsTheWholeLine() throws {
        // Berlin's spring change (01:00 UTC), Lord Howe's half-hour change,
        // Amsterdam's +01:19:32 summer time of 1937, Paris's LMT (+00:09:21) before 1911,
        // an instant before 1970 in New York.
        let cases: [(String, Int64)] = [("Europe/Berlin", 1_774_746_000), ("Australia/Lord_Howe", 1_775_314_800),
                                        ("Europe/Amsterdam", -1_025_745_540), ("Europe/Paris", -1_855_958_940),
                                        ("America/New_York", -86_400 * 400), ("UTC", 0)]
        for (zone, around) in cases {
            var state = AppState(now: Date(timeIntervalSince1970: 0), localZone: try #require(TimeZone(identifier: zone)))
            for step in stride(from: -130, through: 130, by: 1) {
                state.now = Date(timeIntervalSince1970: Double(around + Int64(step)) + 0.25)
                for language in [UILanguage.en, .ja] {
                    state.language = language
                    #expect(Header.localLine(state) == Self.whole(state), "\(zone) \(state.now) \(language)")
                }
            }
            // The UTC date, remembered by the day, as worked out afresh.
            for step in stride(from: Int64(-2), through: 2, by: 1) {
                state.now = Date(timeIntervalSince1970: Double(around - around % 86_400 + step))
                let f = UTCFields(unixMilliseconds: UTCFields.unixSeconds(state.now) * 1000)
                for language in [UILanguage.en, .ja] {
                    state.language = language
                    #expect(Header.utcDate(state) == language.text(.dateWithWeekday(
                        date: "\(f.year)-\(MarkTime.pad(f.month))-\(MarkTime.pad(f.day))", weekday: language.weekday(f.isoWeekday))))
                }
            }
            state.localZoneName = "Ship's time"
            #expect(Header.localLine(state) == Self.whole(state))
            #expect(Header.localLine(state).hasSuffix("  Ship's time"))
        }
    }
}

/// Text measured each frame takes a printable-ASCII path; it gives what the
/// character walk gives, and leaves control bytes to that walk ("\r\n" is
/// one character of one column there, two bytes here).
@Suite struct DisplayWidthASCIITests {
    @Test func everyByteAloneAndInARun() {
        for byte in UInt8(0)...UInt8(0x7F) {
            for text in [String(decoding: [byte], as: UTF8.self), String(decoding: [0x41, byte, byte, 0x7A], as: UTF8.self)] {
                #expect(DisplayWidth.of(text) == text.reduce(0) { $0 + DisplayWidth.of($1) }, "byte \(byte)")
            }
        }
        #expect(DisplayWidth.printableASCIIWidth("a\r\nb") == nil)
        #expect(DisplayWidth.of("a\r\nb") == 3)
        #expect(DisplayWidth.printableASCIIWidth("21d 23h 47m 12s") == 15)
        #expect(DisplayWidth.printableASCIIWidth("東京") == nil && DisplayWidth.of("東京") == 4)
    }

    /// Text of stand-alone scalars is measured by its bytes: the width the
    /// `Character` walk gives, for every scalar of the first two planes
    /// (those the path takes and those it leaves to the walk).
    @Test func standAloneTextMeasuresAsTheCharacterWalk() {
        var taken = 0
        for value in UInt32(0x20)...0x1FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a" + String(scalar) + "·" + String(scalar)
            let walked = text.reduce(0) { $0 + DisplayWidth.of($1) }
            if let fast = DisplayWidth.standAloneWidth(text) {
                taken += 1
                #expect(fast == walked, "U+\(String(value, radix: 16))")
                if fast != walked { return }
            }
            #expect(DisplayWidth.of(text) == walked, "U+\(String(value, radix: 16))")
        }
        #expect(taken > 20_000)
        #expect(DisplayWidth.standAloneWidth("bell on · flash on") == 18)
        #expect(DisplayWidth.standAloneWidth("e\u{301}") == nil, "a combining mark is left to the walk")
    }
}

@Suite struct ThemeTests {
    @Test func monoDepthAlwaysGetsTheMonoTheme() {
        for name in ["mission", "sunlight", "mono", "nonsense"] {
            #expect(Theme.named(name, depth: .mono) == Theme.mono)
        }
    }

    @Test func namesPickThemesAndUnknownFallsBackToMission() {
        #expect(Theme.named("sunlight", depth: .eight).name == "sunlight")
        #expect(Theme.named("mono", depth: .palette256).name == "mono")
        #expect(Theme.named("nonsense", depth: .palette256).name == "mission")
    }

    /// Every theme gives every role a style by construction (a `switch`);
    /// what a run-time test can still check is that the roles that signal a
    /// state stand out from plain text in every theme, mono included.
    @Test func signallingRolesStandOutInEveryTheme() {
        for theme in [Theme.mission(.eight), .mission(.palette256), .sunlight(.eight), .sunlight(.palette256), .mono] {
            #expect(theme.styles.count == StyleRole.allCases.count)
            for role in [StyleRole.warning, .error, .selection, .markFlash, .callBad, .callEditing] {
                #expect(theme.style(for: role) != theme.style(for: .normal), "\(theme.name): \(role) looks like plain text")
            }
        }
    }

    @Test func eightColourThemesUseOnlyTheEightColours() {
        for theme in [Theme.mission(.eight), .sunlight(.eight)] {
            for style in theme.styles.values {
                for color in [style.foreground, style.background] {
                    if case .palette = color { Issue.record("\(theme.name) uses a 256-colour index at depth 8") }
                }
            }
        }
    }

    @Test func monoDistinguishesWarningsWithoutColour() {
        let mono = Theme.mono
        #expect(mono.style(for: .warning) != mono.style(for: .normal))
        #expect(mono.style(for: .selection).reverse)
    }
}

@Suite struct TypedNoticeTests {
    /// A notice is kept as a catalog message: switching the language while
    /// it shows redraws it in the new language (it used to stay English).
    @Test func aNoticeShowingFollowsALanguageSwitch() {
        var state = AppState(now: fixedInstant, localZone: zone("UTC"), panels: [])
        state = update(state, .settingNotSaved(.cannotWrite(path: "/c/config.toml", reason: "Permission denied"))).0
        #expect(render(state, size: Size(columns: 100, rows: 30)).lines[29].contains("⚠ Not saved: cannot write /c/config.toml"))
        state.settings.language = .ja
        let line = render(state, size: Size(columns: 100, rows: 30)).lines[29]
        #expect(line.contains("保存できません") && line.contains("/c/config.toml") && !line.contains("Not saved"))
    }

    @Test func configAndTZProblemsAreSaidInJapanese() {
        var state = AppState(now: fixedInstant, localZone: zone("UTC"), panels: [])
        state.settings.language = .ja
        state.configNotice = [.configHasProblems(path: "/c/config.toml", problems: ["line 3: x"]),
                              .localZoneProblem(.unknownZone(tz: "Mars/Olympus"))]
        let line = render(state, size: Size(columns: 200, rows: 30)).lines[29]
        #expect(line.contains("設定ファイル /c/config.toml に問題が 1 件"))
        #expect(line.contains("TZ=\"Mars/Olympus\" は timedeck の知らないタイムゾーン"))
    }
}

@Suite struct StatusBarTests {
    @Test func configProblemReplacesTheKeyHints() {
        var state = AppState(now: fixedInstant, localZone: zone("UTC"), panels: [])
        state.configNotice = [.configHasProblems(path: "/home/u/.config/timedeck/config.toml",
                                                 problems: ["line 3: display.clock: expected a string"])]
        let frame = render(state, size: Size(columns: 100, rows: 30))
        let last = frame.lines[29]
        #expect(last.hasPrefix(" ⚠ config /home/u/.config/timedeck/config.toml has 1 problem, using defaults for those keys only: li"))
        #expect(frame.roles(row: 29)[1] == .warning)
    }

    /// The keys line is remembered as cells: each state's line is the one
    /// putting its keys gives, in both languages, with one panel or several,
    /// in an overlay, at widths down to a few columns.
    @Test func theRememberedKeysLineIsTheOnePut() {
        var states: [AppState] = []
        for panels in [[PanelID](), [.marks], [.marks, .mars, .calls]] {
            for language in [UILanguage.en, .ja] {
                var s = AppState(now: fixedInstant, localZone: zone("UTC"), panels: panels)
                s.language = language
                states.append(s)
                s.overlay = .help(scroll: 0)
                states.append(s)
            }
        }
        for s in states {
            for width in [100, 37, 12, 3] {
                let rect = Rect(x: 2, y: 1, width: width, height: 1)
                var put = Frame(size: Size(columns: 110, rows: 3))
                put.put("東京 under the line", x: 0, y: 1)
                var remembered = put
                StatusBar.draw(s, in: rect, into: &remembered)
                var x = rect.x + 1
                for (key, label) in StatusBar.keys(s) where !(key == "Tab" && s.panels.count < 2) {
                    x = put.put(key, x: x, y: rect.y, role: .helpKey, clip: rect)
                    x = put.put(" \(s.language.text(label))   ", x: x, y: rect.y, role: .keyHint, clip: rect)
                }
                #expect(remembered == put, "\(s.panels) \(s.language) overlay \(s.overlay != nil) width \(width)")
            }
        }
    }
}

@Suite struct JapaneseTests {
    var state: AppState {
        var s = AppState(now: fixedInstant, localZone: zone("Asia/Tokyo"), panels: [])
        s.language = .ja
        return s
    }

    @Test func languageFollowsSettingThenLocale() {
        #expect(UILanguage.resolve(setting: "ja", environment: [:]) == .ja)
        #expect(UILanguage.resolve(setting: "en", environment: ["LANG": "ja_JP.UTF-8"]) == .en)
        #expect(UILanguage.resolve(setting: "auto", environment: ["LANG": "ja_JP.UTF-8"]) == .ja)
        #expect(UILanguage.resolve(setting: "auto", environment: ["LC_ALL": "C", "LANG": "ja_JP.UTF-8"]) == .en)
        #expect(UILanguage.resolve(setting: "auto", environment: [:]) == .en)
    }

    @Test func headerAndStatusInJapanese() {
        let frame = render(state, size: Size(columns: 60, rows: 12))
        #expect(frame.lines.contains { $0.contains("UTC 21d 23h 47m 12s  2026-11-21 (土)") })
        #expect(frame.lines.contains { $0.contains("現地 日 08:47:12  UTC+09:00  Asia/Tokyo") })
        #expect(frame.lines.contains { $0.contains("? ヘルプ") && $0.contains("q 終了") })
    }

    @Test func helpInJapaneseStaysInsideItsBox() {
        var s = state
        s.overlay = .help(scroll: 0)
        expectSnapshot(render(s, size: Size(columns: 80, rows: 24)), named: "help-ja-80x24")
        let frame = render(s, size: Size(columns: 44, rows: 12))
        // Every row keeps its box edges: wide characters never push a border out.
        for line in frame.lines where line.contains("│") {
            #expect(DisplayWidth.of(line) == 44, "row is \(DisplayWidth.of(line)) cells: \(line)")
        }
    }

    @Test func tooSmallMessageInJapanese() {
        let frame = render(state, size: Size(columns: 30, rows: 8))
        #expect(frame.lines.joined().contains("端末を広げてください"))
    }
}
