import Foundation
import Testing

/// The Mars panel in a real terminal: it shows, the longitude keys change it,
/// a site can be chosen, and the choice survives a restart.
@Suite(.serialized) struct MarsPanelEndToEndTests {
    let bin = shellQuoted(TimedeckBinary.url.path)

    @Test func panelShowsAndLongitudeKeysChangeIt() throws {
        let home = TemporaryFolder()
        let env = ["TIMEDECK_HOME": home.url.path, "TIMEDECK_CONFIG": home.path("config.toml"),
                   "TIMEDECK_LEAP_SECONDS": "/nonexistent/leap-seconds.list"]
        // Wide enough for the Mars panel's long form beside the marks panel.
        let tmux = try TmuxSession(columns: 180, rows: 40, command: bin, environment: env)
        let first = try #require(tmux.waitForScreen { $0.contains("LMST") && $0.contains("at 0.0°") },
                                 "the Mars panel never appeared:\n\(tmux.capture())")
        // Keys go to the focused panel: Tab from marks to Mars.
        try tmux.send("Tab")
        #expect(first.contains("MTC"))
        #expect(first.contains("Mars Year"))
        #expect(first.contains("! leap-second list not found at /nonexistent/leap-seconds.list; using 37 s"))

        try tmux.send("l")
        #expect(tmux.waitForScreen { $0.contains("at 0.1°E") } != nil, "fine step east did not show")
        try tmux.send("L")
        #expect(tmux.waitForScreen { $0.contains("at 10.1°E") } != nil, "coarse step east did not show")
        try tmux.send("H", "H", "h", "h")
        #expect(tmux.waitForScreen { $0.contains("at 10.1°W") } != nil, "steps west did not show")

        // LMST moves 40 Mars minutes per 10° east: compare across a coarse step.
        let before = try #require(Self.lmstSeconds(tmux.capture()))
        try tmux.send("L")
        let afterScreen = try #require(tmux.waitForScreen { $0.contains("at 0.1°W") })
        let after = try #require(Self.lmstSeconds(afterScreen))
        let shift = (after - before + 86_400) % 86_400
        #expect(abs(shift - 2400) <= 5, "LMST moved \(shift) s for 10°")

        try tmux.send("s")
        #expect(tmux.waitForScreen { $0.contains("Mars · Airy-0") && $0.contains("Site Airy-0") } != nil)
        try tmux.send("s")
        let viking = tmux.waitForScreen { $0.contains("Mars · Viking 1") && $0.contains("mission sol") }
        #expect(viking != nil, "site cycling did not reach Viking 1")
        try tmux.send("a")
        #expect(tmux.waitForScreen { $0.contains("TT-UTC 69.184 s") && $0.contains("subsolar") } != nil,
                "advanced fields did not show")
        try tmux.send("q")
    }

    /// Issue 13: a config site in the panel, every site in rows (`v`), and
    /// the go-to field (`g`) moving the active call.
    @Test func configSiteAllSitesAndGoTo() throws {
        let home = TemporaryFolder()
        try """
            [mars]
            site = "Ares 3"

            [mars-site-ares3]
            name = "Ares 3"
            longitude = -31.3
            landing = "2035-11-07T12:00:00Z"
            first_sol = 1
            """.write(toFile: home.path("config.toml"), atomically: true, encoding: .utf8)
        let env = ["TIMEDECK_HOME": home.url.path, "TIMEDECK_CONFIG": home.path("config.toml"), "TZ": "UTC"]
        let tmux = try TmuxSession(columns: 180, rows: 50, command: bin, environment: env)
        #expect(tmux.waitForScreen { $0.contains("Mars · Ares 3") && $0.contains("at 31.3°W") } != nil,
                "the config site did not start the panel:\n\(tmux.capture())")
        try tmux.send("Tab")
        try tmux.send("v")
        #expect(tmux.waitForScreen { $0.contains("Mission") && $0.contains("Perseverance") && $0.contains("Ares 3  ") } != nil,
                "every site's rows did not show:\n\(tmux.capture())")
        try tmux.send("g")
        #expect(tmux.waitForScreen { $0.contains("Go to sol and time:") } != nil)
        try tmux.send("1", "Space", "0", "9", ":", "0", "0", "Enter")
        let moved = tmux.waitForScreen { $0.contains("Call moved to sol 1 09:00:00 LMST at Ares 3: 2035-11-0") }
        #expect(moved != nil, "the go-to did not move the call:\n\(tmux.capture())")
        try tmux.send("q")
    }

    /// Issue 33: `p` cycles the picture area at 80×24: sunclock, orbits,
    /// solar path, off; each is Braille with its legend, the light time row stays.
    @Test func pictureKeyCyclesAt80x24() throws {
        let home = TemporaryFolder()
        try "[mars]\nsite = \"jezero\"\n".write(toFile: home.path("config.toml"), atomically: true, encoding: .utf8)
        let env = ["TIMEDECK_HOME": home.url.path, "TIMEDECK_CONFIG": home.path("config.toml"), "TZ": "UTC"]
        let tmux = try TmuxSession(columns: 80, rows: 24, command: bin, environment: env)
        // At 80×24 one panel shows at a time: Tab from the marks panel to Mars.
        #expect(tmux.waitForScreen { $0.contains("Tab panel") } != nil, "no dashboard:\n\(tmux.capture())")
        try tmux.send("Tab")
        #expect(tmux.waitForScreen { $0.contains("Mars · Perseverance") } != nil, "no Mars panel:\n\(tmux.capture())")
        func braille(_ screen: String) -> Int { screen.unicodeScalars.filter { (0x2801...0x28FF).contains($0.value) }.count }
        for legend in ["Sunclock: subsolar", "Orbits: Earth–Mars", "Solar path · Perseverance: now"] {
            try tmux.send("p")
            let screen = tmux.waitForScreen { $0.contains(legend) }
            #expect(screen != nil, "\(legend) did not show:\n\(tmux.capture())")
            if let screen {
                #expect(braille(screen) > 40 && screen.contains("OWLT"), "\(legend):\n\(screen)")
            }
        }
        try tmux.send("p")
        #expect(tmux.waitForScreen { !$0.contains("Solar path") && braille($0) == 0 } != nil, "p did not close the picture")
        try tmux.send("q")
    }

    /// Seconds of the day of the `LMST HH:MM:SS` reading on a screen.
    static func lmstSeconds(_ screen: String) -> Int? {
        guard let m = screen.firstMatch(of: /LMST (\d\d):(\d\d):(\d\d)/),
              let h = Int(m.1), let mi = Int(m.2), let s = Int(m.3) else { return nil }
        return h * 3600 + mi * 60 + s
    }

    @Test func chosenSiteIsRememberedBetweenRuns() throws {
        let home = TemporaryFolder()
        let env = ["TIMEDECK_HOME": home.url.path, "TIMEDECK_CONFIG": home.path("config.toml")]
        do {
            let tmux = try TmuxSession(columns: 180, rows: 40, command: bin, environment: env)
            #expect(tmux.waitForScreen { $0.contains("LMST") } != nil)
            try tmux.send("Tab")  // focus the Mars panel
            // Airy-0, Viking 1, …, Curiosity is the eighth site.
            for _ in 0..<8 { try tmux.send("s") }
            #expect(tmux.waitForScreen { $0.contains("Mars · Curiosity") } != nil)
            try tmux.send("a")
            #expect(tmux.waitForScreen { $0.contains("TT-UTC") } != nil)
            try tmux.send("q")
            #expect(waitUntil { !tmux.capture().contains("LMST") }, "timedeck did not quit")
        }
        #expect(FileManager.default.fileExists(atPath: home.path("timedeck.sqlite")))
        let tmux = try TmuxSession(columns: 180, rows: 40, command: bin, environment: env)
        let screen = tmux.waitForScreen { $0.contains("Mars · Curiosity") && $0.contains("at 137.4°E") && $0.contains("TT-UTC") }
        #expect(screen != nil, "remembered site and view not shown:\n\(tmux.capture())")
        try tmux.send("q")
    }

    @Test func configSiteStartsThePanelAndKeysAreRememberedUntilItChanges() throws {
        let home = TemporaryFolder()
        let env = ["TIMEDECK_HOME": home.url.path, "TIMEDECK_CONFIG": home.path("config.toml")]
        try "[mars]\nsite = \"jezero\"\n".write(toFile: home.path("config.toml"), atomically: true, encoding: .utf8)
        do {
            let tmux = try TmuxSession(columns: 180, rows: 40, command: bin, environment: env)
            #expect(tmux.waitForScreen { $0.contains("Mars · Perseverance") && $0.contains("mission sol") } != nil,
                    "config site not shown:\n\(tmux.capture())")
            try tmux.send("Tab", "L")
            #expect(tmux.waitForScreen { $0.contains("at 87.5°E") } != nil)
            try tmux.send("q")
            #expect(waitUntil { !tmux.capture().contains("LMST") }, "timedeck did not quit")
        }
        do {
            let tmux = try TmuxSession(columns: 180, rows: 40, command: bin, environment: env)
            #expect(tmux.waitForScreen { $0.contains("at 87.5°E") && !$0.contains("Perseverance") } != nil,
                    "the key choice was not remembered:\n\(tmux.capture())")
            try tmux.send("q")
            #expect(waitUntil { !tmux.capture().contains("LMST") }, "timedeck did not quit")
        }
        try "[mars]\nsite = \"gale\"\n".write(toFile: home.path("config.toml"), atomically: true, encoding: .utf8)
        let tmux = try TmuxSession(columns: 180, rows: 40, command: bin, environment: env)
        #expect(tmux.waitForScreen { $0.contains("Mars · Curiosity") } != nil,
                "a changed config did not take over:\n\(tmux.capture())")
        try tmux.send("q")
    }
}
