import Foundation
import TimeKit

/// The call planner panel's state: the saved calls, which one is active,
/// the slider's memory (undo, the `n` double-tap), display options and, in
/// edit mode, the draft being edited. Display settings (12/24 h, reduced
/// motion, the periods) are not kept here: they are `AppState.settings`,
/// passed in where needed.
public struct CallPlannerState: Equatable, Sendable {
    /// Newest first.
    public var calls: [CallPlan]
    public var activeIndex: Int
    /// Earlier starts of the active call, most recent last (`u` pops).
    public var undoStack: [Date]
    /// The start before `n` jumped to now; `n` again returns to it.
    public var startBeforeNow: Date?
    public var ring: BrailleClockFace.RingSpan
    /// Hands sweeping to a new time (nil when still).
    public var sweep: Sweep?
    /// Non-nil in edit mode.
    public var editor: CallEditor?
    /// One line for the user: what an optimizer did, why a key did nothing.
    public var message: UIMessage?
    /// The place database for edit mode's search (nil if it failed to open;
    /// then only zone names can be added).
    public var places: PlaceDatabase?
    /// The user's own place, the source of new calls.
    public var home: Place?
    /// Mars sites that can join a call (nil if the list failed to load).
    public var marsSites: MarsSiteLibrary?
    /// The tz database's names and the countries, states, islands and
    /// bases for the picker, read on first use (given by the shell; nil:
    /// Foundation's zone list and no regions).
    public var catalogs: PlaceCatalogs?
    /// When the active call's time last changed without being saved yet.
    public var unsavedSince: Date?
    /// The `g` input (go to a date and time), while open.
    public var goTo: GoToInput?
    /// The first-run suggestion, while it is the only call and untouched,
    /// made without a position (no `marks.position`): the first gpsd fix
    /// makes it again from "here" (`adoptFirstFix`).
    public var firstRun: FirstRun?

    /// What the first-run suggestion was made from.
    public struct FirstRun: Equatable, Sendable {
        /// The suggestion as made; any change by the user makes the call differ.
        public var suggestion: CallPlan
        /// The user's zone identifier (`TZ`, else /etc/localtime).
        public var userZone: String
        public init(suggestion: CallPlan, userZone: String) {
            self.suggestion = suggestion
            self.userZone = userZone
        }
    }

    /// What the user is typing after `g`, and why the last Enter could not
    /// use it.
    public struct GoToInput: Equatable, Sendable {
        public var text: String
        public var problem: UIMessage?
        public init(text: String = "", problem: UIMessage? = nil) {
            self.text = text
            self.problem = problem
        }
    }

    /// A sweep of every clock from one start to another.
    public struct Sweep: Equatable, Sendable {
        public var from: Date
        public var to: Date
        public var hands: HandSweep

        /// The instant the clocks show at `now`.
        public func shown(at now: Date) -> Date {
            from.addingTimeInterval(hands.minutes(at: now) * 60)
        }
    }

    public init(calls: [CallPlan] = [], activeIndex: Int = 0) {
        self.calls = calls
        self.activeIndex = activeIndex
        undoStack = []
        startBeforeNow = nil
        ring = .next12Hours
        sweep = nil
        editor = nil
        message = nil
        places = nil
        home = nil
        marsSites = nil
        catalogs = nil
        unsavedSince = nil
        goTo = nil
    }

    /// Place search for the picker: `PlaceResolver`'s candidates, best
    /// first, each once (cities, tz zones and links, abbreviations — every
    /// meaning of an ambiguous one, as choices — offsets and Mars sites).
    /// "here" lists `here` (the place nearest the user's position) first.
    /// Pure: the database, zone names and sites were loaded by the shell.
    public func searchPlaces(_ query: String, here: Place? = nil) -> [PlaceChoice] {
        if PlaceDatabase.isHere(query), let here { return [PlaceChoice(here, match: .here)] }
        let resolver = PlaceResolver(places: places, zones: catalogs?.zones ?? ZoneCatalog.foundation, mars: marsSites,
                                     regions: catalogs?.regions)
        return resolver.resolve(query, limit: 8).candidates.filter(\.isUsable).map(PlaceChoice.init)
    }

    /// Milliseconds until the next animation frame, while hands sweep.
    public func frameIntervalMilliseconds(at now: Date) -> Int32? {
        guard let sweep, !sweep.hands.isFinished(at: now) else { return nil }
        return 16
    }

    public var activeCall: CallPlan? {
        calls.indices.contains(activeIndex) ? calls[activeIndex] : nil
    }

    /// The instant the clock stack shows at `now` (mid-sweep, or the start).
    public func shownInstant(at now: Date) -> Date? {
        guard let call = activeCall else { return nil }
        if let sweep, !sweep.hands.isFinished(at: now) { return sweep.shown(at: now) }
        return call.start
    }
}

/// What the planner asks the shell to do.
public enum CallPlannerEffect: Equatable, Sendable {
    /// Insert or update the call (its `id` is nil until first saved).
    case saveCall(CallPlan)
    case deleteCall(id: Int64)
    /// Remember which call is active (setting `calls.active`).
    case rememberActiveCall(id: Int64)
    /// Record that the call's reminder was given for this start.
    case markReminded(id: Int64, start: Date)
}
