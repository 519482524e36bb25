import Foundation
import Testing
@testable import TimeKit

/// The sights panel in a real terminal: Space, `s`, a sight typed for the
/// mark, its intercept on screen; two more, and the fix.
@Suite(.serialized) struct SightsPanelEndToEndTests {
    let bin = shellQuoted(TimedeckBinary.url.path)
    static let almanac: Almanac? = try? Almanac.loadBundled(leapSeconds: .builtIn)
    static let dr = "40 00.0 N, 050 00.0 W"

    /// The selected mark's instant as the marks panel shows it (its detail line).
    static func selectedMarkInstant(_ screen: String) -> Double? {
        guard let range = screen.range(of: #"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"#, options: .regularExpression) else {
            return nil
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: String(screen[range]))?.timeIntervalSince1970
    }

    /// Three stars high enough and spread in azimuth from the DR at `unixSeconds`
    /// (found, not assumed: the test runs at any hour).
    static func stars(_ almanac: Almanac, at unixSeconds: Double, from dr: GeoPosition) -> [String] {
        var chosen: [(name: String, zn: Double)] = []
        for star in almanac.stars {
            guard let e = try? almanac.entry(for: .star(star.name), atUnixSeconds: unixSeconds) else { continue }
            let (h, zn) = SightReduction.altitudeAndAzimuth(ghaDegrees: e.ghaDegrees, decDegrees: e.decDegrees, from: dr)
            guard h > 20, h < 70, star.name.allSatisfy({ $0.isLetter }) else { continue }
            let apart = chosen.allSatisfy { c in
                let d = abs(c.zn - zn).truncatingRemainder(dividingBy: 360)
                return min(d, 360 - d) > 60
            }
            if apart { chosen.append((star.name, zn)) }
            if chosen.count == 3 { break }
        }
        return chosen.map(\.name)
    }

    /// Hs of `name` from `truth` at `unixSeconds` (default conditions), as `D M.M`.
    static func hsText(_ almanac: Almanac, _ name: String, at unixSeconds: Double, from truth: GeoPosition) throws -> String {
        let e = try almanac.entry(for: .star(name), atUnixSeconds: unixSeconds)
        let ho = SightReduction.altitudeAndAzimuth(ghaDegrees: e.ghaDegrees, decDegrees: e.decDegrees, from: truth).altitudeDegrees
        let hs = SightReduction.sextantAltitudeDegrees(observedAltitudeDegrees: ho, limb: .centre, entry: e, corrections: .standard,
                                                       from: truth)
        let d = hs.rounded(.down)
        return String(format: "%.0f %.2f", d, (hs - d) * 60)
    }

    @Test func spaceThenASightShowsItsInterceptAndThreeGiveTheFix() throws {
        let almanac = try #require(Self.almanac)
        let dr = try GeoPosition(parsing: Self.dr)
        let truth = dr.offset(northNauticalMiles: 6, eastNauticalMiles: -4)
        let home = TemporaryFolder()
        try "[marks]\ngpsd = \"off\"\n\n[sights]\ndr = \"\(Self.dr)\"\n"
            .write(toFile: home.path("config.toml"), atomically: true, encoding: .utf8)
        let env = ["TIMEDECK_HOME": home.url.path, "TIMEDECK_CONFIG": home.path("config.toml")]
        let tmux = try TmuxSession(columns: 100, rows: 40, command: bin, environment: env)
        #expect(tmux.waitForScreen { $0.contains("Marks") } != nil, "no dashboard:\n\(tmux.capture())")
        let names = Self.stars(almanac, at: Date().timeIntervalSince1970, from: dr)
        try #require(names.count == 3, "no three stars spread in azimuth: \(names)")
        for (i, name) in names.enumerated() {
            let id = i + 1
            try tmux.send("Space")
            let marked = try #require(tmux.waitForScreen { $0.contains("#\(id) ") && Self.selectedMarkInstant($0) != nil
                && $0.contains("Marks \(id)") }, "mark #\(id) did not show:\n\(tmux.capture())")
            let at = try #require(Self.selectedMarkInstant(marked))
            try tmux.send("s")
            #expect(tmux.waitForScreen { $0.contains("Sight for #\(id) (body, Hs)") } != nil,
                    "the field did not open:\n\(tmux.capture())")
            // The body completes as typed: the shortest prefix that Tab turns into the name.
            let prefix = try #require((1...name.count).map { String(name.prefix($0)) }
                .first { SightText.completions(of: $0, almanac: almanac).first == name })
            try tmux.send("-l", prefix)
            try tmux.send("Tab")
            #expect(tmux.waitForScreen { $0.contains("Sight for #\(id) (body, Hs): \(name), ") } != nil,
                    "Tab did not complete \(prefix) to \(name):\n\(tmux.capture())")
            try tmux.send("-l", try Self.hsText(almanac, name, at: at, from: truth))
            try tmux.send("Enter")
            let shown = tmux.waitForScreen(10) { screen in
                screen.contains("Sight stored: \(name) for #\(id).")
                    && screen.range(of: "#\(id) \\d\\d:\\d\\d:\\d\\d \(name) +\\d+\\.\\d nm [TA]  Zn \\d{3}°",
                                    options: .regularExpression) != nil
            }
            #expect(shown != nil, "sight #\(id) and its intercept did not show:\n\(tmux.capture())")
        }
        let fixed = tmux.waitForScreen(10) { $0.contains("Fix ") && $0.contains("rms ") }
        let screen = try #require(fixed, "no fix:\n\(tmux.capture())")
        // The truth is 6' north and about 5'.2 west of the DR: 40° 06' N,
        // 050° 05'.2 W. Hs is typed to 0'.1, so the fix may read 05'.99 for
        // 06'.00 (a text match failed on that once): compared in minutes.
        let fix = try #require(screen.firstMatch(of: /Fix 40° (\d\d'\.\d\d) N  050° (\d\d'\.\d\d) W/), "\(screen)")
        let minutes = { (text: Substring) in Double(text.replacingOccurrences(of: "'", with: "")) ?? .nan }
        #expect(abs(minutes(fix.1) - 6.0) <= 0.1 && abs(minutes(fix.2) - 5.2) <= 0.15, "\(screen)")
        #expect(!screen.contains("disagree"), "\(screen)")
        try tmux.send("q")
    }

    /// Issue 28: a sight attached by another process (`timedeck marks
    /// sight` in another terminal) shows in the panel, as marks, notes and
    /// calls do; before, the panel and its fix stayed as they were.
    @Test func aSightAttachedElsewhereShows() throws {
        let almanac = try #require(Self.almanac)
        let dr = try GeoPosition(parsing: Self.dr)
        let home = TemporaryFolder()
        try "[marks]\ngpsd = \"off\"\nposition = \"\(Self.dr)\"\n\n[sights]\ndr = \"\(Self.dr)\"\n"
            .write(toFile: home.path("config.toml"), atomically: true, encoding: .utf8)
        let env = ["TIMEDECK_HOME": home.url.path, "TIMEDECK_CONFIG": home.path("config.toml")]
        let tmux = try TmuxSession(columns: 100, rows: 40, command: bin, environment: env)
        #expect(tmux.waitForScreen { $0.contains("Marks") } != nil, "no dashboard:\n\(tmux.capture())")
        try tmux.send("Space")
        #expect(tmux.waitForScreen { $0.contains("#1 ") } != nil, "no mark:\n\(tmux.capture())")
        let now = Date().timeIntervalSince1970
        let name = try #require(Self.stars(almanac, at: now, from: dr).first)
        let hs = try Self.hsText(almanac, name, at: now, from: dr)
        let other = try TimedeckBinary.run(["marks", "sight", "1", "\(name), \(hs)"], environment: env)
        #expect(other.status == 0, "\(other.stderr)")
        let shown = tmux.waitForScreen(5) { $0.contains(name) && $0.contains("#1") }
        #expect(shown != nil, "the sight stored by another process did not show:\n\(tmux.capture())")
        // The day ahead at the DR, worked by the shell on the store queue and
        // shown once answered: of morning twilight, noon (the DR's meridian
        // passage) and evening twilight, those still to come, to the minute;
        // the next day's once today's are all past. Between noon and evening
        // twilight no noon is shown (the CI run of 2026-12-05 at 17:10 UTC
        // failed here when this test expected one at every hour).
        func expected(at t: Double) throws -> String {
            let today = try DayPlan.day(containing: t, at: dr, almanac: almanac)
            let events: [DayPlan.Event] = [.morningCivilTwilight, .meridianPassage, .eveningCivilTwilight]
            func ahead(_ plan: DayPlan) -> [String] {
                plan.events.filter { events.contains($0.event) && $0.unixSeconds >= t }.map {
                    let minute = Int64(($0.unixSeconds / 60).rounded()) * 60_000
                    let hhmm = String(ISOInstant.milliseconds(unixMilliseconds: minute).dropFirst(11).prefix(5))
                    return ($0.event == .meridianPassage ? "noon " : "twilight ") + hhmm
                }
            }
            var shown = ahead(today)
            if shown.isEmpty { shown = ahead(try DayPlan.day(containing: today.dayStartUnixSeconds + 86400 + 1, at: dr, almanac: almanac)) }
            return "sights ahead (UTC): " + shown.joined(separator: " · ")
        }
        let ahead = tmux.waitForScreen(5) { $0.contains("sights ahead (UTC): ") }
        let line = try #require(ahead?.firstMatch(of: /sights ahead \(UTC\): [^│]*/), "no day ahead:\n\(tmux.capture())")
        // A minute boundary may fall between the sight and the capture.
        let candidates = try [now, Date().timeIntervalSince1970].map(expected)
        let shownLine = line.0.replacing(/\s{2,}.*/, with: "").trimmingCharacters(in: .whitespaces)
        #expect(candidates.contains(shownLine), "\(shownLine) (expected one of \(candidates))")
        // Issue 32, item 9: `w` in the sights panel writes its line on a plotting sheet.
        for _ in 0..<8 where tmux.capture().range(of: "▌ *┌ Sights", options: .regularExpression) == nil {
            try tmux.send("Tab")
            _ = tmux.waitForScreen(1) { $0.range(of: "▌ *┌ Sights", options: .regularExpression) != nil }
        }
        try tmux.send("w")
        let saved = tmux.waitForScreen(5) { $0.contains("Plotting sheet saved (no fix, 1 line of position)") }
        #expect(saved != nil, "no sheet saved:\n\(tmux.capture())")
        let sheets = (try? FileManager.default.contentsOfDirectory(atPath: home.path("sheets"))) ?? []
        #expect(sheets.count == 1 && sheets.allSatisfy { $0.hasPrefix("sheet-") && $0.hasSuffix(".svg") }, "\(sheets)")
        if let sheet = sheets.first {
            let svg = try String(contentsOfFile: home.path("sheets/" + sheet), encoding: .utf8)
            #expect(svg.contains("<svg") && svg.contains(name), "\(svg.prefix(400))")
        }
        try tmux.send("q")
    }

    /// Issue 32: a brighter star's sight stored from the shell before the
    /// dashboard starts is worked by the panel (the file read once, in the
    /// background), with the intercept `timedeck fix --marks` gives.
    @Test func aBrighterStarsSightStoredBeforeStartIsWorkedAsFixWorksIt() throws {
        let base = try #require(Self.almanac)
        let almanac = base.including(try BrightStars.loadBundled())
        let dr = try GeoPosition(parsing: Self.dr)
        let home = TemporaryFolder()
        try "[marks]\ngpsd = \"off\"\nposition = \"\(Self.dr)\"\n\n[sights]\ndr = \"\(Self.dr)\"\n"
            .write(toFile: home.path("config.toml"), atomically: true, encoding: .utf8)
        let env = ["TIMEDECK_HOME": home.url.path, "TIMEDECK_CONFIG": home.path("config.toml")]
        let add = try TimedeckBinary.run(["marks", "add", "--json"], environment: env)
        try #require(add.status == 0, "\(add.stderr)")
        let utc = try #require(add.stdout.firstMatch(of: /"correctedUtc" *: *"([^"]+)"/)?.1, "\(add.stdout)")
        let at = try InstantParser.parse(String(utc)).unixSeconds
        // A brighter star (not one of the 58) 20°–70° up at the mark (found: the test runs at any hour).
        let star = try #require(try almanac.stars.filter { base.star(named: $0.name) == nil && $0.name.allSatisfy(\.isLetter) }
            .first { star in
                let e = try almanac.entry(for: .star(star.name), atUnixSeconds: at)
                let h = SightReduction.altitudeAndAzimuth(ghaDegrees: e.ghaDegrees, decDegrees: e.decDegrees, from: dr).altitudeDegrees
                return h > 20 && h < 70
            }?.name)
        let truth = dr.offset(northNauticalMiles: 3, eastNauticalMiles: 2)
        let attach = try TimedeckBinary.run(["marks", "sight", "1", "\(star), \(try Self.hsText(almanac, star, at: at, from: truth))"],
                                            environment: env)
        try #require(attach.status == 0, "\(attach.stderr)")
        let fix = try TimedeckBinary.run(["fix", "--json", "--marks", "1"], environment: env)
        try #require(fix.status == 0, "\(fix.stderr)")
        let intercept = try #require(fix.stdout.firstMatch(of: /"intercept":(-?\d+\.\d+)/).flatMap { Double($0.1) }, "\(fix.stdout)")
        let tmux = try TmuxSession(columns: 100, rows: 40, command: bin, environment: env)
        let row = tmux.waitForScreen(10) { screen in
            screen.range(of: "#1 \\d\\d:\\d\\d:\\d\\d \(star) +\\d+\\.\\d nm [TA]  Zn \\d{3}°", options: .regularExpression) != nil
        }
        let screen = try #require(row, "the brighter star's sight was not worked:\n\(tmux.capture())")
        let shown = try #require(screen.firstMatch(of: /#1 \d\d:\d\d:\d\d [A-Za-z]+ +(\d+\.\d) nm ([TA])/))
        #expect(abs((Double(shown.1) ?? .nan) - abs(intercept)) <= 0.051, "panel \(shown.0), fix \(intercept)")
        #expect((shown.2 == "T") == (intercept > 0), "panel \(shown.0), fix \(intercept)")
        try tmux.send("q")
    }
}
