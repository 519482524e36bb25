import Foundation
import Testing
@testable import TimeKit

@Suite struct ConfigDocumentTests {
    @Test func readsTablesKeysAndEveryValueType() throws {
        let doc = try ConfigDocument(parsing: """
            # comment
            top = 1
            [display]
            theme = "sun\\"light" # trailing
            'quoted key' = 'lit\\eral'
            big = 1_000
            ratio = -2.5e3
            on = true
            list = [1, "two", false]
            """)
        #expect(doc.entry("", "top")?.value == .integer(1))
        #expect(doc.entry("display", "theme")?.value == .string("sun\"light"))
        #expect(doc.entry("display", "quoted key")?.value == .string("lit\\eral"))
        #expect(doc.entry("display", "big")?.value == .integer(1000))
        #expect(doc.entry("display", "ratio")?.value == .float(-2500))
        #expect(doc.entry("display", "on")?.value == .boolean(true))
        #expect(doc.entry("display", "list")?.value == .array([.integer(1), .string("two"), .boolean(false)]))
        #expect(doc.entry("display", "theme")?.line == 4)
    }

    @Test(arguments: [
        ("a = \"open", 1, "not closed"),
        ("[display]\nx = 1\nx = 2", 3, "set twice"),
        ("\n\nthis is not toml", 3, "expected '='"),
        ("a.b = 1", 1, "dotted keys"),
        ("[a.b]", 1, "nested tables"),
        ("a = {x = 1}", 1, "inline tables"),
        ("a = nope", 1, "strings need quotes"),
        ("a = 1 2", 1, "unexpected text"),
        ("a = [1, 2", 1, "closed on the same line"),
        ("a = \"\\q\"", 1, "unknown escape"),
        ("a = 1979-05-27", 1, "dates are not used"),
        ("[t]\n[t]", 2, "appears twice"),
        ("a = inf", 1, "finite number"),
    ])
    func reportsTheLineOfEachSyntaxError(text: String, line: Int, fragment: String) {
        #expect {
            _ = try ConfigDocument(parsing: text)
        } throws: { error in
            guard let e = error as? ConfigDocument.SyntaxError else { return false }
            return e.line == line && e.message.contains(fragment)
        }
    }

    @Test func settingRewritesTheLineInPlaceKeepingComments() throws {
        let text = "# my config\n[display]\n  theme = \"mission\"   # I like it\nclock = \"24h\"\n\n[marks]\nbell = true\n"
        let doc = try ConfigDocument(parsing: text).setting("display", "theme", to: .string("sunlight"))
        #expect(doc.text == "# my config\n[display]\n  theme = \"sunlight\"   # I like it\nclock = \"24h\"\n\n[marks]\nbell = true\n")
    }

    @Test func settingAddsAMissingKeyToItsTable() throws {
        let text = "[display]\ntheme = \"mission\"\n\n[marks]\nbell = true\n"
        let doc = try ConfigDocument(parsing: text).setting("display", "reduced_motion", to: .boolean(true))
        #expect(doc.text == "[display]\ntheme = \"mission\"\nreduced_motion = true\n\n[marks]\nbell = true\n")
    }

    @Test func settingAddsAMissingTableAtTheEnd() throws {
        let doc = try ConfigDocument(parsing: "# only a comment\n").setting("mars", "longitude", to: .float(137.4))
        #expect(doc.text == "# only a comment\n\n[mars]\nlongitude = 137.4\n")
        let empty = try ConfigDocument(parsing: "").setting("mars", "site", to: .string("Jezero"))
        #expect(empty.text == "[mars]\nsite = \"Jezero\"\n")
    }

    @Test func stringsRoundTripThroughEscapes() throws {
        let nasty = "a\"b\\c\nd\u{1B}e 東京"
        let doc = try ConfigDocument(parsing: "").setting("marks", "position", to: .string(nasty))
        let again = try ConfigDocument(parsing: doc.text)
        #expect(again.entry("marks", "position")?.value == .string(nasty))
    }
}

@Suite struct SettingsParsingTests {
    @Test func emptyTextGivesTheDefaults() {
        let (settings, problems) = Settings.parse("")
        #expect(settings == Settings())
        #expect(problems.isEmpty)
    }

    @Test func theTemplateParsesCleanlyToTheDefaults() {
        let (settings, problems) = Settings.parse(SettingKey.template)
        #expect(problems.isEmpty, "\(problems)")
        // mars.longitude is written `""` (none), so the template no longer
        // overrides the Mars panel's own longitude with 0.
        #expect(settings == Settings())
    }

    @Test func validKeysApply() {
        let (s, problems) = Settings.parse("""
            [display]
            theme = "sunlight"
            clock = "12h"
            reduced_motion = true
            [marks]
            watch_error_seconds = -1.5
            gpsd = "off"
            position = "27 28.02 S 153 22.84 E"
            [mars]
            longitude = 137
            site = "Gale"
            [periods]
            breakfast = "07:00"
            """)
        #expect(problems.isEmpty, "\(problems)")
        #expect(s.theme == .sunlight && s.clock == .twelveHour && s.reducedMotion)
        #expect(s.watchErrorSeconds == -1.5 && s.gpsdAddress == nil)
        #expect(s.fixedPosition == "27 28.02 S 153 22.84 E")
        #expect(s.marsLongitudeEast == 137 && s.marsSite == "Gale")
        #expect(s.periods.period(minuteOfDay: 6 * 60 + 30) == .beforeDawn)
        #expect(s.periods.period(minuteOfDay: 7 * 60) == .breakfast)
    }

    @Test func unknownKeysAndTablesAreProblemsWithLines() {
        let (_, problems) = Settings.parse("[display]\ncolour = \"red\"\n[sound]\nvolume = 3\n")
        #expect(problems.count == 2)
        #expect(problems[0].line == 2 && problems[0].message.contains("unknown key 'colour' in [display]"))
        #expect(problems[0].message.contains("theme"))
        #expect(problems[1].line == 4 && problems[1].message.contains("the tables are"))
    }

    @Test(arguments: [
        ("[display]\ntheme = \"neon\"", "is not one of"),
        ("[display]\nreduced_motion = \"yes\"", "expected true or false"),
        ("[marks]\nwatch_error_seconds = 90", "between -60 and 60"),
        ("[marks]\ngpsd = \"localhost\"", "host:port"),
        ("[mars]\nlongitude = 400", "between -180 and 360"),
        ("[periods]\nlunch = \"25:00\"", "HH:MM"),
        ("[periods]\nlunch = \"08:00\"", "must increase"),
    ])
    func badValuesSayWhatIsAccepted(text: String, fragment: String) {
        let (settings, problems) = Settings.parse(text)
        #expect(problems.count == 1)
        #expect(problems.first?.message.contains(fragment) == true, "\(problems)")
        #expect(problems.first?.line != nil)
        _ = settings
    }
}

/// Issue 28: a choice is read in any letter case (`Sunlight`, `12H` were
/// refused); anything that is no choice is still refused.
@Suite struct ChoiceCaseTests {
    @Test func choicesIgnoreLetterCase() throws {
        var s = Settings()
        try s.set("display", "clock", text: "12H")
        #expect(s.clock == .twelveHour)
        try s.set("display", "theme", text: "Sunlight")
        #expect(s.theme == .sunlight)
        try s.set("display", "language", text: "JA")
        #expect(s.language == .ja)
        #expect(throws: SettingKey.Invalid.self) { try s.set("display", "clock", text: "13h") }
    }
}
