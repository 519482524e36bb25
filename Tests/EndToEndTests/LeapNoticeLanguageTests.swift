import Foundation
import Testing
import TestSupport

/// `mars`'s leap-second notice (issue 34 item 3) and its table mode (item 2):
/// the English pinned byte for byte from the binary before the notice went
/// through the catalog, then the same run in Japanese: the notice in Japanese
/// with the same numbers and path, the table identical (its header is all
/// abbreviations: UTC MSD MTC LMST LTST Ls MY Sol, the same in every language).
@Suite struct LeapNoticeLanguageTests {
    static let missingList = "/nonexistent/leap-seconds.list"
    static let table = ["mars", "--from", "2021-02-18T20:00:00Z", "--to", "2021-02-18T22:00:00Z", "--step", "1h", "--site", "Perseverance"]
    static let tableText = """
        UTC                       MSD           MTC       LMST      LTST      Ls        MY  Sol
        2021-02-18T20:00:00.000Z  52304.41735   10:00:59  15:10:47  14:32:51  5.630     36  0
        2021-02-18T21:00:00.000Z  52304.45791   10:59:23  16:09:11  15:31:16  5.650     36  0
        2021-02-18T22:00:00.000Z  52304.49846   11:57:46  17:07:34  16:29:40  5.671     36  0

        """
    static let englishNotice = "note: leap-second list not found at /nonexistent/leap-seconds.list; using 37 s (built-in table)"

    static func run(_ arguments: [String], language: String?, environment: [String: String]) throws -> TimedeckBinary.Result {
        try MarsLanguageTests.run(arguments, language: language,
                                  environment: environment.merging(["TIMEDECK_LEAP_SECONDS": missingList]) { $1 })
    }

    @Test func tableAndNoticeInEnglishAreAsBefore() throws {
        for (language, environment) in [(nil, MarsLanguageTests.englishLocale), ("en", MarsLanguageTests.japaneseLocale)]
            as [(String?, [String: String])] {
            let out = try Self.run(Self.table, language: language, environment: environment)
            #expect(out.status == 0)
            #expect(out.stdout == Self.tableText)
            #expect(out.stderr == Self.englishNotice + "\n")
        }
    }

    @Test func reportNoticeInEnglishIsAsBefore() throws {
        let out = try Self.run(["mars", "--at", "2021-02-18T20:55:00Z"], language: nil, environment: MarsLanguageTests.englishLocale)
        #expect(out.status == 0)
        #expect(out.stdout.hasSuffix("\n" + Self.englishNotice + "\n"))
        #expect(out.stderr == "")
        let json = try Self.run(["mars", "--at", "2021-02-18T20:55:00Z", "--json"], language: nil,
                                environment: MarsLanguageTests.englishLocale)
        #expect(json.stderr == Self.englishNotice + "\n")
    }

    @Test func noticeInJapaneseHasTheSameNumbersAndTheTableIsUnchanged() throws {
        for (language, environment) in [("ja", MarsLanguageTests.englishLocale), (nil, MarsLanguageTests.japaneseLocale)]
            as [(String?, [String: String])] {
            let out = try Self.run(Self.table, language: language, environment: environment)
            #expect(out.status == 0)
            #expect(out.stdout == Self.tableText)
            #expect(out.stderr == "注意: うるう秒の一覧が /nonexistent/leap-seconds.list にありません。TAI − UTC = 37 秒を使います（組み込みの表）\n")
            let report = try Self.run(["mars", "--at", "2021-02-18T20:55:00Z"], language: language, environment: environment)
            #expect(report.status == 0)
            #expect(!report.stdout.contains("note: leap-second list"))
            #expect(report.stdout.contains("うるう秒の一覧が /nonexistent/leap-seconds.list にありません。TAI − UTC = 37 秒"))
        }
    }
}
