import Dashboard
import Testing
import TestSupport
import TimeKit

/// The shared parsers' refusals in the catalog: English is the parsers' own
/// text, Japanese has every reason, field and accepted form in Japanese
/// words with the typed text put in as it was typed.
@Suite struct InputMessageTests {
    static func error(_ reason: InputReason, field: InputField = .instant, accepted: InputAccepted = .instant) -> InputError {
        InputError(field: field, input: "ｘ<typed>", reason: reason, accepted: accepted)
    }

    @Test(arguments: InputReason.samples)
    func everyReasonHasJapanese(_ reason: InputReason) {
        let error = Self.error(reason)
        let en = UILanguage.en.text(.inputRefused(error, source: nil))
        let ja = UILanguage.ja.text(.inputRefused(error, source: nil))
        #expect(en == error.description)
        #expect(!ja.contains(reason.english), "\(reason) is English in Japanese: \(ja)")
        #expect(!EnglishDetector.hasEnglishSentence(ja), "\(EnglishDetector.englishRun(ja) ?? "")")
        #expect(ja.contains("「ｘ<typed>」"))
    }

    @Test(arguments: InputField.samples)
    func everyFieldHasJapanese(_ field: InputField) {
        let error = Self.error(.empty, field: field)
        let ja = UILanguage.ja.text(.inputRefused(error, source: nil))
        // Option names, LMST/LTST and Hs are written the same in every language.
        if [.altitudeOption, .marsTime(.mean), .marsTime(.solar), .altitude].contains(field) {
            #expect(ja.hasPrefix(field.english + "「"), "\(ja)")
        } else {
            #expect(!ja.contains(field.english), "\(field) is English in Japanese: \(ja)")
        }
        #expect(!EnglishDetector.hasEnglishSentence(ja), "\(EnglishDetector.englishRun(ja) ?? "")")
        #expect(UILanguage.en.text(.inputRefused(error, source: nil)).hasPrefix("invalid \(field.english) 'ｘ<typed>': "))
    }

    @Test(arguments: InputAccepted.allCases)
    func everyAcceptedFormHasJapanese(_ accepted: InputAccepted) {
        let error = Self.error(.empty, accepted: accepted)
        let ja = UILanguage.ja.text(.inputRefused(error, source: nil))
        #expect(!ja.contains(accepted.english))
        #expect(!EnglishDetector.hasEnglishSentence(ja), "\(EnglishDetector.englishRun(ja) ?? "")")
        #expect(UILanguage.en.text(.inputRefused(error, source: nil)).hasSuffix(". Accepted: " + accepted.english))
    }

    @Test func theSourceLeadsInEveryLanguage() {
        let error = Self.error(.noZone)
        #expect(UILanguage.en.text(.inputRefused(error, source: .option("--dr-at"))) == "--dr-at: " + error.description)
        #expect(UILanguage.en.text(.inputRefused(error, source: .sightTime(3))) == "time of sight 3: " + error.description)
        #expect(UILanguage.ja.text(.inputRefused(error, source: .option("--dr-at"))).hasPrefix("--dr-at: 時刻「ｘ<typed>」を読めません: "))
        #expect(UILanguage.ja.text(.inputRefused(error, source: .sightTime(3))).hasPrefix("天測 3 の時刻: 時刻「"))
    }
}
