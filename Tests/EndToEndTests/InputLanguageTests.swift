import Foundation
import Testing
import TestSupport

/// The shared option parsers' refusals as the commands print them (exit 2):
/// English exactly as before they spoke Japanese, whatever the locale, when
/// the language is English.
@Suite struct InputLanguageTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var english: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let instant = ". Accepted: ISO-8601 with a zone, e.g. 2021-02-18T20:55:00Z, 2021-02-18T20:55:00.250+01:00, "
        + "2021-02-18 20:55Z, or a date 2021-02-18 (midnight UTC); years 1700-2200\n"
    static let altitude = ". Accepted: degrees and minutes \"43 23.8\", \"43-23.8\" or \"43° 23.8′\", or decimal degrees \"43.3967\"\n"
    static let body = ". Accepted: Sun LL, Sun UL, Moon LL, Moon UL, Venus, Mars, Jupiter, Saturn, one of the 57 navigational "
        + "stars or Polaris (timedeck almanac --at NOW lists them), or a brighter star as identify names it (Mizar, Alhena, HIP 86670)\n"
    static let sight = "2024-03-21T10:02:40Z"

    static let cases: [Case] = [
        Case(arguments: ["mars", "--at", "nonsense"],
             english: "timedeck mars: invalid instant 'nonsense': year must be 4 digits" + instant),
        Case(arguments: ["mars", "--longitude", "400"],
             english: "timedeck mars: invalid longitude '400': 400 is outside -180...360. Accepted: degrees east from -180 "
                + "to 360 (137.4, -133.8, 226.2), or 0-360 with E or W (137.4E, 133.8W)\n"),
        Case(arguments: ["mars", "--site", "curiosity", "--sol", "1000", "--lmst", "25:00"],
             english: "timedeck mars: invalid LMST '25:00': hours run from 00 to 23. Accepted: HH:MM or HH:MM:SS with "
                + "optional fraction (00:00 to 23:59:59.999), e.g. 13:00 or 07:05:30\n"),
        Case(arguments: ["mars", "--station", "mars"],
             english: "timedeck mars: invalid station 'mars': not a known station. Accepted: goldstone, canberra or madrid "
                + "(the DSN's 70 m antennas DSS-14, DSS-43, DSS-63), or LAT,LON[,HEIGHT_M]: geodetic degrees north "
                + "(-90...90, or 35.4N), degrees east (-180...360, or 116.9W) and metres above the WGS-84 ellipsoid "
                + "(-500...100000, default 0)\n"),
        Case(arguments: ["mars", "--from", "2021-01-01", "--to", "2021-01-02", "--step", "5q"],
             english: "timedeck mars: invalid duration '5q': unknown unit 'q'. Accepted: number+unit parts like 1m, 90s, "
                + "1h30m, 2.5h, 500ms, 1d, 1w, 1sol (units ms s m min h d w sol), or ISO-8601 like PT1M, P1D; from 1ms "
                + "to 100 years\n"),
        Case(arguments: ["almanac", "--at", "nonsense"],
             english: "timedeck: --at: invalid instant 'nonsense': year must be 4 digits" + instant),
        Case(arguments: ["almanac", "Vegga"],
             english: "timedeck: invalid body 'Vegga': not a body of the almanac (close names: Vega, Venus, Regor)" + body),
        Case(arguments: ["fix", "--dr", "40N 70W", "--sight", "Sun LL, 95, \(sight)"],
             english: "timedeck: invalid Hs of sight 1 '95': Hs is outside 0°–90°" + altitude),
        Case(arguments: ["fix", "--dr", "40N 70W", "--sight", "Sun LL, 43 23.8, nonsense"],
             english: "timedeck: time of sight 1: invalid instant 'nonsense': year must be 4 digits" + instant),
        Case(arguments: ["noon", "--dr", "40N 70W", "--dr-at", "nonsense"],
             english: "timedeck: --dr-at: invalid instant 'nonsense': year must be 4 digits" + instant),
        Case(arguments: ["identify", "--hs", "abc", "--zn", "100", "--dr", "40N 70W", "--at", sight],
             english: "timedeck: invalid --hs 'abc': not an altitude" + altitude),
    ]

    @Test(arguments: cases)
    func englishIsExactlyAsBefore(_ c: Case) throws {
        for (language, environment) in [(nil, MarsLanguageTests.englishLocale), ("en", MarsLanguageTests.japaneseLocale)]
            as [(String?, [String: String])] {
            let out = try MarsLanguageTests.run(c.arguments, language: language, environment: environment)
            #expect(out.status == 2)
            #expect(out.stdout.isEmpty)
            #expect(out.stderr == c.english, "\(language ?? "auto"):\n\(out.stderr)")
        }
    }
}

extension InputLanguageTests {
    /// With `display.language = ja` (or a Japanese locale and `auto`) the same
    /// refusals are Japanese, with the same exit status and the typed text.
    @Test(arguments: cases)
    func japaneseWithTheSameStatus(_ c: Case) throws {
        let chosen = try MarsLanguageTests.run(c.arguments, language: "ja", environment: MarsLanguageTests.englishLocale)
        let locale = try MarsLanguageTests.run(c.arguments, language: "auto", environment: MarsLanguageTests.japaneseLocale)
        #expect(chosen.status == 2 && chosen.stdout.isEmpty)
        #expect(chosen.stderr == locale.stderr)
        #expect(MarsLanguageTests.hasJapanese(chosen.stderr), "\(chosen.stderr)")
        // Option names are typed the same in every language; the words around them are not English.
        #expect(EnglishDetector.englishRun(chosen.stderr) == nil, "English: \(EnglishDetector.englishRun(chosen.stderr) ?? "")")
        // The typed value is in both (`'nonsense'` in English, `「nonsense」` in Japanese).
        let typed = c.english.firstMatch(of: /'([^']*)':/).map { String($0.1) } ?? ""
        #expect(!typed.isEmpty && chosen.stderr.contains("「\(typed)」"), "\(chosen.stderr)")
        #expect(chosen.stderr.hasPrefix(c.english.hasPrefix("timedeck mars: ") ? "timedeck mars: " : "timedeck: "))
    }

    /// A refusal with `--json` prints nothing on stdout in any language.
    @Test func jsonIsTheSameInEveryLanguage() throws {
        let arguments = ["mars", "--at", "nonsense", "--json"]
        let english = try MarsLanguageTests.run(arguments, language: nil, environment: MarsLanguageTests.englishLocale)
        let japanese = try MarsLanguageTests.run(arguments, language: "ja", environment: MarsLanguageTests.englishLocale)
        #expect(english.status == 2 && japanese.status == 2)
        #expect(english.stdout == japanese.stdout && english.stdout.isEmpty)
    }

    /// Control characters typed into a value stay inert in Japanese too.
    @Test func typedControlsStayInert() throws {
        let out = try MarsLanguageTests.run(["mars", "--at", "x\u{1B}[31mred\u{9B}2J"], language: "ja",
                                            environment: MarsLanguageTests.englishLocale)
        #expect(out.status == 2)
        #expect(!out.stderr.contains("\u{1B}") && !out.stderr.contains("\u{9B}"), "\(out.stderr.debugDescription)")
        #expect(out.stderr.contains("時刻「x"))
    }
}
