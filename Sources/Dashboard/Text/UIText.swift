import TimeKit

/// Every fixed piece of interface text, as a typed key. Text with
/// arguments (counts, names, paths) is a `UIMessage`.
///
/// Each case has its English here and its Japanese in
/// `UIText+Japanese.swift`; both are exhaustive `switch`es, so a new case
/// does not compile until it has every language. Code asks
/// `language.text(.quit)` and measures and lays out what comes back: text is
/// translated before layout, never patched into a composed line.
public enum UIText: CaseIterable, Hashable, Sendable {
    // MARK: Key help (the keymap's help column)
    case keyShowHelp, keyTellTime, keySnapshot, keySettings, keyQuit, keyQuitTimedeck
    case keyFocusNext, keyFocusPrevious
    case keyPreviousSetting, keyNextSetting, keyNextChoice, keyPreviousChoice, keyCloseSettings
    case keyCloseHelp, keyScrollUp, keyScrollDown, keyPageUp, keyPageDown, keyRecordMarkTyping
    case keyRecordMark, keyNewerMark, keyOlderMark, keyFiveNewer, keyFiveOlder, keyNewestMark, keyOldestMark
    case keyEditNote, keyDeleteMark, keyUndoMarks, keyClearMarks, keyToggleBell, keyToggleFlash, keyDismissNotSaved
    case keyLongitudeFineEast, keyLongitudeFineWest, keyLongitudeCoarseEast, keyLongitudeCoarseWest
    case keyNextSite, keyToggleAdvanced
    case keyCallLater, keyCallEarlier, keyCallHourLater, keyCallHourEarlier, keyToggleNow
    case keyOptimizeEarliest, keyOptimizeLatest, keyOptimizeBest, keyUndoTimeChange
    case keyToggleRing, keyToggleClockFormat, keyToggleMotion, keyEditCall, keyNewCall, keyNextCall, keyPreviousCall
    case keyEditUp, keyEditDown, keyEditAdd, keyEditChange, keyEditRemove, keyEditMoveUp, keyEditMoveDown
    case keyEditMakeSource, keyEditRename, keyEditDuration, keyEditReminder, keyEditPeople, keyEditDelete
    case keyEditConfirmDelete, keyEditKeep, keyEditAccept, keyEditCancel
    case keyGoTo

    // MARK: Help overlay
    case helpTitle, helpEverywhere, helpCallEditor, helpInSettings, helpInHelp
    case helpMore, helpBack, helpClose

    // MARK: Header, status bar, small terminal
    case local, hintHelp, hintPanel, hintQuit, hintMark, quitsHint

    // MARK: Settings overlay
    case settingsTitle
    case settingsHint

    // MARK: Plain mode
    case plainGreeting, plainKeys, plainEndOfKeys, plainHelpClosed, plainSettingsOpen, plainSettingsClosed, plainGoodbye, plainProblem, plainWarning

    // MARK: Marks panel
    case marksTitle, marksEmpty, marksHint, marksNoteHint, marksClearHint, markHeld, markNotStoredYet, heldMarksStored, noteJournaled
    case noMarkToAnnotate, noMarkToDelete, nothingToUndo, noMarksToClear, noteNotChanged
    case noPosition, noGPSFix, stalePosition, watch

    // MARK: Calls panel
    case goToPrompt, goToHint, goToCancelled
    case noCalls, newCallName, noDuration, newCallTitle, editingTitle, sourcePlace, marsLMST, marsPlace
    case editorKeys, editorKeysMore, editorFieldKeys, editorNumberFieldKeys, editorDeleteKeys, promptName, promptDuration, promptReminder, promptPeople, promptAddPlace, promptChangeTo, noMatchYet
    case matchGuess, matchOtherName, matchHere
    case callNeedsPlace, callNeedsName, marsCannotBeSource, durationRange, reminderUnreadable, noPlaceMatches, changesDropped
    case backToScheduled, nowPressNAgain, earliestRule, latestRule, noGoodTime, reducedMotionOn, handsSweep
    case bad, endsBad, dstShort, now, am, pm

    // MARK: Calls: plain mode's call editor
    case plainCallKept, plainFieldClosed, plainSource, plainEmpty, plainNoMatchYet
    case plainFieldName, plainFieldDuration, plainFieldReminder, plainFieldPeople, plainFieldSearch

    // MARK: Mars panel
    case keyToggleAllSites, keyGoToSol, allSitesHint, marsGoToHint, goToExample, missionColumn, moreSites
    case callsHint
    case marsSitesUnavailable, advancedFieldsOn, mars, marsHint, sol, missionSolShort, marsYear, marsYearShort, at, site, missionSol, northernShort, subsolar, declination
    case owltShort, seenOnEarthNow, solarConjunctionShort, sunShort, sunriseIn, sunsetIn, polarDay, polarNight
    case plainSunriseAtSite, plainSunsetAtSite
    case keyCyclePicture, marsPictureSunclock, marsPictureOrbit, marsPictureSolarPath, marsPictureNeedsEphemeris
    case marsPictureNeedsSite, marsPictureClosed, marsPictureDay, marsPictureNight, marsPictureNow, marsPictureNoon
    case marsPictureEarth, marsPictureEarthMars
    case northernSpring, northernSummer, northernAutumn, northernWinter, spring, summer, autumn, winter

    // MARK: Sights panel
    // MARK: Weather panel
    case keyWeatherFocus, keyWeatherEnable, keyWeatherSpan, weather, weatherHint, weatherLegend
    case weatherRingHour, weatherRing12h, weatherRing12hOnly, weatherNoData, weatherDryHour, weatherDry12h, weatherNoPosition
    case weatherCardHour, weatherCard12h, weatherCardDry, weatherCardLight, weatherCardModerate, weatherCardHeavy

    case keyEnterSight, keyRemoveSight, keyUndoSightRemoval, keyWriteSheet, sightsSheetNoFix, sights, sightsHint, sightEntryHint, sightNeedsMark, sightMarkNotStored, sightNeedsAltitude
    case sightsAlmanacMissing, sightsNeedTwo, sightsNeedDeadReckoning
    case sightsNoConvergence, sightsNoSingleCulprit, sightsAgreeCheckClock

    // MARK: Periods of the day (TimeKit's DayPeriod)
    case periodBeforeDawn, periodBreakfast, periodMorning, periodLunch, periodAfternoon, periodDinner, periodLateNight

    /// The text in English.
    var english: String {
        switch self {
        case .keyShowHelp: "Show this help"
        case .keyTellTime: "Say the time (plain mode)"
        case .keySnapshot: "Save a snapshot of the screen and data"
        case .keySettings: "Settings (saved to the config file)"
        case .keyQuit: "Quit"
        case .keyQuitTimedeck: "Quit timedeck"
        case .keyFocusNext: "Focus the next panel"
        case .keyFocusPrevious: "Focus the previous panel"
        case .keyPreviousSetting: "Previous setting"
        case .keyNextSetting: "Next setting"
        case .keyNextChoice: "Next choice (saved at once)"
        case .keyPreviousChoice: "Previous choice (saved at once)"
        case .keyCloseSettings: "Close the settings"
        case .keyCloseHelp: "Close the help"
        case .keyScrollUp: "Scroll up"
        case .keyScrollDown: "Scroll down"
        case .keyPageUp: "A page up"
        case .keyPageDown: "A page down"
        case .keyRecordMarkTyping: "Record a mark, also while typing in a field"
        case .keyRecordMark: "Record a mark (exact UTC instant)"
        case .keyNewerMark: "Select the newer mark"
        case .keyOlderMark: "Select the older mark"
        case .keyFiveNewer: "A page of newer marks"
        case .keyFiveOlder: "A page of older marks"
        case .keyNewestMark: "Newest mark"
        case .keyOldestMark: "Oldest mark"
        case .keyEditNote: "Add or edit the selected mark's note"
        case .keyDeleteMark: "Delete the selected mark (u undoes)"
        case .keyUndoMarks: "Undo the last delete, clear or note edit"
        case .keyClearMarks: "Clear all marks (asks first; u undoes)"
        case .keyToggleBell: "Bell on/off for new marks"
        case .keyToggleFlash: "Flash on/off for new marks"
        case .keyDismissNotSaved: "Dismiss the list of marks NOT saved or stamped late"
        case .keyLongitudeFineEast: "Longitude 0.1° east"
        case .keyLongitudeFineWest: "Longitude 0.1° west"
        case .keyLongitudeCoarseEast: "Longitude 10° east"
        case .keyLongitudeCoarseWest: "Longitude 10° west"
        case .keyNextSite: "Next site in the library"
        case .keyToggleAdvanced: "Advanced fields on/off"
        case .keyToggleAllSites: "Every site's LMST, LTST and sols / one site"
        case .keyGoToSol: "Go to a sol and local time (moves the call planner)"
        case .allSitesHint: "v one site · g go to sol"
        case .marsGoToHint: "Enter go · Esc cancel"
        case .goToExample: "e.g. 1700 13:00 or 1700 06:30:00 ltst"
        case .missionColumn: "Mission"
        case .moreSites: "more sites: make the panel taller"
        case .keyCallLater: "Call 15 minutes later"
        case .keyCallEarlier: "Call 15 minutes earlier"
        case .keyCallHourLater: "Call an hour later"
        case .keyCallHourEarlier: "Call an hour earlier"
        case .keyToggleNow: "Jump to now; again: back to the scheduled time"
        case .keyOptimizeEarliest: "Earliest: westernmost place at 07:00"
        case .keyOptimizeLatest: "Latest: easternmost place at 22:00"
        case .keyOptimizeBest: "Best time in the next 24 hours"
        case .keyUndoTimeChange: "Undo the last time change"
        case .keyToggleRing: "Clock ring: next 12 hours / next 60 minutes"
        case .keyToggleClockFormat: "12- or 24-hour times"
        case .keyToggleMotion: "Reduced motion (no hand sweep) on/off"
        case .keyEditCall: "Edit this call"
        case .keyNewCall: "New call"
        case .keyNextCall: "Next call (older)"
        case .keyPreviousCall: "Previous call (newer)"
        case .keyEditUp: "Select the place above (or the result above)"
        case .keyEditDown: "Select the place below (or the result below)"
        case .keyEditAdd: "Add a place (search as you type)"
        case .keyEditChange: "Change the selected place"
        case .keyEditRemove: "Remove the selected place"
        case .keyEditMoveUp: "Move the selected place up"
        case .keyEditMoveDown: "Move the selected place down"
        case .keyEditMakeSource: "Make the selected place the source"
        case .keyEditRename: "Rename the call"
        case .keyEditDuration: "Set the duration (minutes)"
        case .keyEditReminder: "Set the reminder (10m, 1h, off; empty: calls.remind)"
        case .keyEditPeople: "Names of people at the selected place"
        case .keyEditDelete: "Delete this call (asks first)"
        case .keyEditConfirmDelete: "Yes, delete (after D)"
        case .keyEditKeep: "No, keep it (after D)"
        case .keyEditAccept: "Accept the field; with none open, save the call"
        case .keyEditCancel: "Close the field; with none open, drop every change"
        case .keyGoTo: "Go to a date and time (2027-03-15 14:00, tomorrow 09:00, +3d)"
        case .helpTitle: "Keys"
        case .helpEverywhere: "Everywhere"
        case .helpCallEditor: "Editing a call (Enter on the calls panel)"
        case .helpInSettings: "In the settings (o)"
        case .helpInHelp: "In this help"
        case .helpMore: "↓/PgDn more · Esc close"
        case .helpBack: "PgUp/↑ back · Esc close"
        case .helpClose: "Esc close"
        case .local: "Local"
        case .hintHelp: "help"
        case .hintPanel: "panel"
        case .hintQuit: "quit"
        case .hintMark: "mark"
        case .quitsHint: "q quits."
        case .settingsTitle: "Settings"
        case .settingsHint: "←→ change · ↑↓ select · Esc close · saved at once"
        case .plainGreeting: "timedeck (plain mode). Press ? for keys, t for the time, q to quit."
        case .plainKeys: "Keys:"
        case .plainEndOfKeys: "End of keys. Escape closes."
        case .plainHelpClosed: "Help closed."
        case .plainSettingsOpen: "Settings open: arrows change the selected setting (saved at once); Escape closes."
        case .plainSettingsClosed: "Settings closed."
        case .plainGoodbye: "Goodbye."
        case .plainProblem: "Problem: "
        case .plainWarning: "Warning: "
        case .marksTitle: "Marks"
        case .marksEmpty: "No marks yet: press Space to record the exact UTC instant."
        case .marksHint: "Space mark · ↑↓ select · n note · d delete · u undo · C clear · b bell · f flash"
        case .marksNoteHint: "Enter saves · Esc cancels · Ctrl-Space marks"
        case .markHeld: "held"
        case .markNotStoredYet: "That mark is not stored yet: wait until it shows its number."
        case .noteJournaled: "Note saved in the journal (database busy)."
        case .heldMarksStored: "Held marks are now stored in the database."
        case .marksClearHint: "y deletes (u undoes) · any other key keeps them"
        case .noMarkToAnnotate: "No mark to annotate: press Space to record one."
        case .noMarkToDelete: "No mark to delete."
        case .nothingToUndo: "Nothing to undo."
        case .noMarksToClear: "No marks to clear."
        case .noteNotChanged: "Note not changed."
        case .noPosition: "no position"
        case .noGPSFix: "no GPS fix"
        case .stalePosition: "STALE"
        case .watch: "watch"
        case .noCalls: "No calls. Press N for a new call."
        case .newCallName: "New call"
        case .goToPrompt: "Go to: "
        case .goToHint: "Enter go · Esc keep"
        case .goToCancelled: "Time kept."
        case .noDuration: "no duration"
        case .newCallTitle: "✎ NEW CALL"
        case .editingTitle: "✎ EDITING"
        case .sourcePlace: "source"
        case .marsLMST: "Mars (LMST)"
        case .marsPlace: "Mars"
        case .editorKeys: "a add  c change  x remove  J/K move  s make source  D delete call"
        case .editorKeysMore: "r rename  t duration  m reminder  P people  Enter save  Esc cancel"
        case .editorFieldKeys: "Enter accept  Esc close field  Ctrl-Space mark"
        case .editorNumberFieldKeys: "Enter accept  Esc close field  Space mark"
        case .editorDeleteKeys: "y delete · n or Esc keep"
        case .promptName: "Name"
        case .promptDuration: "Duration (minutes, empty for none)"
        case .promptReminder: "Remind before the start (10m, 1h, off; empty for the default)"
        case .promptPeople: "People at this place"
        case .promptAddPlace: "Add place"
        case .promptChangeTo: "Change to"
        case .noMatchYet: "no match yet: keep typing, or try a zone such as Europe/Paris"
        case .matchGuess: "guess, not exact"
        case .matchOtherName: "by another name"
        case .matchHere: "nearest your position"
        case .callNeedsPlace: "A call needs at least one place."
        case .callNeedsName: "A call needs a name."
        case .marsCannotBeSource: "A Mars site can join a call but not be its source (it has no time zone)."
        case .durationRange: "Duration is 1 to 1440 minutes."
        case .reminderUnreadable: "A reminder is a time before the start such as 10m, 1h or 1h30m (at most 7d), or off."
        case .noPlaceMatches: "No place matches; keep typing."
        case .changesDropped: "Changes dropped."
        case .backToScheduled: "Back to the scheduled time."
        case .nowPressNAgain: "Now. Press n again to go back."
        case .earliestRule: "Earliest: the westernmost place at 07:00 (TimeToCall's rule)."
        case .latestRule: "Latest: the easternmost place at 22:00 (TimeToCall's rule)."
        case .noGoodTime: "No time in the next 24 h avoids before dawn for everyone; this is the least bad."
        case .reducedMotionOn: "Reduced motion: hands jump."
        case .handsSweep: "Hands sweep to new times."
        case .bad: "✗ BAD"
        case .endsBad: "✗ ENDS BAD"
        case .dstShort: "⚠ DST"
        case .now: "now"
        case .am: "AM"
        case .pm: "PM"
        case .plainCallKept: "Call kept."
        case .plainFieldClosed: "Field closed."
        case .plainSource: "(source)"
        case .plainEmpty: "(empty)"
        case .plainNoMatchYet: "No match yet: keep typing, or try a zone such as Europe/Paris."
        case .plainFieldName: "Call name"
        case .plainFieldDuration: "Duration in minutes"
        case .plainFieldReminder: "Reminder before the start"
        case .plainFieldPeople: "People at this place"
        case .plainFieldSearch: "Place search"
        case .marsSitesUnavailable: "Mars site list unavailable; set TIMEDECK_RESOURCES to the Resources folder"
        case .advancedFieldsOn: "Advanced fields on."
        case .mars: "Mars"
        case .marsHint: "←→/hl longitude · HL 10° · s site · a more"
        case .callsHint: "← → 15 min · H L hour · Enter edit · N new · b best · g go to · [ ] calls"
        case .sol: "Sol"
        case .missionSolShort: "sol"
        case .marsYear: "Mars Year"
        case .marsYearShort: "MY"
        case .at: "at"
        case .site: "Site"
        case .missionSol: "mission sol"
        case .northernShort: "N"
        case .subsolar: "subsolar"
        case .declination: "Decl"
        case .owltShort: "OWLT"
        case .seenOnEarthNow: "seen on Earth now: Mars at"
        case .solarConjunctionShort: "solar conjunction"
        case .sunShort: "Sun"
        case .sunriseIn: "sunrise in"
        case .sunsetIn: "sunset in"
        case .polarDay: "polar day"
        case .polarNight: "polar night"
        case .plainSunriseAtSite: "Sunrise on Mars at"
        case .plainSunsetAtSite: "Sunset on Mars at"
        case .keyCyclePicture: "Picture: sunclock, orbit, solar path, off"
        case .marsPictureSunclock: "Sunclock"
        case .marsPictureOrbit: "Orbits"
        case .marsPictureSolarPath: "Solar path"
        case .marsPictureNeedsEphemeris: "needs the almanac ephemeris (reinstall timedeck)"
        case .marsPictureNeedsSite: "choose a site with s (a longitude alone has no latitude)"
        case .marsPictureClosed: "Mars picture closed"
        case .marsPictureDay: "day"
        case .marsPictureNight: "night"
        case .marsPictureNow: "now"
        case .marsPictureNoon: "noon"
        case .marsPictureEarth: "Earth"
        case .marsPictureEarthMars: "Earth–Mars"
        case .northernSpring: "northern spring"
        case .northernSummer: "northern summer"
        case .northernAutumn: "northern autumn"
        case .northernWinter: "northern winter"
        case .spring: "spring"
        case .summer: "summer"
        case .autumn: "autumn"
        case .winter: "winter"
        case .periodBeforeDawn: "before dawn"
        case .periodBreakfast: "breakfast"
        case .periodMorning: "morning"
        case .periodLunch: "lunch"
        case .periodAfternoon: "afternoon"
        case .periodDinner: "dinner"
        case .periodLateNight: "late night"
        case .keyEnterSight: "Enter a sight (body, Hs) for the selected mark"
        case .keyRemoveSight: "Remove the selected mark's sight (the mark stays)"
        case .keyUndoSightRemoval: "Put back the sight last removed"
        case .keyWriteSheet: "Write the fix (or line of position) on a plotting sheet (SVG)"
        case .sightsSheetNoFix: "No fix yet: take sights first (a plotting sheet needs a fix or a line of position)."
        case .sights: "Sights"
        case .sightsHint: "s sight for the selected mark"
        case .sightEntryHint: "Tab completes · Enter stores · Esc cancels"
        case .sightNeedsMark: "No mark selected: Esc, record one with Space, then press s."
        case .sightMarkNotStored: "This mark is not in the database yet: press Enter again once it shows its number (Esc cancels)."
        case .sightNeedsAltitude: "Type the body, a comma and Hs, e.g. Vega, 43 23.8"
        case .sightsAlmanacMissing: "Almanac not loaded: set TIMEDECK_RESOURCES to the Resources folder"
        case .sightsNeedTwo: "Two sights of bodies at different bearings make a fix."
        case .sightsNeedDeadReckoning: "No DR: set sights.dr or marks.position, or connect gpsd"
        case .sightsNoConvergence: "No fix: the lines of position do not meet near the DR"
        case .sightsNoSingleCulprit: "No single sight explains it: check every sight, the clock and the DR"
        case .sightsAgreeCheckClock: "The sights agree with each other: check the clock, the date and the DR"
        case .keyWeatherFocus: "Show the weather panel (its precipitation ring)"
        case .keyWeatherEnable: "Turn weather on or off (on sends your position to weather.url)"
        case .keyWeatherSpan: "Ring: next 60 minutes or next 12 hours"
        case .weather: "Weather"
        case .weatherHint: "h 60 min / 12 h · e off"
        case .weatherLegend: "⠁ dry  ⠉ light <2.5  ⠛ moderate <7.6  ⠿ heavy ≥7.6 mm/h"
        case .weatherRingHour: "ring: next 60 min (h: 12 h)"
        case .weatherRing12h: "ring: next 12 h (h: 60 min)"
        case .weatherRing12hOnly: "ring: next 12 h (no 15-minute forecast here)"
        case .weatherNoData: "no precipitation values for this span"
        case .weatherDryHour: "no rain in the next 60 min"
        case .weatherDry12h: "no rain in the next 12 h"
        case .weatherNoPosition: "No position: set weather.position or marks.position, or connect gpsd"
        case .weatherCardHour: "ring: next 60 min from now"
        case .weatherCard12h: "ring: next 12 h from now"
        case .weatherCardDry: "dry"
        case .weatherCardLight: "light <2.5"
        case .weatherCardModerate: "moderate <7.6"
        case .weatherCardHeavy: "heavy ≥7.6 mm/h"
        }
    }
}

extension UIText {
    /// The name of a period of the day.
    public static func period(_ p: DayPeriod) -> UIText {
        switch p {
        case .beforeDawn: .periodBeforeDawn
        case .breakfast: .periodBreakfast
        case .morning: .periodMorning
        case .lunch: .periodLunch
        case .afternoon: .periodAfternoon
        case .dinner: .periodDinner
        case .lateNight: .periodLateNight
        }
    }

    /// A Mars season's bare name (after `northernShort` in compact rows).
    public static func seasonName(_ s: MarsSeason) -> UIText {
        switch s {
        case .spring: .spring
        case .summer: .summer
        case .autumn: .autumn
        case .winter: .winter
        }
    }

    /// A Mars season, named for the northern hemisphere.
    public static func season(_ s: MarsSeason) -> UIText {
        switch s {
        case .spring: .northernSpring
        case .summer: .northernSummer
        case .autumn: .northernAutumn
        case .winter: .northernWinter
        }
    }
}
