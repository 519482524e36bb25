import Foundation
import Testing
@testable import Dashboard

@Suite struct RenderTests {
    let state = AppState(now: fixedInstant, localZone: zone("Europe/Paris"))

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

    @Test func everyThemeDefinesEveryRole() {
        for theme in [Theme.mission(.eight), .mission(.palette256), .sunlight(.eight), .sunlight(.palette256), .mono] {
            for role in StyleRole.allCases {
                #expect(theme.styles[role] != nil, "\(theme.name) lacks \(role)")
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

@Suite struct StatusBarTests {
    @Test func configProblemReplacesTheKeyHints() {
        var state = AppState(now: fixedInstant, localZone: zone("UTC"))
        state.configNotice = "config /home/u/.config/timedeck/config.toml line 3: display.clock: expected a string; using defaults"
        let frame = render(state, size: Size(columns: 100, rows: 30))
        let last = frame.lines[29]
        #expect(last.hasPrefix(" ⚠ config /home/u/.config/timedeck/config.toml line 3: display.clock"))
        #expect(frame.roles(row: 29)[1] == .warning)
    }
}

@Suite struct JapaneseTests {
    var state: AppState {
        var s = AppState(now: fixedInstant, localZone: zone("Asia/Tokyo"))
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

@Suite struct JapanesePanelTextTests {
    @Test func translatedSpansKeepTheirColumnWidth() {
        let span = "morning    "
        let ja = UILanguage.ja.localizedKeepingWidth(span)
        #expect(ja.hasPrefix("午前"))
        #expect(DisplayWidth.of(ja) == DisplayWidth.of(span))
        #expect(UILanguage.en.localizedKeepingWidth(span) == span)
        #expect(UILanguage.ja.localizedKeepingWidth("unknown words ") == "unknown words ")
    }

    @Test func placeLabelsBecomeJapaneseAndKeepTheColumn() {
        let names = ["New York City, US": "ニューヨーク, US"]
        let out = CallsPanel.localize("  New York City, US    ", names: names, .ja)
        #expect(out == "  ニューヨーク, US     ")
        #expect(DisplayWidth.of(out) == DisplayWidth.of("  New York City, US    "))
        #expect(CallsPanel.localize("✗ BAD", names: [:], .ja) == "✗ 不適")
    }
}

@Suite struct JapanesePhraseTests {
    @Test func phrasesAreReplacedAsWholeWordsOnly() {
        let ja = UILanguage.ja
        #expect(ja.localizedPhrases("clock NOT synchronized (kernel) · gpsd 127.0.0.1:2947: unavailable (connection refused)")
                == "時計は未同期 （カーネル） · gpsd 127.0.0.1:2947: 利用不可 (接続拒否)")
        #expect(ja.localizedPhrases("bell on · flash off") == "ベル オン · 点滅 オフ")
        // "note" inside "notes" or "denote" is not a whole word: left alone.
        #expect(ja.localizedPhrases("notes denote") == "notes denote")
        #expect(UILanguage.en.localizedPhrases("bell on") == "bell on")
        // Config key names stay as they are: they are what the user types.
        #expect(ja.localizedPhrases("Bell on for new marks (config: marks.bell).") == "ベル オン （新しいマーク） (config: marks.bell).")
    }
}

@Suite struct JapaneseCallRowTests {
    @Test func weekdaysBeforeTimesBecomeJapaneseKeepingWidth() {
        let text = "Sun 11:00    "
        let out = CallsPanel.localize(text, names: [:], .ja)
        #expect(out.hasPrefix("日 11:00"))
        #expect(DisplayWidth.of(out) == DisplayWidth.of(text))
        // A place called "Sun City" is not a weekday before a time.
        #expect(CallsPanel.localize("Sun City, US", names: [:], .ja) == "Sun City, US")
    }
}
