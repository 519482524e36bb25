import Foundation
import Dashboard
import Testing
import TestSupport

/// `timedeck mars` speaks the interface language (issue 33 item 4, issue 34's
/// "the CLI stays English with display.language = ja"): English exactly as it
/// was (MarsEnglishGolden), the same numbers in Japanese words, the refusals
/// in Japanese too, and `--json` the same in every language.
@Suite struct MarsLanguageTests {
    static let englishLocale = ["LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""]
    static let japaneseLocale = ["LANG": "ja_JP.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""]

    /// Runs the binary with `display.language = language` (no config for nil).
    static func run(_ arguments: [String], language: String?, environment: [String: String]) throws -> TimedeckBinary.Result {
        let folder = TemporaryFolder()
        let config = folder.path("config.toml")
        if let language {
            try "[display]\nlanguage = \"\(language)\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        }
        return try TimedeckBinary.run(arguments, environment: environment.merging(["TIMEDECK_CONFIG": config]) { $1 })
    }

    static func decimals(_ text: String) -> [String] {
        text.matches(of: /\d+\.\d+/).map { String(text[$0.range]) }.sorted()
    }

    static func hasJapanese(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) || (0x4E00...0x9FFF).contains($0.value) }
    }

    @Test(arguments: MarsEnglishGolden.cases)
    func englishIsExactlyAsBefore(_ golden: MarsEnglishGolden.Case) throws {
        for (language, environment) in [(nil, Self.englishLocale), ("en", Self.japaneseLocale)] as [(String?, [String: String])] {
            let out = try Self.run(golden.arguments, language: language, environment: environment)
            #expect(out.status == golden.status, "\(out.stderr)")
            #expect(out.stdout == golden.stdout, "\(language ?? "auto"):\n\(out.stdout)")
            #expect(out.stderr == golden.stderr, "\(language ?? "auto"):\n\(out.stderr)")
        }
    }

    @Test(arguments: MarsEnglishGolden.cases.filter { $0.json != nil })
    func jsonIsTheSameInEveryLanguage(_ golden: MarsEnglishGolden.Case) throws {
        for (language, environment) in [(nil, Self.englishLocale), ("ja", Self.englishLocale), ("auto", Self.japaneseLocale)]
            as [(String?, [String: String])] {
            let out = try Self.run(golden.arguments + ["--json"], language: language, environment: environment)
            #expect(out.stdout == golden.json, "\(language ?? "none"): --json differs")
        }
    }
}

extension MarsLanguageTests {
    /// Names that are the same in every language (sites, stations, places).
    static let names = ["Airy-0", "Viking", "Pathfinder", "Spirit", "Opportunity", "Phoenix", "Curiosity", "InSight", "Perseverance",
                        "Zhurong", "Olympus Mons", "Nowhere", "Goldstone", "Canberra", "Madrid", "London", "Tokyo", "Pasadena"]

    static func english(in text: String) -> [String] {
        // Option names and their words (`--light-from site`) are typed as they are in every language.
        text.split(separator: "\n").map { line in names.reduce(String(line)) { $0.replacingOccurrences(of: $1, with: "") } }
            .map { $0.replacing(/--[a-z-]+( (site|centre|NAME|名前))?/, with: "") }
            .filter(EnglishDetector.hasEnglishSentence)
    }

    @Test(arguments: MarsEnglishGolden.cases.filter { $0.status == 0 })
    func japaneseHasTheSameNumbersInJapaneseWords(_ golden: MarsEnglishGolden.Case) throws {
        let chosen = try Self.run(golden.arguments, language: "ja", environment: Self.englishLocale)
        let locale = try Self.run(golden.arguments, language: "auto", environment: Self.japaneseLocale)
        #expect(chosen.status == 0, "\(chosen.stderr)")
        #expect(chosen.stdout == locale.stdout, "display.language = ja and LANG=ja_JP.UTF-8 with auto differ")
        #expect(chosen.stdout != golden.stdout && Self.hasJapanese(chosen.stdout), "\(chosen.stdout)")
        #expect(Self.decimals(chosen.stdout) == Self.decimals(golden.stdout), "the numbers changed:\n\(chosen.stdout)")
        #expect(Self.english(in: chosen.stdout).isEmpty, "English in the Japanese text: \(Self.english(in: chosen.stdout))")
        let ja = chosen.stdout.components(separatedBy: "\n"), en = golden.stdout.components(separatedBy: "\n")
        #expect(ja.count == en.count)
        if golden.stderr.contains(" LTST ") {
            // Mars's own notes (a skipped or doubled true solar time), with the same instants.
            #expect(chosen.stderr.hasPrefix("注意: ") && Self.english(in: chosen.stderr).isEmpty, "\(chosen.stderr)")
            #expect(Self.decimals(chosen.stderr) == Self.decimals(golden.stderr))
        }
        guard !golden.arguments.contains("--sols") && !golden.arguments.contains("--all") else { return }
        // The one-instant report: each value starts in cell 24, as in English.
        #expect(chosen.stdout.contains("地方平均太陽時 (LMST)") && chosen.stdout.contains("火星年"))
        for (j, e) in zip(ja, en) where e.count > 24 {
            let value = String(e.dropFirst(24))
            guard let range = j.range(of: value) else { continue }  // a worded value
            #expect(DisplayWidth.of(String(j[..<range.lowerBound])) == 24, "\(j)")
        }
    }

    @Test(arguments: MarsEnglishGolden.cases.filter { $0.status != 0 })
    func refusalsAreSaidInJapanese(_ golden: MarsEnglishGolden.Case) throws {
        let ja = try Self.run(golden.arguments, language: "ja", environment: Self.englishLocale)
        #expect(ja.status == golden.status && ja.stdout.isEmpty)
        #expect(ja.stderr.hasPrefix("timedeck mars: ") && ja.stderr != golden.stderr && Self.hasJapanese(ja.stderr), "\(ja.stderr)")
        #expect(Self.english(in: ja.stderr).isEmpty, "English in: \(ja.stderr)")
    }

    /// The schedule's columns start where the English ones do, the Japanese weekday and period in the place column.
    @Test func japaneseScheduleKeepsItsColumns() throws {
        let golden = try #require(MarsEnglishGolden.cases.first { $0.arguments.contains("--ert-column") })
        let ja = try Self.run(golden.arguments, language: "ja", environment: Self.englishLocale).stdout.components(separatedBy: "\n")
        let en = golden.stdout.components(separatedBy: "\n")
        for (j, e) in zip(ja, en).dropFirst(2).prefix(3) {
            for token in e.split(separator: " ").filter({ $0.contains("T") && $0.hasSuffix("Z") }) {
                let cell = { (line: String) in line.range(of: token).map { DisplayWidth.of(String(line[..<$0.lowerBound])) } }
                #expect(cell(j) == cell(e), "\(token) moved:\n\(e)\n\(j)")
            }
        }
        #expect(ja[2].contains("土 15:58 午後"), "\(ja[2])")
    }
}
