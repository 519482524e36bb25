import Foundation
import Testing
import TestSupport

/// `timedeck weather` in the interface language (issue 34: "the CLI stays
/// English with display.language = ja"): the text report and the card's
/// words in Japanese from the setting or the locale, the same numbers as
/// in English, and `--json` unchanged.
@Suite(.serialized) struct WeatherLanguageTests {
    static let englishLocale = CommandLanguageTests.englishLocale.merging(["TZ": "Europe/Paris"]) { $1 }
    static let japaneseLocale = CommandLanguageTests.japaneseLocale.merging(["TZ": "Europe/Paris"]) { $1 }

    /// One station asking one server: the first run fetches, later runs read the stored forecast.
    static func setUp(_ p: MarksProcess, server: LocalHTTPServer, language: String) throws {
        try WeatherCLITests.setUp(p, server: server, extra: "")
        let config = try String(contentsOfFile: p.configPath, encoding: .utf8)
        try (config + "\n[display]\nlanguage = \"\(language)\"\n").write(toFile: p.configPath, atomically: true, encoding: .utf8)
    }

    /// The text, the card and the JSON in `language` with `environment`.
    static func report(_ p: MarksProcess, server: LocalHTTPServer, language: String,
                       environment: [String: String]) throws -> (text: String, card: String, json: String) {
        try setUp(p, server: server, language: language)
        let card = p.home.appendingPathComponent("card-\(UUID().uuidString).svg").path
        let text = try p.run(["weather", "--card", card], extraEnvironment: environment)
        #expect(text.status == 0, "\(text.stderr)")
        let json = try p.run(["weather", "--json"], extraEnvironment: environment)
        #expect(json.status == 0, "\(json.stderr)")
        return (text.stdout, (try? String(contentsOfFile: card, encoding: .utf8)) ?? "", json.stdout)
    }

    @Test func textAndCardSpeakJapaneseWithTheSameNumbers() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let sample = WeatherCLITests.sample()
        let server = try LocalHTTPServer { _ in .answer(status: 200, body: sample.json) }
        defer { server.stop() }
        // Run the three back to back; should a quarter hour turn between
        // them (the windows move with now), run them again.
        var reports: [(text: String, card: String, json: String)] = []
        for _ in 0..<2 {
            reports = try [("en", Self.englishLocale), ("ja", Self.englishLocale), ("auto", Self.japaneseLocale)].map {
                try Self.report(p, server: server, language: $0.0, environment: $0.1)
            }
            if reports[0].json == reports[1].json && reports[1].json == reports[2].json { break }
        }
        let (en, ja, locale) = (reports[0], reports[1], reports[2])
        #expect(server.requests.count == 1, "the stored forecast serves the later runs")
        #expect(en.text.contains("Forecast for") && en.text.contains("Temperature 7.3 °C"), "\(en.text)")
        #expect(ja.text.contains("の予報") && ja.text.contains("気温 7.3 °C") && ja.text.contains("今後 60 分（mm）"), "\(ja.text)")
        #expect(ja.text == locale.text, "display.language = ja and LANG=ja_JP.UTF-8 with auto differ")
        #expect(CommandLanguageTests.decimals(ja.text) == CommandLanguageTests.decimals(en.text), "\(en.text)\n\(ja.text)")
        let english = ja.text.split(separator: "\n").map(String.init).filter(EnglishDetector.hasEnglishSentence)
        #expect(english.isEmpty, "English in the Japanese text: \(english)")
        // The place by its Japanese name where the place database has one.
        #expect(ja.text.contains("パリ, FR"), "\(ja.text)")
        #expect(en.json == ja.json && ja.json == locale.json, "--json changed with the language")
        #expect(en.json.contains("\"place\":\"Paris, FR\""), "\(en.json)")
        // The card's words: the span and the legend.
        #expect(en.card.contains("ring: next 60 min from now") && en.card.contains(">dry<"), "the English card changed")
        for card in [ja.card, locale.card] {
            #expect(card.contains("今から") && card.contains("なし"), "the card is not Japanese")
            #expect(card.contains("パリ, FR"))
        }
    }
}
