import Dashboard
import Foundation
import Testing
import TestSupport

/// The navigator's commands speak the interface language (issue 34: "the
/// CLI stays English with display.language = ja"; issue 32 item 11): the
/// same numbers in Japanese words, chosen by `display.language` or by the
/// locale under "auto"; English exactly as before; `--json` the same in
/// every language.
@Suite(.serialized) struct CommandLanguageTests {
    /// An English locale, and a Japanese one (LC_ALL and LC_MESSAGES empty so LANG counts).
    static let englishLocale = ["LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""]
    static let japaneseLocale = ["LANG": "ja_JP.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""]

    /// A Japanese word each command's text must hold.
    static func expectedWord(_ arguments: [String]) -> String {
        switch arguments[0] {
        case "fix": "推測位置"
        case "noon": "子午線通過"
        case "polaris": "緯度"
        case "compass": "真方位"
        case "identify": "候補"
        default: arguments[1] == "plan" ? "推測位置の一日" : "修正差"
        }
    }

    static func run(_ arguments: [String], language: String?, environment: [String: String]) throws -> MarksProcess.Output {
        let p = try MarksProcess()
        defer { p.remove() }
        if let language {
            try "[display]\nlanguage = \"\(language)\"\n".write(toFile: p.configPath, atomically: true, encoding: .utf8)
        }
        return try p.run(arguments, extraEnvironment: environment)
    }

    /// Every decimal number (`52.3`, `07.000` of a time): the values, whatever the words.
    static func decimals(_ text: String) -> [String] {
        text.matches(of: /\d+\.\d+/).map { String(text[$0.range]) }.sorted()
    }

    /// The terminal cells where a table header's labels start: at the
    /// line's start or after two spaces or more (`from the run` is one label).
    static func labelStarts(_ line: String) -> [Int] {
        var starts: [Int] = [], cell = 0, spaces = 2
        for c in line {
            if c == " " { spaces += 1 } else {
                if spaces >= 2 { starts.append(cell) }
                spaces = 0
            }
            cell += DisplayWidth.of(c)
        }
        return starts
    }

    /// The terminal cell where `token` starts in `line`.
    static func cell(of token: String, in line: String) -> Int? {
        line.range(of: token).map { DisplayWidth.of(String(line[..<$0.lowerBound])) }
    }

    @Test(arguments: NavigationEnglishGolden.cases)
    func englishIsExactlyAsBefore(_ golden: NavigationEnglishGolden.Case) throws {
        // No config (auto) in an English locale, and "en" chosen in a Japanese one.
        for (language, environment) in [(nil, Self.englishLocale), ("en", Self.japaneseLocale)] as [(String?, [String: String])] {
            let out = try Self.run(golden.arguments, language: language, environment: environment)
            #expect(out.status == golden.status, "\(out.stderr)")
            #expect(out.stdout == golden.stdout, "\(language ?? "auto"): \(out.stdout)")
        }
    }

    @Test(arguments: NavigationEnglishGolden.cases)
    func japaneseHasTheSameNumbersInJapaneseWords(_ golden: NavigationEnglishGolden.Case) throws {
        let chosen = try Self.run(golden.arguments, language: "ja", environment: Self.englishLocale)
        let locale = try Self.run(golden.arguments, language: "auto", environment: Self.japaneseLocale)
        #expect(chosen.status == golden.status, "\(chosen.stderr)")
        #expect(chosen.stdout == locale.stdout, "display.language = ja and LANG=ja_JP.UTF-8 with auto differ")
        #expect(chosen.stdout.contains(Self.expectedWord(golden.arguments)), "\(chosen.stdout)")
        #expect(chosen.stdout != golden.stdout)
        #expect(Self.decimals(chosen.stdout) == Self.decimals(golden.stdout), "the numbers changed:\n\(chosen.stdout)")
        let english = chosen.stdout.split(separator: "\n").map(String.init).filter(EnglishDetector.hasEnglishSentence)
        #expect(english.isEmpty, "English in the Japanese text: \(english)")
        // Line for line, and the table headers' columns where the English ones are.
        let ja = chosen.stdout.components(separatedBy: "\n"), en = golden.stdout.components(separatedBy: "\n")
        #expect(ja.count == en.count)
        for (j, e) in zip(ja, en) {
            let columns = ["UTC", "Ho", "Hc", "Zn", "Hs", "Ho−Hc", "ΔZn"].filter { e.contains($0 + " ") || e.hasSuffix($0) }
            if columns.count >= 2 || ["mag", "intercept", "residual"].contains(where: { e.hasSuffix($0) }) {
                for token in columns { #expect(Self.cell(of: token, in: j) == Self.cell(of: token, in: e), "\(token) moved:\n\(e)\n\(j)") }
                #expect(Self.labelStarts(j) == Self.labelStarts(e), "a label moved:\n\(e)\n\(j)")
                #expect(DisplayWidth.of(j) <= DisplayWidth.of(e) + 4, "header wider:\n\(e)\n\(j)")
            }
        }
        if golden.arguments[0] == "compass" {
            // Every value after its label starts at cell 14, as in English.
            for line in ja.dropFirst().filter({ !$0.isEmpty }) {
                let first = line.firstIndex { $0.isNumber || "EWNS".contains($0) }.map { DisplayWidth.of(String(line[..<$0])) }
                #expect(first == 14, "\(line)")
            }
        }
    }

    @Test(arguments: NavigationEnglishGolden.cases)
    func jsonIsTheSameInEveryLanguage(_ golden: NavigationEnglishGolden.Case) throws {
        let arguments = golden.arguments + ["--json"]
        for (language, environment) in [(nil, Self.englishLocale), ("ja", Self.englishLocale), ("auto", Self.japaneseLocale)]
            as [(String?, [String: String])] {
            let out = try Self.run(arguments, language: language, environment: environment)
            #expect(out.stdout == golden.json, "\(language ?? "none"): --json differs")
        }
    }

    /// The sights that make no fix, with main's English refusal on stderr (issue 34's
    /// language rule covers the refusals too): lines that do not cross, three sights
    /// that disagree, and sights that agree far from the DR.
    static let refusals: [(arguments: [String], english: String)] = {
        let conditions = ["--eye", "2.5", "--ie", "-1.2", "--temp", "12", "--pressure", "1016"]
        let vega = "Vega, 52.3577, 2024-03-21T06:44:07Z", arcturus = "Arcturus, 64.4508, 2024-03-21T06:47:51Z"
        return [
            (["fix", "--dr", "40 10.0 N, 050 15.0 W"] + conditions + ["--sight", vega, "--sight", "Vega, 52.5400, 2024-03-21T06:45:07Z"],
             "timedeck: no fix: the lines of position do not cross well: they cross at only 0° (angle of cut; under 15° makes no fix); "
                + "add a sight of a body at a bearing about 90° from the others\n"),
            (["fix", "--dr", "40 10.0 N, 050 15.0 W"] + conditions
                + ["--sight", vega, "--sight", arcturus, "--sight", "Dubhe, 46.6200, 2024-03-21T06:50:02Z"],
             "timedeck: no fix: the sights disagree (a residual of 7.5 nm; more than 3 nm is more than sextant error); one of Vega "
                + "(sight 1), Arcturus (sight 2) or Dubhe (sight 3) is off, and 3 sights cannot tell which (four sights can); check "
                + "each body name, Hs and time; the least-squares position is 28 nm 325° from the DR\n"),
            (["fix", "--dr", "30 0.0 N, 040 0.0 W", "--sight", vega, "--sight", arcturus, "--sight", "Dubhe, 46.1628, 2024-03-21T06:50:02Z"],
             "timedeck: no fix: the least-squares position is 796 nm 323° from the DR (more than 60 nm); the sights agree with each "
                + "other: check the sights' date, time zone and clock, or the DR; if the DR really is that far off, give the DR near "
                + "that position and fix again\n"),
        ]
    }()

    @Test func refusalsAreSaidInTheLanguageWithTheSameNumbers() throws {
        for (arguments, english) in Self.refusals {
            let en = try Self.run(arguments, language: nil, environment: Self.englishLocale)
            #expect(en.status == 2 && en.stdout.isEmpty)
            #expect(en.stderr == english, "the English refusal changed")
            for (language, environment) in [("ja", Self.englishLocale), ("auto", Self.japaneseLocale)] {
                let ja = try Self.run(arguments, language: language, environment: environment)
                #expect(ja.status == 2 && ja.stdout.isEmpty)
                #expect(ja.stderr.hasPrefix("timedeck: 位置が決まりません: "), "\(ja.stderr)")
                #expect(!EnglishDetector.hasEnglishSentence(ja.stderr), "English in: \(ja.stderr)")
                #expect(Self.decimals(ja.stderr) == Self.decimals(english))
                let integers = { (text: String) in text.matches(of: /\d+/).map { String(text[$0.range]) }.sorted() }
                // The English counts its sights in words ("four sights can"); the Japanese in digits.
                #expect(Set(integers(english)).isSubset(of: Set(integers(ja.stderr))), "\(ja.stderr)")
            }
        }
    }
}
