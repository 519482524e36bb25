import Foundation
import TimeKit

/// The marks panel's part of the dashboard state: the stored marks (newest
/// first), the selection, what the panel is doing (browsing, typing a note,
/// confirming a clear), the last undoable change, and the latest clock and
/// gpsd state that new marks are composed from. Its settings (bell, flash,
/// position, correction) are not kept here: they are read from
/// `AppState.settings` when needed (`AppState.markSettings`).
public struct MarksPanelState: Equatable, Sendable {
    /// Marks PgUp/PgDn move by (the panel shows as many as it has rows).
    public static let visibleRows = 5
    /// Marks loaded into memory for browsing; older ones stay in the store
    /// (and in `timedeck marks list/export`).
    public static let loadedLimit = 10_000
    /// Marks read before the dashboard's first frame: more than any screen
    /// shows. The rest, up to `loadedLimit`, are read by the store worker
    /// just after, so opening costs the same for any number of marks.
    public static let openingLimit = 500
    /// How long the new row stays highlighted.
    public static let flashSeconds: TimeInterval = 0.6

    public enum Mode: Equatable, Sendable {
        case browsing
        /// Typing a note for mark `id`; `text` is what is typed so far. A
        /// mark held in the journal has no id yet: then `heldKey` names it.
        case editingNote(id: Int64?, text: String, heldKey: String? = nil)
        /// Waiting for `y` to delete all `count` marks.
        case confirmingClear(count: Int)
    }

    /// The change `u` takes back.
    public enum Undo: Equatable, Sendable {
        case delete(SightingMark)
        case clear([SightingMark])
        case note(id: Int64, previous: String)
    }

    /// A line for the user: what just happened, or what went wrong.
    /// A line under the marks, kept as a catalog value until it is drawn,
    /// so a language switch while it shows changes it too.
    public struct Message: Equatable, Sendable {
        public var content: UIMessage
        public var isError: Bool
        /// Kept when a new mark is recorded (Space, its acknowledgement):
        /// a warning about where marks go now (the store file deleted or
        /// replaced) must still be on screen after the marks it is about.
        /// Any other key clears it as usual.
        public var outlastsMarks: Bool
        public init(_ content: UIMessage, isError: Bool = false, outlastsMarks: Bool = false) {
            self.content = content
            self.isError = isError
            self.outlastsMarks = outlastsMarks
        }
        public init(_ text: UIText, isError: Bool = false) {
            self.init(.text(text), isError: isError)
        }
    }

    /// Marks in memory, newest first (by instant, then id).
    public var marks: MarkList = []
    /// Marks in the store (can exceed `marks.count` past `loadedLimit`).
    public var totalCount = 0
    /// Index of the selected mark in `marks`.
    public var selected = 0
    public var mode: Mode = .browsing
    public var undo: Undo?
    public var message: Message?
    /// When `C` asked "Delete all N marks?" (Unix ns): `y` deletes only
    /// the marks made up to then.
    public var clearAskedUnixNanoseconds: Int64?
    /// Marks that could not be stored anywhere (a full disk), newest last:
    /// each stays listed, with its instant to write down, until the user
    /// dismisses the list (`x`) — a message line would be replaced by the
    /// next one (issue 20).
    public var notSaved: [NotSavedMark] = []
    /// Marks whose key was read as the process went on after a stop: their
    /// stamp is late by up to the stop (listed, and dismissed, like `notSaved`).
    public var lateStamps: [String] = []
    /// The mark whose row is highlighted (by its `uniqueKey`), and until when.
    public var flashKey: String?
    public var flashUntil: Date?
    /// The kernel clock state, as last read by the shell (nil: unknown).
    public var kernel: ClockStatus.Kernel?
    /// gpsd, as last reported by the shell's client (nil: gpsd off).
    public var gps: GPSDSnapshot?
    /// Marks sent to the store and not yet confirmed.
    public var pending = 0
    /// Idempotency keys of new marks are `keyPrefix-sequence`: the shell
    /// sets a random prefix per run (update cannot draw random numbers), the
    /// sequence counts up. An empty prefix leaves keys for the shell to give.
    public var keyPrefix = ""
    public var nextKeySequence = 1
    /// Keys of unstored marks (id nil) that are durable in the journal.
    public var heldKeys: Set<String> = []
    /// Why held marks are still waiting for SQLite (nil: not waiting).
    public var waitingReason: StoreProblem?
    /// Set when the store was opened read-only for this user (issue 29):
    /// said at the top of the panel for as long as the dashboard runs.
    public var readOnlyStore: ReadOnlyStoreNotice?

    /// A store this user may read and not write, as the shell found it.
    public struct ReadOnlyStoreNotice: Equatable, Sendable {
        /// The database file.
        public var path: String
        /// New marks are held in the journal beside it; false: nothing
        /// can be saved (its folder is read-only too).
        public var journalWritable: Bool
        /// The fix (`chmod u+w …`), in the shell's words.
        public var advice: String

        public init(path: String, journalWritable: Bool, advice: String) {
            self.path = path
            self.journalWritable = journalWritable
            self.advice = advice
        }
    }
    /// The team log as this panel shows it; nil when no team is configured.
    public var team: TeamView?

    /// Other stations' marks and the link to the team log (issue 16).
    public struct TeamView: Equatable, Sendable {
        /// Other stations' marks shown at most.
        public static let shownLimit = 200
        /// This station's name in the team log.
        public var station: String
        /// nil until the first attempt to reach the server.
        public var online: Bool?
        /// Changes queued here, not yet in the team log.
        public var toSend = 0
        /// Changes the server refused for good (parked, not queued).
        public var refused = 0
        /// Marks of this station written by another folder (same
        /// `team.station`), and one of them to recognise it by.
        public var sharedMarks = 0
        public var sharedExample: String?
        /// Other stations' newest marks, newest first.
        public var others: [TeamMark] = []
        /// Whether `others` has been loaded once (plain mode announces only
        /// marks that arrive after that).
        public var othersLoaded = false

        public init(station: String) {
            self.station = station
        }
    }

    public init() {}

    /// A panel showing `marks` (any order), with `totalCount` in the store.
    public init(marks: [SightingMark], totalCount: Int) {
        self.marks = MarkList(sorting: marks)
        self.totalCount = max(totalCount, marks.count)
    }

    /// The selected mark, if any.
    public var selectedMark: SightingMark? {
        marks.indices.contains(selected) ? marks[selected] : nil
    }

    /// Index of the first visible row when five are shown.
    public var firstVisible: Int { firstVisible(rows: Self.visibleRows) }

    /// Index of the first visible row when `rows` are shown: the newest,
    /// scrolled so the selection is always on screen.
    public func firstVisible(rows: Int) -> Int {
        max(0, selected - (max(1, rows) - 1))
    }

    /// Newest first: later instant first, then higher id.
    public static func newestFirst(_ a: SightingMark, _ b: SightingMark) -> Bool {
        if a.unixNanoseconds != b.unixNanoseconds { return a.unixNanoseconds > b.unixNanoseconds }
        return (a.id ?? 0) > (b.id ?? 0)
    }

    /// Inserts marks keeping the order (and skipping ids already present).
    /// A stored mark replaces the unstored copy with the same `uniqueKey`.
    /// Each costs a binary search (`MarkList.insert`), not a sort.
    mutating func insert(_ new: [SightingMark]) {
        for mark in new where marks.insert(mark) { totalCount += 1 }
    }

    /// Marks shown but not yet in SQLite (id nil), newest first.
    public var unstored: [SightingMark] { marks.filter { $0.id == nil } }

    /// Whether an unstored mark is durable in the journal.
    public func isHeld(_ mark: SightingMark) -> Bool {
        mark.id == nil && mark.uniqueKey.map(heldKeys.contains) == true
    }

    /// What `flashKey` holds for `mark`.
    static func flashKey(of mark: SightingMark) -> String? {
        mark.uniqueKey ?? mark.id.map { "#\($0)" }
    }
}

/// A mark the store refused: what to write down, and why.
public struct NotSavedMark: Equatable, Sendable {
    public var markTime: String
    public var iso: String
    public var reason: StoreProblem
}
