import Foundation
import Dashboard
import TimeKit

// The catalog's messages by kind, for the tests that walk every message in
// every language (CatalogTests, EnglishDetector). Test support: the product
// never needs them.

extension UIMessage {
    /// One key per case, without arguments (see `sample(_:)`).
    public enum Kind: CaseIterable, Sendable {
        case verbatim, text, command, panelSection, panelSectionIdle, snapshotSaved, savedTo, settingNotSaved, snapshotNotSaved, configUnusable, configHasProblems, localZoneProblem, enlargeTerminal, focusPanel, dateWithWeekday, settingValue
        case noteFor, confirmClear, newestLoaded, marksToggles, watchCorrection, bellForNewMarks, flashForNewMarks
        case keptAllMarks, notesAreAtMost, markNotSaved, heldInJournal, stampedAfterStop, storeReadOnly, storeFileChanged, journalLinesQuarantined, noteSaved, markDeleted, markRestored, marksRestored
        case marksCleared, storeError, callNotSaved, callsUnreadable, marsChoicesNotSaved, markRecorded, teamStatus, teamRefused, teamStationShared, teamMarkArrived, typeNote, typedNote, confirmClearSpoken
        case clockSynced, clockNotSynchronized, clockUnknown, gpsOffset, gpsdConnecting, gpsdUnavailable, gpsdNoReport
        case gpsdFix, positionFixed, positionGPSD, positionStale, noGPSFixGPSD, fixAge, fixAgeUnknown
        case unknownMarsSite, marsChoicesNotRemembered, marsSiteNameTaken, marsCallMoved, marsGoToUnreadable
        case marsGoToBeforeMission, marsGoToOutsideCalls, marsGoToNotOnSol, marsGoToField, leapListMissing, leapListUnreadable, leapListExpired
        case plainCall, plainCallRow, plainMarsCallRow, plainMars
        case plainEditorOpened, plainEditorClosed, plainPlaces, plainPlaceAdded, plainPlaceRemoved, plainPlaceMoved
        case plainPlaceChanged, plainPlaceSelected, plainCallName, plainDuration, plainReminder, plainPeople, plainAskDelete
        case themeForcedMono
        case plainPickerOpened, plainTyped, plainResults, plainResultChosen, plainResultPlace, plainFieldOpened
        case matchOldZoneName, matchMarsAlias
        case minutes, callOf, deleteCallQuestion, callFrom, callSaved, storeWritesWaiting, storeWritesSaved, callDeleted, bestInNext24Hours, leastBadTime, clocksChange, marsSol, morePlaces
        case callStartsIn, nextCallIn, reminderLabel, cannotReadTime, movedTo, movedToSkipped, movedToRepeated
        case sightUnknownBody, sightLookingAmongBrighterStars, sightsBrighterStarsUnreadable, sightBadAltitude, sightBelowHorizon, sightStoring, sightStored, sightMarkGone, sightNotStored, sightCannotReduce, sightsSpread, sightsDisagree, sightsFix, sightsDeadReckoning, sightsDayAhead, sightIntercept, sightEntryField, plainKeyTyped, plainKeyErased, sightCompletions, plainSight, plainFix
        case sightRemoved, sightNoneToRemove, sightsSheetWritten, sightsSheetNotWritten, sightsPoorCut, sightsCirclesApart, sightsFarFromDeadReckoning, sightsDisagreeBy, sightsCandidates, sightsFromDeadReckoning, sightsOneLine, sightsClockDoubt, sightsRoundLeftOut
        case weatherOff, weatherAsking, weatherRainFrom, weatherRainNow, weatherAge, weatherStale, weatherNoForecast, weatherForecastFor, weatherFallsFrom, weatherFallsNow
        case weatherWind, weatherChance, weatherHighLow, weatherSun
    }

    public var kind: Kind {
        switch self {
        case .verbatim: .verbatim
        case .text: .text
        case .command: .command
        case .panelSection: .panelSection
        case .panelSectionIdle: .panelSectionIdle
        case .snapshotSaved: .snapshotSaved
        case .savedTo: .savedTo
        case .settingNotSaved: .settingNotSaved
        case .snapshotNotSaved: .snapshotNotSaved
        case .configUnusable: .configUnusable
        case .configHasProblems: .configHasProblems
        case .localZoneProblem: .localZoneProblem
        case .enlargeTerminal: .enlargeTerminal
        case .focusPanel: .focusPanel
        case .dateWithWeekday: .dateWithWeekday
        case .settingValue: .settingValue
        case .noteFor: .noteFor
        case .confirmClear: .confirmClear
        case .newestLoaded: .newestLoaded
        case .marksToggles: .marksToggles
        case .watchCorrection: .watchCorrection
        case .bellForNewMarks: .bellForNewMarks
        case .flashForNewMarks: .flashForNewMarks
        case .keptAllMarks: .keptAllMarks
        case .notesAreAtMost: .notesAreAtMost
        case .markNotSaved: .markNotSaved
        case .heldInJournal: .heldInJournal
        case .stampedAfterStop: .stampedAfterStop
        case .teamStationShared: .teamStationShared
        case .storeWritesWaiting: .storeWritesWaiting
        case .storeWritesSaved: .storeWritesSaved
        case .journalLinesQuarantined: .journalLinesQuarantined
        case .storeFileChanged: .storeFileChanged
        case .storeReadOnly: .storeReadOnly
        case .teamRefused: .teamRefused
        case .noteSaved: .noteSaved
        case .markDeleted: .markDeleted
        case .markRestored: .markRestored
        case .marksRestored: .marksRestored
        case .marksCleared: .marksCleared
        case .storeError: .storeError
        case .callNotSaved: .callNotSaved
        case .callsUnreadable: .callsUnreadable
        case .marsChoicesNotSaved: .marsChoicesNotSaved
        case .markRecorded: .markRecorded
        case .teamStatus: .teamStatus
        case .teamMarkArrived: .teamMarkArrived
        case .typeNote: .typeNote
        case .typedNote: .typedNote
        case .confirmClearSpoken: .confirmClearSpoken
        case .clockSynced: .clockSynced
        case .clockNotSynchronized: .clockNotSynchronized
        case .clockUnknown: .clockUnknown
        case .gpsOffset: .gpsOffset
        case .gpsdConnecting: .gpsdConnecting
        case .gpsdUnavailable: .gpsdUnavailable
        case .gpsdNoReport: .gpsdNoReport
        case .gpsdFix: .gpsdFix
        case .positionFixed: .positionFixed
        case .positionGPSD: .positionGPSD
        case .positionStale: .positionStale
        case .noGPSFixGPSD: .noGPSFixGPSD
        case .fixAge: .fixAge
        case .fixAgeUnknown: .fixAgeUnknown
        case .minutes: .minutes
        case .callOf: .callOf
        case .deleteCallQuestion: .deleteCallQuestion
        case .callFrom: .callFrom
        case .callSaved: .callSaved
        case .callDeleted: .callDeleted
        case .bestInNext24Hours: .bestInNext24Hours
        case .leastBadTime: .leastBadTime
        case .clocksChange: .clocksChange
        case .marsSol: .marsSol
        case .morePlaces: .morePlaces
        case .callStartsIn: .callStartsIn
        case .nextCallIn: .nextCallIn
        case .reminderLabel: .reminderLabel
        case .cannotReadTime: .cannotReadTime
        case .movedTo: .movedTo
        case .movedToSkipped: .movedToSkipped
        case .movedToRepeated: .movedToRepeated
        case .plainCall: .plainCall
        case .plainCallRow: .plainCallRow
        case .plainMarsCallRow: .plainMarsCallRow
        case .plainMars: .plainMars
        case .plainEditorOpened: .plainEditorOpened
        case .plainEditorClosed: .plainEditorClosed
        case .plainPlaces: .plainPlaces
        case .plainPlaceAdded: .plainPlaceAdded
        case .plainPlaceRemoved: .plainPlaceRemoved
        case .plainPlaceMoved: .plainPlaceMoved
        case .plainPlaceChanged: .plainPlaceChanged
        case .plainPlaceSelected: .plainPlaceSelected
        case .plainCallName: .plainCallName
        case .plainDuration: .plainDuration
        case .plainReminder: .plainReminder
        case .plainPeople: .plainPeople
        case .plainAskDelete: .plainAskDelete
        case .plainPickerOpened: .plainPickerOpened
        case .plainTyped: .plainTyped
        case .themeForcedMono: .themeForcedMono
        case .plainResults: .plainResults
        case .plainResultChosen: .plainResultChosen
        case .plainResultPlace: .plainResultPlace
        case .matchOldZoneName: .matchOldZoneName
        case .matchMarsAlias: .matchMarsAlias
        case .plainFieldOpened: .plainFieldOpened
        case .unknownMarsSite: .unknownMarsSite
        case .marsChoicesNotRemembered: .marsChoicesNotRemembered
        case .marsSiteNameTaken: .marsSiteNameTaken
        case .marsCallMoved: .marsCallMoved
        case .marsGoToUnreadable: .marsGoToUnreadable
        case .marsGoToBeforeMission: .marsGoToBeforeMission
        case .marsGoToOutsideCalls: .marsGoToOutsideCalls
        case .marsGoToNotOnSol: .marsGoToNotOnSol
        case .marsGoToField: .marsGoToField
        case .leapListMissing: .leapListMissing
        case .leapListUnreadable: .leapListUnreadable
        case .leapListExpired: .leapListExpired
        case .sightUnknownBody: .sightUnknownBody
        case .sightLookingAmongBrighterStars: .sightLookingAmongBrighterStars
        case .sightsBrighterStarsUnreadable: .sightsBrighterStarsUnreadable
        case .sightBadAltitude: .sightBadAltitude
        case .sightBelowHorizon: .sightBelowHorizon
        case .sightStoring: .sightStoring
        case .sightStored: .sightStored
        case .sightMarkGone: .sightMarkGone
        case .sightNotStored: .sightNotStored
        case .sightCannotReduce: .sightCannotReduce
        case .sightsSpread: .sightsSpread
        case .sightsDisagree: .sightsDisagree
        case .sightsPoorCut: .sightsPoorCut
        case .sightRemoved: .sightRemoved
        case .sightNoneToRemove: .sightNoneToRemove
        case .sightsSheetWritten: .sightsSheetWritten
        case .sightsSheetNotWritten: .sightsSheetNotWritten
        case .sightsCirclesApart: .sightsCirclesApart
        case .sightsFarFromDeadReckoning: .sightsFarFromDeadReckoning
        case .sightsDisagreeBy: .sightsDisagreeBy
        case .sightsCandidates: .sightsCandidates
        case .sightsFromDeadReckoning: .sightsFromDeadReckoning
        case .sightsOneLine: .sightsOneLine
        case .sightsClockDoubt: .sightsClockDoubt
        case .sightsRoundLeftOut: .sightsRoundLeftOut
        case .sightsFix: .sightsFix
        case .sightsDeadReckoning: .sightsDeadReckoning
        case .sightsDayAhead: .sightsDayAhead
        case .sightIntercept: .sightIntercept
        case .sightEntryField: .sightEntryField
        case .plainKeyTyped: .plainKeyTyped
        case .plainKeyErased: .plainKeyErased
        case .sightCompletions: .sightCompletions
        case .plainSight: .plainSight
        case .plainFix: .plainFix
        case .weatherOff: .weatherOff
        case .weatherAsking: .weatherAsking
        case .weatherRainFrom: .weatherRainFrom
        case .weatherRainNow: .weatherRainNow
        case .weatherAge: .weatherAge
        case .weatherStale: .weatherStale
        case .weatherNoForecast: .weatherNoForecast
        case .weatherForecastFor: .weatherForecastFor
        case .weatherFallsFrom: .weatherFallsFrom
        case .weatherFallsNow: .weatherFallsNow
        case .weatherWind: .weatherWind
        case .weatherChance: .weatherChance
        case .weatherHighLow: .weatherHighLow
        case .weatherSun: .weatherSun
        }
    }

    /// Example messages of `kind`, with arguments that exercise each branch
    /// (panels, on/off, one/many), for coverage tests.
    public static func samples(_ kind: Kind) -> [UIMessage] {
        switch kind {
        case .verbatim: [.verbatim("SQLITE_FULL")]
        case .text: [.text(.nothingToUndo)]
        case .command: CommandMessage.Kind.allCases.flatMap(CommandMessage.samples).map(UIMessage.command)
        case .panelSection: PanelID.allCases.map(UIMessage.panelSection)
        case .panelSectionIdle: PanelID.allCases.map(UIMessage.panelSectionIdle)
        case .snapshotSaved: [.snapshotSaved(path: "/d/s.txt", copied: true), .snapshotSaved(path: "/d/s.txt", copied: false)]
        case .settingNotSaved: [.settingNotSaved(.configHasProblems(path: "/c/config.toml", detail: "line 3: display.clock: expected a string")),
                                .settingNotSaved(.settingRefused(key: "mars.site", value: "Nowhere", detail: "no Mars site is named \"Nowhere\"")),
                                .settingNotSaved(.cannotWrite(path: "/c/config.toml", reason: "Permission denied"))]
        case .snapshotNotSaved: [.snapshotNotSaved(.cannotWrite(path: "/d/snapshots", reason: "No space left on device"))]
        case .configUnusable: [.configUnusable(path: "/c/config.toml", problem: "is not UTF-8", advice: "save it as UTF-8")]
        case .configHasProblems: [.configHasProblems(path: "/c/config.toml", problems: ["line 3: display.clock: expected a string"]),
                                  .configHasProblems(path: "/c/config.toml", problems: ["line 3: a", "line 4: b"])]
        case .localZoneProblem: [.localZoneProblem(.countsLeapSeconds(tz: "right/Europe/Paris", seconds: 27)),
                                 .localZoneProblem(.unknownZone(tz: "Mars/Olympus"))]
        case .savedTo: [.savedTo(path: "/c/config.toml")]
        case .enlargeTerminal: [.enlargeTerminal(minimum: "40×10", now: "30×8")]
        case .focusPanel: PanelID.allCases.map(UIMessage.focusPanel)
        case .dateWithWeekday: [.dateWithWeekday(date: "2026-11-21", weekday: "Sat")]
        case .settingValue: [.settingValue(title: DisplayKeys.theme.overlayTitle ?? BilingualText(en: "Theme", ja: "テーマ"), value: "mission")]
        case .noteFor: [.noteFor(id: 3), .noteFor(id: nil)]
        case .confirmClear: [.confirmClear(count: 1), .confirmClear(count: 4)]
        case .newestLoaded: [.newestLoaded(count: 500)]
        case .marksToggles: [.marksToggles(bell: true, flash: false), .marksToggles(bell: false, flash: true)]
        case .watchCorrection: [.watchCorrection("−0.300 s")]
        case .bellForNewMarks: [.bellForNewMarks(on: true), .bellForNewMarks(on: false)]
        case .flashForNewMarks: [.flashForNewMarks(on: true, heldOff: false), .flashForNewMarks(on: false, heldOff: false),
                                 .flashForNewMarks(on: true, heldOff: true)]
        case .keptAllMarks: [.keptAllMarks(count: 4)]
        case .notesAreAtMost: [.notesAreAtMost(characters: 500)]
        case .markNotSaved: [.markNotSaved(reason: .failed("SQLITE_FULL"), markTime: "21d 23h 47m 12.000s", iso: "2026-11-21T23:47:12.000Z")]
        case .stampedAfterStop: [.stampedAfterStop(markTime: "21d 23h 47m 12.000s", count: 1, seconds: 4),
                                 .stampedAfterStop(markTime: "21d 23h 47m 12.000s", count: 3, seconds: 12)]
        case .teamStationShared: [.teamStationShared(station: "south", marks: 1, example: "#1 21d 23h 47m 12.000s"),
                                  .teamStationShared(station: "south", marks: 4, example: "#3 21d 23h 47m 12.000s")]
        case .storeWritesWaiting: [.storeWritesWaiting]
        case .storeWritesSaved: [.storeWritesSaved(count: 1), .storeWritesSaved(count: 3)]
        case .storeReadOnly: [.storeReadOnly(path: "/data/timedeck.sqlite", journalWritable: true,
                                             advice: "chmod u+w /data/timedeck.sqlite, or set TIMEDECK_HOME to a folder of your own"),
                              .storeReadOnly(path: "/data/timedeck.sqlite", journalWritable: false,
                                             advice: "chmod u+w /data, or set TIMEDECK_HOME to a folder of your own")]
        case .storeFileChanged: [.storeFileChanged(deleted: true, path: "/data/timedeck.sqlite"),
                                 .storeFileChanged(deleted: false, path: "/data/timedeck.sqlite")]
        case .journalLinesQuarantined: [.journalLinesQuarantined(count: 1, path: "/data/timedeck.sqlite.pending-marks.rejected"),
                                        .journalLinesQuarantined(count: 3, path: "/data/timedeck.sqlite.pending-marks.rejected")]
        case .teamRefused: [.teamRefused(count: 1), .teamRefused(count: 3)]
        case .heldInJournal: [.heldInJournal(markTime: "21d 23h 47m 12.000s", more: 0, reason: .busy),
                              .heldInJournal(markTime: "21d 23h 47m 12.000s", more: 2, reason: .noDatabase)]
        case .noteSaved: [.noteSaved(id: 2)]
        case .markDeleted: [.markDeleted(id: 2, markTime: "21d 23h 47m 12.000s"), .markDeleted(id: nil, markTime: "21d 23h 47m 12.000s")]
        case .markRestored: [.markRestored(id: 2)]
        case .marksRestored: [.marksRestored(count: 4)]
        case .marksCleared: [.marksCleared(count: 4)]
        case .storeError: [.storeError(.failed("SQLITE_FULL")), .storeError(.markGone(id: 3))]
        case .callNotSaved: [.callNotSaved(.busy), .callNotSaved(.failed("disk I/O error"))]
        case .callsUnreadable: [.callsUnreadable(.noDatabase), .callsUnreadable(.busy)]
        case .marsChoicesNotSaved: [.marsChoicesNotSaved(.busy)]
        case .teamStatus: [.teamStatus(online: true, toSend: 0), .teamStatus(online: true, toSend: 2),
                           .teamStatus(online: false, toSend: 5)]
        case .teamMarkArrived: [.teamMarkArrived(station: "north", markTime: "21d 23h 47m 12.000s", iso: "2026-11-21T23:47:12.000Z")]
        case .markRecorded:
            [.markRecorded(id: 2, markTime: "21d 23h 47m 12.000s", iso: "2026-11-21T23:47:12.000Z", position: "27° 28'.02 S  153° 22'.84 E")]
        case .typeNote: [.typeNote(id: 2, current: "Sun LL"), .typeNote(id: nil, current: "")]
        case .typedNote: [.typedNote("Sun LL"), .typedNote("")]
        case .confirmClearSpoken: [.confirmClearSpoken(count: 4)]
        case .clockSynced: [.clockSynced(error: "2.0 ms")]
        case .clockNotSynchronized: [.clockNotSynchronized]
        case .clockUnknown: [.clockUnknown]
        case .gpsOffset: [.gpsOffset("−0.3 ms", method: .pps), .gpsOffset("+12 ms", method: .toff), .gpsOffset("+80 ms", method: .tpv)]
        case .gpsdConnecting: [.gpsdConnecting(address: "127.0.0.1:2947")]
        case .gpsdUnavailable: [.gpsdUnavailable(address: "127.0.0.1:2947", reason: "ECONNREFUSED")]
        case .gpsdNoReport: [.gpsdNoReport(address: "127.0.0.1:2947")]
        case .gpsdFix: [.gpsdFix(address: "127.0.0.1:2947", mode: 3, satellites: 9), .gpsdFix(address: "127.0.0.1:2947", mode: 1, satellites: nil)]
        case .positionFixed: [.positionFixed("27° 28'.02 S  153° 22'.84 E")]
        case .positionGPSD: [.positionGPSD("27° 28'.02 S  153° 22'.84 E", mode: 3, age: "0.4 s old")]
        case .positionStale: [.positionStale("27° 28'.02 S  153° 22'.84 E", mode: 1, age: "12.0 s old")]
        case .noGPSFixGPSD: [.noGPSFixGPSD]
        case .fixAge: [.fixAge(seconds: "0.4 s", afterMark: false), .fixAge(seconds: "0.4 s", afterMark: true)]
        case .fixAgeUnknown: [.fixAgeUnknown]
        case .minutes: [.minutes(60)]
        case .callOf: [.callOf(index: 1, count: 3)]
        case .deleteCallQuestion: [.deleteCallQuestion(name: "Standup")]
        case .callFrom: [.callFrom(place: "Paris")]
        case .callSaved: [.callSaved(name: "Standup")]
        case .callDeleted: [.callDeleted(name: "Standup")]
        case .leastBadTime: [.leastBadTime(places: ["London", "Tokyo"], minutes: [15, 5])]
        case .bestInNext24Hours: [.bestInNext24Hours(good: 2, of: 3)]
        case .clocksChange: [.clocksChange(weekday: "Sun", date: "2026-03-08", minutes: 60),
                             .clocksChange(weekday: "Sun", date: "2026-11-01", minutes: -60)]
        case .marsSol: [.marsSol(sol: 52300, clock: "14:05")]
        case .morePlaces: [.morePlaces(1), .morePlaces(12)]
        case .callStartsIn: [.callStartsIn(name: "Standup", minutes: 10, times: "14:00 London · 23:00 Tokyo"),
                             .callStartsIn(name: "Standup", minutes: 0, times: "")]
        case .reminderLabel: [.reminderLabel(minutes: 10, isDefault: true), .reminderLabel(minutes: 90, isDefault: false),
                              .reminderLabel(minutes: nil, isDefault: false)]
        case .nextCallIn: [.nextCallIn(name: "Standup", minutes: 23), .nextCallIn(name: "Standup", minutes: 1500),
                           .nextCallIn(name: "Standup", minutes: 0)]
        case .cannotReadTime: [.cannotReadTime("next tuesday")]
        case .movedTo: [.movedTo(local: "2027-03-15 14:00", place: "Paris")]
        case .movedToSkipped: [.movedToSkipped(local: "2027-03-28 03:30")]
        case .movedToRepeated: [.movedToRepeated(local: "2027-10-31 02:30")]
        case .plainCall: [.plainCall(name: "Standup", at: "2026-11-22T00:47:12Z", rows: "東京, JP: 日 09:47 UTC+09:00, 午前")]
        case .plainMarsCallRow: [.plainMarsCallRow(place: "Perseverance (Mars)", sol: 2049, clock: "13:38", period: .periodAfternoon, bad: false)]
        case .plainCallRow: [.plainCallRow(place: "Tokyo, JP", weekday: "Sun", time: "09:47", dayOffset: 0, offset: "UTC+09:00",
                                           period: .periodMorning, bad: false),
                             .plainCallRow(place: "London, GB", weekday: "Sun", time: "00:47", dayOffset: -1, offset: "UTC+00:00",
                                           period: .periodBeforeDawn, bad: true)]
        case .plainMars: [.plainMars(site: "Perseverance", longitude: "77.5°E", lmst: "12:33:03", ltst: "12:15:52", missionSol: 58),
                          .plainMars(site: nil, longitude: "0.0°", lmst: "12:33:03", ltst: "12:15:52", missionSol: nil)]
        case .plainEditorOpened: [.plainEditorOpened(name: "Team", isNew: false, places: ["London, GB", "Tokyo, JP"]),
                                  .plainEditorOpened(name: "New call", isNew: true, places: ["London, GB"])]
        case .plainEditorClosed: [.plainEditorClosed(name: "Team")]
        case .plainPlaces: [.plainPlaces(["London, GB", "Tokyo, JP", "Jezero (Mars)"])]
        case .plainPlaceAdded: [.plainPlaceAdded(place: "Paris, FR", position: 2, count: 3)]
        case .plainPlaceRemoved: [.plainPlaceRemoved(place: "Paris, FR", left: 1), .plainPlaceRemoved(place: "Paris, FR", left: 2)]
        case .plainPlaceMoved: [.plainPlaceMoved(place: "Paris, FR", position: 1), .plainPlaceMoved(place: "Paris, FR", position: 3)]
        case .plainPlaceChanged: [.plainPlaceChanged(from: "Paris, FR", to: "Tokyo, JP")]
        case .plainPlaceSelected: [.plainPlaceSelected(place: "London, GB", position: 1, count: 3, people: "Ana, Ben"),
                                   .plainPlaceSelected(place: "Tokyo, JP", position: 2, count: 3, people: "")]
        case .plainCallName: [.plainCallName("Standup")]
        case .plainDuration: [.plainDuration(minutes: 1), .plainDuration(minutes: 45), .plainDuration(minutes: nil)]
        case .plainReminder: [.plainReminder(minutes: 10, isDefault: true), .plainReminder(minutes: 90, isDefault: false),
                              .plainReminder(minutes: nil, isDefault: false), .plainReminder(minutes: nil, isDefault: true)]
        case .plainPeople: [.plainPeople(place: "Tokyo, JP", people: "Aki"), .plainPeople(place: "Tokyo, JP", people: "")]
        case .plainAskDelete: [.plainAskDelete(name: "Standup")]
        case .plainPickerOpened: [.plainPickerOpened(replacing: false, query: ""), .plainPickerOpened(replacing: true, query: "Par")]
        case .plainTyped: [.plainTyped("Paris"), .plainTyped(""), .plainTyped("to "), .plainTyped("to  ")]
        case .themeForcedMono: [.themeForcedMono(saved: "mission")]
        case .plainResults: [.plainResults(count: 1, shown: ["Paris, FR (Europe/Paris)"]),
                             .plainResults(count: 5, shown: ["Paris, FR (Europe/Paris)", "Paris, US (America/Chicago)",
                                                             "Jezero (Mars) (Mars, LMST)"])]
        case .plainResultChosen: [.plainResultChosen(place: "Paris, FR (Europe/Paris)", position: 2, count: 5)]
        case .plainResultPlace: [.plainResultPlace(label: "Paris, FR", zone: "Europe/Paris", match: nil),
                                 .plainResultPlace(label: "Perseverance (Mars)", zone: nil, match: "Mars site, also called \"jezero\""),
                                 .plainResultPlace(label: "Sydney, AU", zone: "Australia/Sydney", match: "guess")]
        case .matchOldZoneName: [.matchOldZoneName("Asia/Calcutta")]
        case .matchMarsAlias: [.matchMarsAlias("jezero")]
        case .plainFieldOpened: [.plainFieldOpened(field: .plainFieldName, text: "Team"), .plainFieldOpened(field: .plainFieldDuration, text: ""),
                                 .plainFieldOpened(field: .plainFieldPeople, text: "Aki"), .plainFieldOpened(field: .plainFieldSearch, text: "")]
        case .unknownMarsSite: [.unknownMarsSite(name: "jezro", suggestions: "Perseverance, Ingenuity")]
        case .marsChoicesNotRemembered: [.marsChoicesNotRemembered(error: "SQLITE_CANTOPEN")]
        case .marsSiteNameTaken: [.marsSiteNameTaken(site: "Gale", taken: "Curiosity")]
        case .marsCallMoved: [.marsCallMoved(sol: 1700, time: "13:00:00 LMST", place: "Perseverance", utc: "2025-12-01T11:24:11Z")]
        case .marsGoToUnreadable: [.marsGoToUnreadable(typed: "17OO 1pm")]
        case .marsGoToBeforeMission: [.marsGoToBeforeMission(site: "Opportunity", firstSol: 1)]
        case .marsGoToOutsideCalls: [.marsGoToOutsideCalls(sol: 1, year: 1873)]
        case .marsGoToNotOnSol: [.marsGoToNotOnSol(time: "00:10:00 LTST", sol: 1700)]
        case .marsGoToField: [.marsGoToField(text: "1700 13:00"), .marsGoToField(text: "")]
        case .leapListMissing: [.leapListMissing(path: "/x/leap-seconds.list", seconds: 37, builtIn: true)]
        case .leapListUnreadable: [.leapListUnreadable(path: "/x/leap-seconds.list", reason: "EACCES", seconds: 37, builtIn: true)]
        case .leapListExpired: [.leapListExpired(day: "2026-06-28", seconds: 37, builtIn: false),
                                .leapListExpired(day: "2026-06-28", seconds: 37, builtIn: true)]
        case .sightUnknownBody: [.sightUnknownBody(typed: "Vegga", close: "Vega, Venus, Alkaid")]
        case .sightLookingAmongBrighterStars: [.sightLookingAmongBrighterStars(typed: "Alhena")]
        case .sightsBrighterStarsUnreadable:
            [.sightsBrighterStarsUnreadable(problem: "almanac-bright-stars.tsv: line 3 is not a star")]
        case .sightBadAltitude: [.sightBadAltitude(typed: "95 10.0")]
        case .sightBelowHorizon: [.sightBelowHorizon(body: "Sirius", altitude: "-23.4°")]
        case .sightStoring: [.sightStoring(id: 12, body: "Sun LL")]
        case .sightStored: [.sightStored(id: 12, body: "Kaus Australis")]
        case .sightMarkGone: [.sightMarkGone(id: 12)]
        case .sightNotStored: [.sightNotStored(id: 12, .busy)]
        case .sightCannotReduce: [.sightCannotReduce(body: "Vega")]
        case .sightsSpread: [.sightsSpread(rms: "0.40", ellipse: nil, axis: nil),
                             .sightsSpread(rms: "0.40", ellipse: "0.61 × 0.32", axis: "045°")]
        case .sightsDisagree: [.sightsDisagree(body: "Vega", miles: "5.2")]
        case .sightsPoorCut: [.sightsPoorCut(degrees: "8°", least: "15°")]
        case .sightRemoved: [.sightRemoved(id: 21, body: "Vega")]
        case .sightNoneToRemove: [.sightNoneToRemove(id: 21), .sightNoneToRemove(id: nil)]
        case .sightsSheetWritten: [.sightsSheetWritten(path: "/home/ann/.local/share/timedeck/sheets/sheet-20240320T233000Z.svg", fix: true, lines: 3),
                                   .sightsSheetWritten(path: "/tmp/sheet.svg", fix: false, lines: 1)]
        case .sightsSheetNotWritten: [.sightsSheetNotWritten(.cannotWrite(path: "/home/ann/.local/share/timedeck/sheets", reason: "Permission denied"))]
        case .sightsCirclesApart: [.sightsCirclesApart(miles: "640")]
        case .sightsFarFromDeadReckoning: [.sightsFarFromDeadReckoning(miles: "760", bearing: "213°", limit: "60")]
        case .sightsDisagreeBy: [.sightsDisagreeBy(miles: "10.2", limit: "3")]
        case .sightsCandidates: [.sightsCandidates(bodies: "Vega (#1), Arcturus (#2), Deneb (#3)")]
        case .sightsFromDeadReckoning: [.sightsFromDeadReckoning(miles: "12.3", bearing: "045°")]
        case .sightsOneLine: [.sightsOneLine(through: "40° 14'.88 N  049° 59'.36 W", direction: "035°–215°")]
        case .sightsClockDoubt: [.sightsClockDoubt(seconds: "16", arcminutes: "4.0", miles: "3.1"),
                                 .sightsClockDoubt(seconds: nil, arcminutes: "0.0", miles: "0.0")]
        case .sightsRoundLeftOut: [.sightsRoundLeftOut(used: 8, total: 10)]
        case .sightsFix: [.sightsFix(position: "40° 13'.96 N  049° 58'.09 W")]
        case .sightsDeadReckoning: [.sightsDeadReckoning(position: "40° 10'.00 N  050° 15'.00 W", source: "sights.dr")]
        case .sightsDayAhead: [.sightsDayAhead(morning: "08:55", noon: "15:28", evening: "22:02"),
                               .sightsDayAhead(morning: nil, noon: "10:58", evening: nil)]
        case .sightIntercept: [.sightIntercept(miles: "4.2", toward: true, azimuth: "045°"),
                               .sightIntercept(miles: "0.3", toward: false, azimuth: "270°")]
        case .plainKeyTyped: [.plainKeyTyped(" ")]
        case .plainKeyErased: [.plainKeyErased("a"), .plainKeyErased(" ")]
        case .sightEntryField: [.sightEntryField(id: 12, held: false, text: "Vega, 43 23.8"), .sightEntryField(id: 3, held: false, text: ""),
                                .sightEntryField(id: nil, held: true, text: "Vega"), .sightEntryField(id: nil, held: false, text: "dq")]
        case .sightCompletions: [.sightCompletions(names: "Sun LL, Sun UL, Suhail")]
        case .plainSight: [.plainSight(id: 12, body: "Vega", miles: "4.2", toward: true, azimuth: "045°"),
                           .plainSight(id: 13, body: "Sun LL", miles: "0.3", toward: false, azimuth: "180°")]
        case .plainFix: [.plainFix(position: "40° 13'.96 N  049° 58'.09 W")]
        case .weatherOff: [.weatherOff(host: "api.open-meteo.com")]
        case .weatherAsking: [.weatherAsking(host: "api.open-meteo.com")]
        case .weatherRainFrom: [.weatherRainFrom(time: "14:15", minutes: 30, peak: "4.8")]
        case .weatherRainNow: [.weatherRainNow(until: "15:00", peak: "0.8")]
        case .weatherAge: [.weatherAge(minutes: 3), .weatherAge(minutes: 180)]
        case .weatherStale: Self.weatherProblems.map { .weatherStale(minutes: 42, problem: $0) }
        case .weatherNoForecast: Self.weatherProblems.map { .weatherNoForecast(problem: $0) }
        case .weatherForecastFor: [.weatherForecastFor(place: "52° 31'.20 N  013° 24'.60 E", kilometres: 12)]
        case .weatherFallsFrom: [.weatherFallsFrom(kind: .snow, time: "14:15", minutes: 20, peak: "2.4"),
                                 .weatherFallsFrom(kind: .mixed, time: "14:15", minutes: 90, peak: "4.8")]
        case .weatherFallsNow: [.weatherFallsNow(kind: .showers, until: "15:00", peak: "0.8")]
        case .weatherWind: [.weatherWind(degrees: 45, speed: 12, gusts: 25, knots: false),
                            .weatherWind(degrees: nil, speed: 7, gusts: nil, knots: true),
                            .weatherWind(degrees: 350, speed: nil, gusts: nil, knots: true)]
        case .weatherChance: [.weatherChance(percent: 40)]
        case .weatherHighLow: [.weatherHighLow(high: "9.1 °C", low: "-2.3 °C")]
        case .weatherSun: [.weatherSun(rise: "07:58", set: "16:58"), .weatherSun(rise: nil, set: "01:10")]
        }
    }
}

extension UIMessage {
    /// One of each forecast problem, for the weather messages' samples.
    static let weatherProblems: [WeatherProblem] = [
        .timedOut(seconds: 10), .unreachable("Connection refused"), .httpStatus(502, reason: nil),
        .httpStatus(400, reason: "Latitude must be in range of -90 to 90°."), .tooLarge(bytes: 5_000_000),
        .malformed("not JSON"), .serverRefused(reason: "Cannot initialize WeatherVariable from invalid String value"),
        .missingField("hourly"), .unequalLengths(block: "hourly"), .badValue("hourly.precipitation -1.0 mm"),
        .otherPlace(kilometres: 878), .notUTC(offsetSeconds: 3600), .unexpectedUnits("inch"),
        .allInPast(last: Date(timeIntervalSince1970: 1_795_701_600)), .noPosition,
        .addressRefused(url: "https://user:***@h.example/", reason: "the URL must not carry a user or password"),
        .tlsRefused(.expired), .tlsRefused(.notYetValid), .tlsRefused(.unknownAuthority), .tlsRefused(.wrongHost("127.0.0.1")),
        .tlsRefused(.caFileUnusable(path: "/etc/ssl/private-ca.pem", reason: "no such file")),
        .tlsRefused(.other("SSL connect error")),
    ]
}
