import Foundation
import Testing
@testable import TimeKit

/// Reminders, "here", the `g` input's new forms and the optimizer's round trip (issue 14).
@Suite struct CallRemindersTests {
    let db: PlaceDatabase
    init() throws { db = try PlaceDatabase.bundled() }

    func zone(_ id: String) -> TimeZone { TimeZone(identifier: id)! }
    func utc(_ text: String) -> Date {
        guard case let .instant(d) = try! CallTimeInput.parse(text) else { fatalError(text) }
        return d
    }
    func call(id: Int64? = 1, start: String, reminder: CallReminder = .followSetting, remindedStart: Date? = nil) -> CallPlan {
        CallPlan(id: id, name: "Standup", participants: ["London, GB", "Tokyo"].map { CallParticipant(place: db.bestMatch($0)!.place) },
                 start: utc(start), durationMinutes: 30, createdAt: utc("2026-01-01T00:00:00Z"),
                 reminder: reminder, remindedStart: remindedStart)
    }

    // MARK: Reminder parsing

    @Test(arguments: [("10m", CallReminder.minutesBefore(10)), ("1h", .minutesBefore(60)), ("1h30m", .minutesBefore(90)),
                      ("45", .minutesBefore(45)), ("off", .off), (" OFF ", .off)])
    func remindersParse(_ text: String, _ expected: CallReminder) throws {
        #expect(try CallReminder.parse(text) == expected)
    }

    @Test(arguments: ["", "0", "10s", "90s", "8d", "soon", "-5m"])
    func badRemindersAreRefused(_ text: String) {
        #expect(throws: CallReminder.Invalid.self) { try CallReminder.parse(text) }
    }

    @Test func storedTextRoundTrips() {
        for r in [CallReminder.followSetting, .off, .minutesBefore(15)] {
            #expect(CallReminder(storedText: r.storedText) == r)
        }
    }

    @Test func configKeyReadsRemindAndOff() {
        #expect(Settings.parse("[calls]\nremind = \"1h\"\n").settings.callRemindMinutes == 60)
        #expect(Settings.parse("[calls]\nremind = \"off\"\n").settings.callRemindMinutes == nil)
        #expect(Settings().callRemindMinutes == 10)
        let bad = Settings.parse("[calls]\nremind = \"soon\"\n")
        #expect(bad.problems.count == 1)
        #expect(bad.settings.callRemindMinutes == 10)
    }

    // MARK: When a reminder is due

    @Test func dueFromTheReminderTimeUntilTheStart() {
        let calls = [call(start: "2026-03-15T14:00:00Z", reminder: .minutesBefore(10))]
        #expect(CallReminders.due(calls, now: utc("2026-03-15T13:49:59Z"), setting: nil).isEmpty)
        #expect(CallReminders.due(calls, now: utc("2026-03-15T13:50:00Z"), setting: nil) == [0])
        // A late start (opened after the reminder time, before the call) is due at once.
        #expect(CallReminders.due(calls, now: utc("2026-03-15T13:58:00Z"), setting: nil) == [0])
        #expect(CallReminders.due(calls, now: utc("2026-03-15T14:00:00Z"), setting: nil).isEmpty)
    }

    @Test func oncePerStartThenAgainWhenMoved() {
        let given = call(start: "2026-03-15T14:00:00Z", remindedStart: utc("2026-03-15T14:00:00Z"))
        #expect(CallReminders.due([given], now: utc("2026-03-15T13:55:00Z"), setting: 10).isEmpty)
        var moved = given
        moved.start = utc("2026-03-15T14:02:00Z")
        #expect(CallReminders.due([moved], now: utc("2026-03-15T13:55:00Z"), setting: 10) == [0])
    }

    @Test func theSettingOffAndUnsavedCallsDoNotRemind() {
        let now = utc("2026-03-15T13:55:00Z")
        #expect(CallReminders.due([call(start: "2026-03-15T14:00:00Z")], now: now, setting: nil).isEmpty)
        #expect(CallReminders.due([call(start: "2026-03-15T14:00:00Z")], now: now, setting: 10) == [0])
        #expect(CallReminders.due([call(start: "2026-03-15T14:00:00Z", reminder: .off)], now: now, setting: 10).isEmpty)
        #expect(CallReminders.due([call(id: nil, start: "2026-03-15T14:00:00Z")], now: now, setting: 10).isEmpty)
    }

    @Test func statusLineNamesTheCallAndEachPlacesTime() {
        let c = call(start: "2026-03-15T14:00:00Z")
        #expect(CallReminders.statusLine(c, now: utc("2026-03-15T13:37:00Z")) == "Standup in 23 min · 14:00 London · 23:00 Tokyo")
        #expect(CallReminders.statusLine(c, now: utc("2026-03-15T11:55:00Z")).hasPrefix("Standup in 2 h 5 min · "))
        #expect(CallReminders.statusLine(c, now: utc("2026-03-12T10:00:00Z")).hasPrefix("Standup in 3 d 4 h · "))
        // 30 s away is "in 1 min", never "in 0 min".
        #expect(CallReminders.statusLine(c, now: utc("2026-03-15T13:59:30Z")).hasPrefix("Standup in 1 min"))
    }

    /// Issue 28: `calls list`/`calls next` showed a Mars site as `03:38
    /// Perseverance` (an Earth clock, to the eye) and left out the day.
    @Test func summariesSayTheDayAndMarsTime() throws {
        let c = call(start: "2026-03-15T16:00:00Z")
        #expect(CallReminders.localTimes(c) == "16:00 London · 01:00+1d Tokyo")
        let site = try #require(try MarsSiteLibrary.bundled().site(id: "perseverance"))
        let mars = CallPlan(name: "Ops", participants: [CallParticipant(place: .zone("UTC")), CallParticipant(place: .mars(site))],
                            start: utc("2026-03-15T16:00:00Z"), durationMinutes: nil, createdAt: utc("2026-01-01T00:00:00Z"))
        let text = CallReminders.localTimes(mars)
        #expect(text.wholeMatch(of: /16:00 UTC · sol \d+ \d\d:\d\d LMST Perseverance/) != nil, "\(text)")
    }

    @Test func nextIsTheSoonestSavedCallAhead() {
        let a = call(id: 1, start: "2026-03-15T14:00:00Z"), b = call(id: 2, start: "2026-03-15T12:00:00Z")
        let past = call(id: 3, start: "2026-03-15T09:00:00Z"), unsaved = call(id: nil, start: "2026-03-15T11:00:00Z")
        #expect(CallReminders.next([a, past, b, unsaved], now: utc("2026-03-15T10:00:00Z"))?.id == 2)
        #expect(CallReminders.next([past], now: utc("2026-03-15T10:00:00Z")) == nil)
    }

    // MARK: "here"

    @Test(arguments: [(-27.467, 153.028, "Brisbane"), (48.8566, 2.3522, "Paris"), (35.6812, 139.7671, "Tokyo"),
                      (51.5007, -0.1246, "London"), (40.7580, -73.9855, "New York City"), (-33.8568, 151.2153, "Sydney"),
                      // The open sea south of Iceland: nothing within 20 km, so the nearest city.
                      (60.0, -20.0, "Hafnarfjörður"), ])
    func hereIsTheMostPopulousCityNearby(_ lat: Double, _ lon: Double, _ name: String) throws {
        let place = try #require(db.nearest(latitudeDegrees: lat, longitudeDegrees: lon))
        #expect(place.name == name)
    }

    @Test func hereIsAWordOfItsOwn() {
        #expect(PlaceDatabase.isHere(" Here "))
        #expect(!PlaceDatabase.isHere("Hereford"))
    }

    // MARK: The `g` input's forms

    @Test func tomorrowAndTodayAreSourceLocal() throws {
        let paris = zone("Europe/Paris")
        let now = utc("2026-03-14T23:30:00Z")  // already the 15th in Paris
        let t = try CallTimeInput.parse("tomorrow 09:00").resolve(in: paris, now: now)
        #expect(t.instant == utc("2026-03-16T08:00:00Z"))
        let today = try CallTimeInput.parse("Today 14:00").resolve(in: paris, now: now)
        #expect(today.instant == utc("2026-03-15T13:00:00Z"))
    }

    @Test func shiftsMoveTheCurrentStartAndDaysKeepTheWallTime() throws {
        let paris = zone("Europe/Paris")
        let current = utc("2026-03-27T13:00:00Z")  // 14:00 in Paris, the Friday before the clocks change
        let threeDays = try CallTimeInput.parse("+3d").resolve(in: paris, now: utc("2026-01-01T00:00:00Z"), current: current)
        #expect(threeDays.instant == utc("2026-03-30T12:00:00Z"))  // still 14:00 in Paris, now UTC+2
        #expect(try CallTimeInput.parse("-1w").resolve(in: paris, now: current, current: current).instant == utc("2026-03-20T13:00:00Z"))
        #expect(try CallTimeInput.parse("+2h").resolve(in: paris, now: current, current: current).instant == utc("2026-03-27T15:00:00Z"))
        #expect(try CallTimeInput.parse("+30m").resolve(in: paris, now: current, current: current).instant == utc("2026-03-27T13:30:00Z"))
    }

    @Test func aSpaceSeparatedLocalDateAndTimeIsRead() throws {
        let t = try CallTimeInput.parse("2027-03-15 14:00").resolve(in: zone("Asia/Tokyo"), now: utc("2026-01-01T00:00:00Z"))
        #expect(t.instant == utc("2027-03-15T05:00:00Z"))
    }

    @Test(arguments: ["next tuesday", "+3", "3d", "+3y", "tomorrow", "tomorrow 25:00", "2027-02-30 10:00"])
    func unreadableTimesSayWhatIsAccepted(_ text: String) {
        #expect(throws: CallTimeInput.ParseError.self) { try CallTimeInput.parse(text) }
        let message = CallTimeInput.ParseError(text: text).description
        #expect(message.contains("tomorrow") && message.contains("+3d"))
    }

    // MARK: The optimizer's a/p round trip

    @Test func alternatingEarliestAndLatestNoLongerWalksADayLater() throws {
        let zones = ["America/Los_Angeles", "Asia/Tokyo"].map(zone)
        let optimizer = CallOptimizer()
        var t = utc("2026-11-22T00:00:00Z")
        t = try #require(optimizer.earliest(for: zones, scheduled: t))
        let firstEarliest = t
        var seen: [Date] = []
        for _ in 0..<4 {
            t = try #require(optimizer.latest(for: zones, scheduled: t))
            seen.append(t)
            t = try #require(optimizer.earliest(for: zones, scheduled: t))
            seen.append(t)
        }
        #expect(t == firstEarliest, "a/p drifted: \(seen.map(ISOInstant.seconds))")
        #expect(Set(seen).count == 2)
    }

    /// A call saved before `Etc/GMT+9` kept its whole name still says it
    /// in one-line summaries (`calls list`, `calls next`, reminders).
    @Test func anEtcGMTZoneSavedAsGMTPlus9IsNamedInFull() {
        var old = Place.zone("Etc/GMT+9")
        old.name = "GMT+9"
        let call = CallPlan(name: "Far", participants: [CallParticipant(place: .zone("UTC")), CallParticipant(place: old)],
                            start: utc("2030-03-15T14:00:00Z"), durationMinutes: nil, createdAt: utc("2030-01-01T00:00:00Z"))
        #expect(CallReminders.localTimes(call) == "14:00 UTC · 05:00 Etc/GMT+9")
    }
}
