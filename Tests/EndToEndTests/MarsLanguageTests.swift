import Foundation
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
