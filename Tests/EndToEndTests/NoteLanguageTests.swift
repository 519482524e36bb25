import Foundation
import Testing
import TestSupport

/// The last English of the commands (`--dr`, the shape of a `--sight`,
/// `--eye`/`--ie`/`--temp`/`--pressure`/`--course`/`--speed`, and `call`'s
/// notes about `here`, `local`, clock changes and past times): English
/// exactly as before they spoke Japanese, whatever the locale, when the
/// language is English. Written against main's code first. (An unknown
/// `TZ` is named as the UTC it falls back to: that is how main says it.)
@Suite struct NoteLanguageTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var status: Int32
        var english: String
        var environment: [String: String] = [:]
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let vega = "Vega, 43 23.8, 2024-03-21T09:58:12Z"
    static let write = ". Write it as \"27 28.02 S 153 22.84 E\", \"27° 28'.02 S  153° 22'.84 E\" or \"-27.467, 153.3807\".\n"
    static func dr(_ typed: String, _ reason: String) -> Case {
        Case(arguments: ["fix", "--dr", typed, "--sight", vega], status: 2,
             english: "timedeck: --dr: cannot read position \"\(typed)\": \(reason)" + write)
    }

    static let cases: [Case] = [
        dr("95N 10E", "latitude 95.0° is outside −90° … +90°; give it as e.g. \"27 28.02 S\" or -27.467"),
        dr("40N 190E", "longitude 190.0° is outside −180° … +180°; give it as e.g. \"153 22.84 E\" or 153.381"),
        dr("40N", "expected one N/S and one E/W letter"),
        dr("40 10", "expected signed decimal degrees \"latitude, longitude\" or hemisphere letters N/S and E/W"),
        dr("40 N 10 N", "two latitudes (N/S) given"),
        dr("40 10 N 10 E 5", "numbers after the last hemisphere letter"),
        dr("abc", "unexpected character \"a\""),
        dr("1.2.3 N 10 E", "\"1.2.3\" is not a number"),
        dr("40.5 30 N 10 E", "degrees must be whole when minutes follow"),
        dr("40 61 N 10 E", "minutes must be below 60"),
        dr("40 1.5 3 N 10 E", "minutes must be whole when seconds follow"),
        dr("40 1 61 N 10 E", "seconds must be below 60"),
        dr("40 1 1 1 N 10 E", "each of latitude and longitude needs degrees, then optionally minutes and seconds"),
        dr("-40 N 10 E", "use a hemisphere letter or a minus sign, not both"),
        Case(arguments: ["fix", "--dr", "40N 70W", "--sight", "Vega 43"], status: 2,
             english: "timedeck: --sight 1 \"Vega 43\": write it as \"BODY, HS, ISO\", e.g. \"Sun LL, 43 23.8, 2024-03-21T10:02:40Z\"\n"),
        Case(arguments: ["fix", "--dr", "40N 70W", "--eye", "2000", "--sight", vega], status: 2,
             english: "timedeck: --eye: height of eye 2000.0 m is not 0–1000 m\n"),
        Case(arguments: ["fix", "--dr", "40N 70W", "--ie", "90", "--sight", vega], status: 2,
             english: "timedeck: --ie: index error 90.0′ is not within ±60′\n"),
        Case(arguments: ["fix", "--dr", "40N 70W", "--temp", "99", "--sight", vega], status: 2,
             english: "timedeck: --temp: 99.0 °C is not within −60…60 °C\n"),
        Case(arguments: ["fix", "--dr", "40N 70W", "--pressure", "500", "--sight", vega], status: 2,
             english: "timedeck: --pressure: 500.0 hPa is not within 800…1100 hPa\n"),
        Case(arguments: ["fix", "--dr", "40N 70W", "--course", "400", "--sight", vega], status: 2,
             english: "timedeck: --course: 400.0° is not a course; give degrees true, 0–360\n"),
        Case(arguments: ["fix", "--dr", "40N 70W", "--speed", "200", "--sight", vega], status: 2,
             english: "timedeck: --speed: 200.0 kn is not a speed; give knots, 0–99\n"),
        Case(arguments: ["call", "here", "Tokyo", "--at", "2026-01-01T12:00:00Z"], status: 0,
             english: "note: \"here\": using London, GB, nearest marks.position (51° 30'.44 N  000° 07'.67 W)\n"),
        Case(arguments: ["call", "local", "Tokyo", "--at", "2026-01-01T12:00:00Z"], status: 0,
             english: "note: \"local\" is this machine's zone, Europe/Paris (from TZ or /etc/localtime).\n",
             environment: ["TZ": "Europe/Paris"]),
        Case(arguments: ["call", "local", "Tokyo", "--at", "2026-01-01T12:00:00Z"], status: 2,
             english: "timedeck: \"local\" means this machine's zone, but TZ=\"UTC\" is not a tz zone name a call "
                + "can keep; name your city or a zone such as Europe/Paris instead.\n",
             environment: ["TZ": "Nowhere/Land"]),
        Case(arguments: ["call", "London, GB", "Tokyo", "--at", "2026-03-29 01:30"], status: 0,
             english: "note: that local time does not exist in Europe/London (clocks jump forward 60 min); "
                + "using 2026-03-29T02:30:00 UTC+01:00.\n"),
        Case(arguments: ["call", "London, GB", "Tokyo", "--at", "2026-10-25 01:30"], status: 0,
             english: "note: that local time occurs twice in Europe/London; using the first, UTC+01:00 (the second is UTC+00:00).\n"),
    ]

    /// `marks.position` in London and gpsd off, so `here` is the same on every machine.
    static func run(_ arguments: [String], language: String?, environment: [String: String]) throws -> TimedeckBinary.Result {
        let folder = TemporaryFolder()
        let config = folder.path("config.toml")
        var text = "[marks]\nposition = \"51.5074, -0.1278\"\ngpsd = \"\"\n"
        if let language { text += "[display]\nlanguage = \"\(language)\"\n" }
        try text.write(toFile: config, atomically: true, encoding: .utf8)
        return try TimedeckBinary.run(arguments, environment: ["TZ": "UTC"].merging(environment) { $1 }.merging(
            ["TIMEDECK_CONFIG": config, "TIMEDECK_HOME": folder.path("data")]) { $1 })
    }

    @Test(arguments: cases)
    func englishIsExactlyAsBefore(_ c: Case) throws {
        for (language, locale) in [(nil, MarsLanguageTests.englishLocale), ("en", MarsLanguageTests.japaneseLocale)]
            as [(String?, [String: String])] {
            let out = try Self.run(c.arguments, language: language, environment: locale.merging(c.environment) { $1 })
            #expect(out.status == c.status, "\(out.stderr)")
            #expect(out.stderr == c.english, "\(language ?? "auto"):\n\(out.stderr)")
        }
    }

    /// A call saved in the past says so; the span depends on today, so only it is not pinned.
    @Test func pastCallInEnglish() throws {
        let out = try Self.run(["calls", "add", "Old", "--at", "2020-01-01 10:00", "London, GB"], language: nil,
                               environment: MarsLanguageTests.englishLocale)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stderr.wholeMatch(of: /note: 2020-01-01T10:00:00Z has already passed \(\d+ d( \d+ h)? ago\); the call is saved but will not remind\. For one still to come, give a later date, or a shift from now such as \+1d\.\n/) != nil,
                "\(out.stderr)")
    }
}

extension NoteLanguageTests {
    /// With `display.language = ja` (or a Japanese locale and `auto`) the same
    /// messages are Japanese, with the same exit status and the same stdout.
    @Test(arguments: cases)
    func japaneseWithTheSameStatus(_ c: Case) throws {
        let english = try Self.run(c.arguments, language: nil, environment: MarsLanguageTests.englishLocale.merging(c.environment) { $1 })
        let chosen = try Self.run(c.arguments, language: "ja", environment: MarsLanguageTests.englishLocale.merging(c.environment) { $1 })
        let locale = try Self.run(c.arguments, language: "auto", environment: MarsLanguageTests.japaneseLocale.merging(c.environment) { $1 })
        #expect(chosen.status == c.status && locale.status == c.status)
        #expect(chosen.stderr == locale.stderr)
        #expect(chosen.stdout == english.stdout, "stdout changed with the language")
        #expect(MarsLanguageTests.hasJapanese(chosen.stderr), "\(chosen.stderr)")
        let words = EnglishDetector.withoutPlaceNames(chosen.stderr)
        #expect(EnglishDetector.englishRun(words) == nil, "English: \(EnglishDetector.englishRun(words) ?? "")")
        #expect(chosen.stderr.hasPrefix(c.english.hasPrefix("note: ") ? "注意: " : "timedeck: "))
    }

    /// `call --json` prints the same bytes in every language; the notes go to stderr.
    @Test func jsonIsTheSameInEveryLanguage() throws {
        for arguments in [["call", "here", "Tokyo", "--at", "2026-01-01T12:00:00Z", "--json"],
                          ["call", "London, GB", "Tokyo", "--at", "2026-03-29 01:30", "--json"]] {
            let english = try Self.run(arguments, language: nil, environment: MarsLanguageTests.englishLocale)
            let japanese = try Self.run(arguments, language: "ja", environment: MarsLanguageTests.englishLocale)
            #expect(english.status == 0 && japanese.status == 0)
            #expect(!english.stdout.isEmpty && english.stdout == japanese.stdout)
            #expect(english.stderr.hasPrefix("note: ") && japanese.stderr.hasPrefix("注意: "))
        }
    }

    /// Control characters typed into `--dr` or a `--sight` stay inert in Japanese too.
    @Test func typedControlsStayInert() throws {
        for arguments in [["fix", "--dr", "x\u{1B}[31m\u{9B}2J", "--sight", Self.vega],
                          ["fix", "--dr", "40N 70W", "--sight", "Vega\u{1B}]0;t\u{7}"]] {
            let out = try Self.run(arguments, language: "ja", environment: MarsLanguageTests.englishLocale)
            #expect(out.status == 2)
            #expect(!out.stderr.contains("\u{1B}") && !out.stderr.contains("\u{9B}") && !out.stderr.contains("\u{07}"),
                    "\(out.stderr.debugDescription)")
            #expect(out.stderr.contains("「x") || out.stderr.contains("「Vega"), "\(out.stderr)")
        }
    }

    @Test func pastCallInJapanese() throws {
        let out = try Self.run(["calls", "add", "Old", "--at", "2020-01-01 10:00", "London, GB"], language: "ja",
                               environment: MarsLanguageTests.englishLocale)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stderr.hasPrefix("注意: 2020-01-01T10:00:00Z はすでに過ぎています（") && out.stderr.contains("日"), "\(out.stderr)")
        #expect(EnglishDetector.englishRun(out.stderr) == nil, "\(out.stderr)")
    }
}
