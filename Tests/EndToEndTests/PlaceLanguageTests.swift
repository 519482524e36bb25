import Foundation
import Testing
import TestSupport

/// The place resolver's notes and refusals in `call`, `calls` and `places
/// search`: English exactly as before they spoke Japanese, whatever the
/// locale, when the language is English.
@Suite struct PlaceLanguageTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var status: Int32
        var english: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(arguments: ["call", "London, GB", "Bombay", "--at", "2026-01-01T12:00:00Z"], status: 0,
             english: "note: \"Bombay\" is another name for Mumbai, IN (Asia/Kolkata).\n"),
        Case(arguments: ["call", "London, GB", "US/Pacific", "--at", "2026-01-01T12:00:00Z"], status: 0,
             english: "note: \"US/Pacific\" is an old name (a tz link) for the zone America/Los_Angeles; using America/Los_Angeles.\n"),
        Case(arguments: ["call", "London, GB", "JST", "--at", "2026-01-01T12:00:00Z"], status: 0,
             english: "note: \"JST\" is Japan Standard Time, a fixed UTC+09:00 all year (no daylight-saving changes); name a city or zone to follow its clock changes.\n"),
        Case(arguments: ["call", "London, GB", "GMT+9", "--at", "2026-01-01T12:00:00Z"], status: 0,
             english: "note: \"GMT+9\" is read as UTC+09:00, 9 hours ahead of UTC; the POSIX zone Etc/GMT+9 has the opposite sign.\n"),
        Case(arguments: ["call", "London, GB", "Etc/GMT+9", "--at", "2026-01-01T12:00:00Z"], status: 0,
             english: "note: Etc/GMT+9 is UTC-09:00 (POSIX zone names count west of Greenwich as +); for the other sign type UTC+9.\n"),
        Case(arguments: ["call", "London, GB", "CET", "--at", "2026-01-01T12:00:00Z"], status: 0,
             english: "note: \"CET\" is the tz zone CET, which changes to summer time; for a fixed UTC+01:00 all year, type UTC+01:00.\n"),
        Case(arguments: ["call", "London, GB", "Jezero", "--at", "2026-01-01T12:00:00Z"], status: 0,
             english: "note: \"Jezero\" is the Mars site Perseverance (Mars/perseverance); its clock is local mean solar time.\n"),
        Case(arguments: ["call", "London, GB", "Phoenix", "--at", "2026-01-01T12:00:00Z"], status: 0,
             english: "note: \"Phoenix\" is also a site on Mars; using the Earth place. For the Mars site, ask for Mars/phoenix.\n"),
        Case(arguments: ["call", "London, GB", "Springfield", "--at", "2026-01-01T12:00:00Z"], status: 0,
             english: "note: \"Springfield\" is ambiguous; using the most populous, Springfield, US (America/Chicago). Others: Springfield, US; Springfield, US. Add a country to choose, e.g. \"Springfield, US\".\n"),
        Case(arguments: ["call", "London, GB", "IST", "--at", "2026-01-01T12:00:00Z"], status: 2,
             english: "timedeck: \"IST\" means India Standard Time (UTC+05:30), or Irish Standard Time (Ireland's summer time) (UTC+01:00), or Israel Standard Time (UTC+02:00); say which: \"IST India\", \"IST Ireland\", \"IST Israel\", or give the offset.\n"),
        Case(arguments: ["call", "London, GB", "mars", "--at", "2026-01-01T12:00:00Z"], status: 2,
             english: "timedeck: \"mars\" alone means any of 12 Mars sites; name one: Mars/airy-0 (Airy-0), Mars/viking-1 (Viking 1), Mars/viking-2 (Viking 2), Mars/pathfinder (Pathfinder), Mars/spirit (Spirit), Mars/opportunity (Opportunity), Mars/phoenix (Phoenix), Mars/curiosity (Curiosity), Mars/insight (InSight), Mars/perseverance (Perseverance), Mars/zhurong (Zhurong), Mars/olympus-mons (Olympus Mons).\n"),
        Case(arguments: ["call", "London, GB", "Sidney", "--at", "2026-01-01T12:00:00Z"], status: 0,
             english: "note: \"Sidney\" is taken as Sydney, AU (Australia/Sydney), population 5,638,830, which is also called that; Sidney, US (20,858) is spelled so: type \"Sidney, US\" for it.\n"),
        Case(arguments: ["call", "London, GB", "Midway", "--at", "2026-01-01T12:00:00Z"], status: 2,
             english: "timedeck: \"Midway\" could be Midway, US (America/Chicago); or the tz zone Pacific/Midway. Say which: \"Midway, US\" or Pacific/Midway.\n"),
        Case(arguments: ["call", "London, GB", "India", "--at", "2026-01-01T12:00:00Z"], status: 0,
             english: "note: \"India\" is India (country code IN); using its zone Asia/Kolkata.\n"),
        Case(arguments: ["call", "London, GB", "China", "--at", "2026-01-01T12:00:00Z"], status: 0,
             english: "note: \"China\" is China (country code CN); most of it keeps the clock of Asia/Shanghai, used here; not Asia/Urumqi: name a city there for those.\n"),
        Case(arguments: ["call", "London, GB", "Brazil", "--at", "2026-01-01T12:00:00Z"], status: 2,
             english: "timedeck: \"Brazil\" is Brazil (country code BR), which keeps several clocks: America/Sao_Paulo, America/Fortaleza, America/Bahia, America/Recife, America/Belem, America/Maceio, America/Manaus, America/Cuiaba, America/Campo_Grande, America/Porto_Velho, America/Santarem, America/Araguaina, America/Rio_Branco, America/Boa_Vista, America/Eirunepe, America/Noronha. Name a city there or one of these zones.\n"),
        Case(arguments: ["call", "London, GB", "Armenia", "--at", "2026-01-01T12:00:00Z"], status: 0,
             english: "note: \"Armenia\" is Armenia (country code AM); using its zone Asia/Yerevan.\nnote: \"Armenia\" is also Armenia, CO (America/Bogota); give \"Armenia, CO\" for it.\n"),
        Case(arguments: ["call", "London, GB", "Georgia", "--at", "2026-01-01T12:00:00Z"], status: 2,
             english: "timedeck: \"Georgia\" could be Georgia (country code GE) (Asia/Tbilisi); or the state Georgia, US (America/New_York). Say which: Asia/Tbilisi or America/New_York.\n"),
        Case(arguments: ["call", "London, GB", "Sydnee", "--at", "2026-01-01T12:00:00Z"], status: 2,
             english: "timedeck: no place is named \"Sydnee\"; it only begins or is spelled like Sydney, AU; Sydney, CA; Sydney Central Business District, AU; Sneek, NL; Synelnykove, UA. Did you mean one of them? Give its name as shown (e.g. \"Sydney, AU\"), a zone such as Europe/Paris, or an offset such as UTC+5:30; `timedeck places search` lists what matches.\n"),
        Case(arguments: ["call", "London, GB", "Zzqx", "--at", "2026-01-01T12:00:00Z"], status: 2,
             english: "timedeck: no place matches \"Zzqx\". Closest names: Zaxo, IQ; Zhuxi, CN; Zaqatala, AZ; Zhuxi, CN; Zhengzhou, CN. A place may be a city, a tz zone (Asia/Kolkata), an abbreviation (JST), an offset (UTC+5:30) or a Mars site (Mars/perseverance).\n"),
        Case(arguments: ["call", "London, GB", "Tahiti", "--at", "2026-01-01T12:00:00Z"], status: 0,
             english: "note: \"Tahiti\" is the island Tahiti, PF; using its zone Pacific/Tahiti.\n"),
        Case(arguments: ["call", "London, GB", "Calcutta", "--at", "2026-01-01T12:00:00Z"], status: 0,
             english: "note: \"Calcutta\" is taken as Kolkata, IN (Asia/Kolkata), population 4,631,392, which is also called that; Calcutta, ZA (35,864) is spelled so: type \"Calcutta, ZA\" for it.\n"),
        Case(arguments: ["places", "search", "Sydnee"], status: 0,
             english: "note: \"Sydnee\": no name matches exactly; using Sydney, AU (Australia/Sydney).\n"),
        Case(arguments: ["places", "search", "Asia/Kolkat"], status: 0,
             english: "note: \"Asia/Kolkat\" is the beginning of Asia/Kolkata; using it.\n"),
        Case(arguments: ["places", "search", "Lebanon"], status: 0,
             english: "note: \"Lebanon\" is Lebanon (country code LB); using its zone Asia/Beirut.\nnote: \"Lebanon\" is also Lebanon, US (America/Chicago); give \"Lebanon, US\" for it.\n"),
        Case(arguments: ["calls", "add", "Standup", "--at", "14:00", "London, GB", "Lond"], status: 2,
             english: "timedeck: no place is named \"Lond\"; it only begins or is spelled like London, GB; Londrina, BR; London, CA; Londonderry County Borough, GB; Londuimbali, AO. Did you mean one of them? Give its name as shown (e.g. \"London, GB\"), a zone such as Europe/Paris, or an offset such as UTC+5:30; `timedeck places search` lists what matches.\n"),
    ]

    @Test(arguments: cases)
    func englishIsExactlyAsBefore(_ c: Case) throws {
        for (language, environment) in [(nil, MarsLanguageTests.englishLocale), ("en", MarsLanguageTests.japaneseLocale)]
            as [(String?, [String: String])] {
            let out = try MarsLanguageTests.run(c.arguments, language: language, environment: environment)
            #expect(out.status == c.status)
            #expect(out.stderr == c.english, "\(language ?? "auto"):\n\(out.stderr)")
        }
    }

    /// With `display.language = ja` (or a Japanese locale and `auto`): the
    /// same status, each note on its own line in Japanese words.
    @Test(arguments: cases)
    func japaneseWithTheSameStatus(_ c: Case) throws {
        let chosen = try MarsLanguageTests.run(c.arguments, language: "ja", environment: MarsLanguageTests.englishLocale)
        let locale = try MarsLanguageTests.run(c.arguments, language: "auto", environment: MarsLanguageTests.japaneseLocale)
        #expect(chosen.status == c.status)
        #expect(chosen.stderr == locale.stderr)
        #expect(chosen.stderr.split(separator: "\n").count == c.english.split(separator: "\n").count, "\(chosen.stderr)")
        #expect(MarsLanguageTests.hasJapanese(chosen.stderr) && !chosen.stderr.contains("note: "), "\(chosen.stderr)")
        let plain = EnglishDetector.withoutPlaceNames(chosen.stderr)
        #expect(EnglishDetector.englishRun(plain) == nil, "English: \(EnglishDetector.englishRun(plain) ?? "")\n\(chosen.stderr)")
    }

    /// Tables and `--json` are the same in every language (only the notes on stderr change).
    @Test func stdoutIsTheSameInEveryLanguage() throws {
        // (`places search --json` shows each place's clock now, so it is left out: two runs may straddle a minute.)
        for arguments in [["call", "London, GB", "Bombay", "--at", "2026-01-01T12:00:00Z", "--json"],
                          ["call", "London, GB", "Armenia", "India", "--at", "2026-01-01T12:00:00Z", "--json"]] {
            let english = try MarsLanguageTests.run(arguments, language: nil, environment: MarsLanguageTests.englishLocale)
            let japanese = try MarsLanguageTests.run(arguments, language: "ja", environment: MarsLanguageTests.englishLocale)
            #expect(english.status == 0 && japanese.status == 0)
            #expect(!english.stdout.isEmpty && english.stdout == japanese.stdout, "\(arguments)")
            #expect(english.stderr != japanese.stderr)
        }
    }
}
