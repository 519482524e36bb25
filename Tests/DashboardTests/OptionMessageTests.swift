import Dashboard
import Testing
import TestSupport
import TimeKit

/// The position refusals, the sight conditions and `call`'s notes in the
/// catalog: the English is TimeKit's sentence (what the commands printed
/// before), the Japanese is Japanese words around the same names, numbers,
/// positions and times, for every case.
@Suite struct OptionMessageTests {
    static func withoutNames(_ text: String) -> String { EnglishDetector.withoutPlaceNames(text) }

    static func isJapanese(_ ja: String, english en: String) -> Bool {
        ja != en && ja.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) }
            && !EnglishDetector.hasEnglishSentence(withoutNames(ja))
    }

    @Test(arguments: PositionProblem.samples)
    func everyPositionProblemHasJapanese(_ problem: PositionProblem) {
        let error = GeoPosition.ParseError(input: "40N", problem: problem)
        let en = UILanguage.en.text(.positionRefused(error, source: "--dr"))
        let ja = UILanguage.ja.text(.positionRefused(error, source: "--dr"))
        #expect(en == "--dr: " + error.description)
        #expect(en.contains(problem.english))
        #expect(ja.hasPrefix("--dr: 位置「40N」を読めません: "))
        #expect(Self.isJapanese(ja, english: en), "\(EnglishDetector.englishRun(Self.withoutNames(ja)) ?? ""): \(ja)")
    }

    @Test(arguments: SightConditionRefusal.samples)
    func everySightConditionHasJapanese(_ refusal: SightConditionRefusal) {
        let en = UILanguage.en.text(.sightConditionRefused(refusal))
        let ja = UILanguage.ja.text(.sightConditionRefused(refusal))
        #expect(en == refusal.option + ": " + refusal.english)
        #expect(ja.hasPrefix(refusal.option + ": ") && ja.contains(refusal.valueText))
        #expect(Self.isJapanese(ja, english: en), "\(EnglishDetector.englishRun(ja) ?? ""): \(ja)")
    }

    @Test(arguments: CallNote.samples)
    func everyCallNoteHasJapanese(_ note: CallNote) {
        let en = UILanguage.en.text(.callNote(note)), ja = UILanguage.ja.text(.callNote(note))
        #expect(en == note.english)
        #expect(Self.isJapanese(ja, english: en), "\(EnglishDetector.englishRun(Self.withoutNames(ja)) ?? ""): \(ja)")
        #expect(UILanguage.en.text(.callNoteLine(note)) == "note: " + en)
        #expect(UILanguage.ja.text(.callNoteLine(note)) == "注意: " + ja)
    }

    /// The refusals without a TimeKit value: the typed text is in both, in 「」 in Japanese.
    @Test func sightShapeHereAndLocalHaveJapanese() {
        for message in [CommandMessage.sightShape(number: 2, text: "Vega 43"), .hereNeedsPosition,
                        .localNotAZone(query: "Local", zone: "UTC")] {
            let en = UILanguage.en.text(message), ja = UILanguage.ja.text(message)
            #expect(Self.isJapanese(ja, english: en), "\(EnglishDetector.englishRun(Self.withoutNames(ja)) ?? ""): \(ja)")
        }
        #expect(UILanguage.ja.text(.sightShape(number: 2, text: "Vega 43")).hasPrefix("--sight 2「Vega 43」"))
        #expect(UILanguage.ja.text(.localNotAZone(query: "Local", zone: "UTC")).hasPrefix("「Local」"))
    }
}
