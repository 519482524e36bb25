import Dashboard
import Testing
import TestSupport
import TimeKit

/// The place resolver's notes and the place refusals in the catalog: the
/// English is what the commands printed before (`PlaceNote.description`),
/// the Japanese has every note in Japanese words; names (cities, zones,
/// abbreviations' names, regions) are the same in every language.
@Suite struct PlaceMessageTests {
    static func withoutNames(_ text: String) -> String { EnglishDetector.withoutPlaceNames(text) }

    @Test(arguments: PlaceNote.samples)
    func everyNoteHasJapanese(_ note: PlaceNote) {
        let en = UILanguage.en.text(.placeNote(note)), ja = UILanguage.ja.text(.placeNote(note))
        #expect(en == note.description)
        #expect(ja != en)
        #expect(!EnglishDetector.hasEnglishSentence(Self.withoutNames(ja)), "\(EnglishDetector.englishRun(Self.withoutNames(ja)) ?? ""): \(ja)")
        #expect(UILanguage.en.text(.placeNoteLine(note)) == "note: " + en)
        #expect(UILanguage.ja.text(.placeNoteLine(note)) == "注意: " + ja)
    }

    /// Every kind of region reads in Japanese words around its own name.
    @Test(arguments: PlaceNote.regions)
    func everyRegionKindHasJapanese(_ region: PlaceRegions.Region) {
        let note = PlaceNote.severalZones(region.name, region, zones: region.zones)
        let ja = UILanguage.ja.text(.placeNote(note))
        #expect(!ja.contains(region.described), "\(ja)")
        #expect(ja.contains(region.name))
    }

    @Test(arguments: PlaceRefusal.samples)
    func everyRefusalHasJapanese(_ refusal: PlaceRefusal) {
        let ja = UILanguage.ja.text(.placeRefused(refusal))
        #expect(ja != UILanguage.en.text(.placeRefused(refusal)))
        #expect(!EnglishDetector.hasEnglishSentence(Self.withoutNames(ja)), "\(EnglishDetector.englishRun(Self.withoutNames(ja)) ?? "")")
    }

    /// The typed name is in the note, in 「」 in Japanese.
    @Test func theTypedNameIsQuoted() {
        let note = PlaceNote.zoneLink(name: "ｘ<typed>", canonical: "America/Los_Angeles")
        #expect(UILanguage.en.text(.placeNote(note)).hasPrefix("\"ｘ<typed>\" is an old name"))
        #expect(UILanguage.ja.text(.placeNote(note)).hasPrefix("「ｘ<typed>」はゾーン America/Los_Angeles の古い名前"))
    }
}
