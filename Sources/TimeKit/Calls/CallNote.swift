/// What `call` and `calls` assumed and say on stderr besides the place
/// resolver's notes (`PlaceNote`): which place "here" and "local" became,
/// a local time a clock change skips or doubles, a start already passed.
/// Values, so the commands' catalog says them in the interface language;
/// `english` is the sentence the commands always gave. Labels, zone ids,
/// positions and times arrive formatted, the same in every language.
public enum CallNote: Hashable, Sendable {
    /// Where "here" came from.
    public enum HereSource: Hashable, Sendable {
        /// gpsd's fix.
        case gpsdFix
        /// `marks.position`; `gpsdWithoutFix` is gpsd's address when it
        /// answered without a fix within `seconds`.
        case configured(gpsdWithoutFix: String?, seconds: Int)
    }

    /// "here" is `place`, the bundled city nearest `position`.
    case here(place: String, position: String, source: HereSource)
    /// "local" (as typed) is this machine's zone.
    case local(query: String, zone: String)
    /// A local time that does not exist: clocks jump forward `gapMinutes`;
    /// the time used (`wall`, `offset`).
    case clockSkipped(zone: String, gapMinutes: Int, wall: String, offset: String)
    /// A local time that occurs twice: the first offset is used.
    case clockTwice(zone: String, first: String, second: String)
    /// A saved start `minutes` ago; `tomorrowTime` is the typed bare time
    /// (`09:00`) when "tomorrow 09:00" is the thing to type instead.
    case passed(start: String, minutes: Int, tomorrowTime: String?)

    public var english: String {
        switch self {
        case let .here(place, position, .gpsdFix):
            "\"here\": using \(place), nearest the gpsd fix (\(position))"
        case let .here(place, position, .configured(gpsd, seconds)):
            "\"here\": using \(place), nearest marks.position (\(position))"
                + (gpsd.map { " (gpsd at \($0) had no fix within \(seconds) s)" } ?? "")
        case let .local(query, zone):
            "\"\(query)\" is this machine's zone, \(zone) (from TZ or /etc/localtime)."
        case let .clockSkipped(zone, gap, wall, offset):
            "that local time does not exist in \(zone) (clocks jump forward \(gap) min); using \(wall) \(offset)."
        case let .clockTwice(zone, first, second):
            "that local time occurs twice in \(zone); using the first, \(first) (the second is \(second))."
        case let .passed(start, minutes, tomorrow):
            "\(start) has already passed (\(CallReminders.englishSpan(minutes: minutes)) ago); "
                + "the call is saved but will not remind. For one still to come, give "
                + (tomorrow.map { "\"tomorrow \($0)\" or +1d" } ?? "a later date, or a shift from now such as +1d") + "."
        }
    }
}
