import Foundation
import Testing
@testable import TimeKit

/// A bad key or line in the config sets aside only itself (issue 11): every
/// problem is reported, and every good key stays in force.
@Suite struct ConfigRecoveryTests {
    @Test func threeBadKeysInThreeTablesAreReportedAndEveryGoodKeyApplies() {
        let (s, problems) = Settings.parse("""
            [display]
            theme = "sunlight"
            clock = 12
            reduced_motion = true
            [marks]
            watch_error_seconds = 90
            position = "27 28.02 S 153 22.84 E"
            gpsd = "off"
            bell = false
            [mars]
            site = "Jezero"
            longitude = "east"
            """)
        #expect(problems.map(\.line) == [3, 6, 12])
        #expect(problems.map(\.key) == ["display.clock", "marks.watch_error_seconds", "mars.longitude"])
        #expect(problems.allSatisfy { !$0.advice.isEmpty })
        #expect(problems[1].description == "line 6: marks.watch_error_seconds: must be between -60 and 60 seconds, got 90.0; "
                + "correct the value or delete the line; until then the default, 0.0, is used")
        // The good keys, including the rest of [marks], are in force.
        #expect(s.theme == .sunlight && s.reducedMotion)
        #expect(s.fixedPosition == "27 28.02 S 153 22.84 E")
        #expect(s.gpsdAddress == nil && !s.bell)
        #expect(s.marsSite == "Jezero")
        // The bad keys are at their defaults.
        #expect(s.clock == .twentyFourHour && s.watchErrorSeconds == 0 && s.marsLongitudeEast == nil)
    }

    @Test func aLineThatCannotBeReadIsSkippedAlone() {
        let (s, problems) = Settings.parse("[marks]\nbell = nope\nposition = \"-33.8688, 151.2093\"\nflash = false\n")
        #expect(problems.count == 1)
        #expect(problems[0].line == 2 && problems[0].key == "marks.bell")
        #expect(problems[0].description.contains("this line is ignored"))
        #expect(s.bell && !s.flash && s.fixedPosition == "-33.8688, 151.2093")
    }

    @Test func keysUnderAnUnreadableHeaderAreIgnoredUntilTheNextGoodOne() {
        let (s, problems) = Settings.parse("[display\ntheme = \"mono\"\n[marks]\nbell = false\n")
        #expect(problems.count == 1)
        #expect(problems[0].line == 1 && problems[0].message.contains("up to the next [table], are ignored"))
        #expect(s.theme == .mission && !s.bell)
    }

    @Test func aRepeatedTableIsReportedAndItsKeysIgnored() {
        let (s, problems) = Settings.parse("[marks]\nbell = false\n[marks]\nflash = false\n")
        #expect(problems.count == 1 && problems[0].line == 3 && problems[0].message.contains("appears twice"))
        #expect(!s.bell && s.flash)
    }

    @Test func aKeySetTwiceKeepsTheFirst() {
        let (s, problems) = Settings.parse("[display]\ntheme = \"mono\"\ntheme = \"sunlight\"\n")
        #expect(problems.count == 1 && problems[0].line == 3 && problems[0].message.contains("the first one counts"))
        #expect(s.theme == .mono)
    }

    @Test func aMultiLineStringIsSkippedToItsEndSoItsTextIsNeverReadAsKeys() {
        let (s, problems) = Settings.parse("[display]\nnote = \"\"\"\ntheme = \"mono\"\n\"\"\"\nclock = \"12h\"\n")
        #expect(problems.map(\.line) == [2])
        #expect(s.theme == .mission && s.clock == .twelveHour)
        let (t, unclosed) = Settings.parse("[display]\nnote = '''\ntheme = \"mono\"\n")
        #expect(unclosed.count == 1 && unclosed[0].message.contains("rest of the file is ignored"))
        #expect(t.theme == .mission)
    }

    @Test func periodsOutOfOrderFallBackToTheStandardOnesAndKeepTheRest() {
        let (s, problems) = Settings.parse("[display]\nclock = \"12h\"\n[periods]\nlunch = \"08:00\"\n")
        #expect(problems.count == 1 && problems[0].message.contains("must increase"))
        #expect(s.periods == .standard && s.clock == .twelveHour)
    }

    @Test func inAppChangesAreCheckedLikeTheFile() throws {
        var s = Settings()
        try s.set("display", "clock", text: "12h")
        try s.set("marks", "flash", text: "false")
        #expect(s.clock == .twelveHour && !s.flash)
        #expect(throws: SettingKey.Invalid.self) { try s.set("display", "theme", text: "neon") }
        #expect(throws: SettingKey.Invalid.self) { try s.set("display", "colour", text: "red") }
        #expect(s.theme == .mission)
    }
}
