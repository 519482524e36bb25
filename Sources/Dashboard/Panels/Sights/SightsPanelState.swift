import Foundation
import TimeKit

/// The sights panel's part of the dashboard state: the sights stored against
/// marks (newest first), the open entry field, and the almanac the shell
/// loaded once. Its conditions (height of eye, index error, weather, DR) are
/// not kept here: they are read from `AppState.settings`.
public struct SightsPanelState: Equatable, Sendable {
    /// Sights newer than this before the newest one make one round: the fix
    /// is taken from them, at the newest one's instant.
    public static let roundSeconds: Double = 3600
    /// At most this many sights go into one fix (the newest).
    public static let roundLimit = 8
    /// Longest text the entry field takes ("Rigil Kentaurus, 43 23.8" is 24).
    public static let entryLimit = 40

    /// The almanac, or nil when it could not be loaded (`almanacProblem`).
    public var almanac: LoadedAlmanac?
    /// Why the almanac is missing, as the loader said it (shown verbatim).
    public var almanacProblem: String?
    /// Sights stored against marks, newest first (by instant, then mark).
    public var sights: [MarkedSight] = []
    /// Sights of deleted marks, oldest first, until an undo brings the
    /// marks back (`restoreSights`).
    var retired: [MarkedSight] = []
    /// The entry field for the selected mark's sight, while open.
    public var entry: SightEntry?
    /// The last thing the panel has to say (a stored sight, a refusal).
    public var message: Message?
    /// Sights sent to the store and not yet confirmed.
    public var pending = 0
    /// The sight `x` removed last, until `u` puts it back.
    public var lastRemoved: MarkedSight?
    /// The day ahead at the DR (its sight times), as the shell last worked it.
    public var day: SightsDay?
    /// The day asked of the shell and not yet answered.
    var dayAsked: SightsDay.Request?
    /// The brighter stars (`almanac-bright-stars.tsv`), asked of the shell
    /// at most once: when a stored or typed sight names a body the
    /// almanac lacks (`SightsPanel.askForBrighterStars`).
    public var brighterStars: BrighterStars = .notAsked
    /// The entry text whose Enter waits for the brighter stars: submitted
    /// again when they come, if the field still holds it.
    var entryAwaitingBrighterStars: String?

    /// Where the brighter stars are: not asked for, asked, in the almanac,
    /// or not readable (the reader's words, shown verbatim).
    public enum BrighterStars: Equatable, Sendable {
        case notAsked, asked, added
        case unreadable(String)
    }

    /// A line under the sights, kept as a catalog value until drawn.
    public struct Message: Equatable, Sendable {
        public var content: UIMessage
        public var isError: Bool
        public init(_ content: UIMessage, isError: Bool = false) {
            self.content = content
            self.isError = isError
        }
    }

    public init(almanac: LoadedAlmanac? = nil, sights: [MarkedSight] = []) {
        self.almanac = almanac
        self.sights = sights.sorted(by: MarkedSight.newestFirst)
    }

    /// Drops the sights of marks that were deleted (the store deleted them
    /// with their marks, keeping them for an undo); they wait in `retired`.
    mutating func forgetSights(ofMarks marks: [SightingMark]) {
        let ids = Set(marks.compactMap(\.id))
        guard !ids.isEmpty else { return }
        retired += sights.filter { ids.contains($0.markId) }
        if retired.count > Self.retiredLimit { retired.removeFirst(retired.count - Self.retiredLimit) }
        sights.removeAll { ids.contains($0.markId) }
    }

    /// Puts back the sights of marks an undo restored (the store puts them
    /// back too).
    mutating func restoreSights(ofMarks marks: [SightingMark]) {
        let ids = Set(marks.compactMap(\.id))
        guard !ids.isEmpty else { return }
        for sight in retired where ids.contains(sight.markId) { store(sight) }
        retired.removeAll { ids.contains($0.markId) }
    }

    /// How many deleted marks' sights wait for an undo on screen (the marks
    /// panel's undo reaches back no further).
    static let retiredLimit = 1000

    /// Puts a stored sight in, replacing the mark's earlier one.
    mutating func store(_ sight: MarkedSight) {
        sights.removeAll { $0.markId == sight.markId }
        sights.append(sight)
        sights.sort(by: MarkedSight.newestFirst)
    }

    /// The sights of the newest round, oldest first: what the fix is made of.
    public var round: [MarkedSight] {
        Array(wholeRound.prefix(Self.roundLimit).reversed())
    }

    /// How many sights the newest round has, counting those beyond
    /// `roundLimit` (the panel says when some are left out of the fix).
    public var roundCount: Int { wholeRound.count }

    /// Every sight within `roundSeconds` before the newest, newest first.
    var wholeRound: ArraySlice<MarkedSight> {
        guard let newest = sights.first else { return [] }
        let since = newest.unixMilliseconds - Int64(Self.roundSeconds * 1000)
        return sights.prefix { $0.unixMilliseconds >= since }
    }
}

/// A sight stored against a mark, as the panel shows it: the mark's number
/// and corrected instant, the body as typed into the store and Hs.
public struct MarkedSight: Equatable, Sendable {
    public var markId: Int64
    /// The mark's corrected instant, Unix milliseconds (what `timedeck fix
    /// --marks` uses, so the panel and the CLI agree).
    public var unixMilliseconds: Int64
    /// `Sun LL`, `Vega`.
    public var bodyText: String
    public var sextantAltitudeDegrees: Double
    /// The clock's state when the mark was taken: an unsynchronized one
    /// is carried into the fix (`ClockDoubt`).
    public var clock: ClockStatus

    public init(markId: Int64, unixMilliseconds: Int64, bodyText: String, sextantAltitudeDegrees: Double,
                clock: ClockStatus = .unknown) {
        self.markId = markId
        self.unixMilliseconds = unixMilliseconds
        self.bodyText = bodyText
        self.sextantAltitudeDegrees = sextantAltitudeDegrees
        self.clock = clock
    }

    static func newestFirst(_ a: MarkedSight, _ b: MarkedSight) -> Bool {
        a.unixMilliseconds != b.unixMilliseconds ? a.unixMilliseconds > b.unixMilliseconds : a.markId > b.markId
    }
}

/// The entry field: which mark, and "BODY, HS" as typed so far.
///
/// `s` always opens it, so the body name typed next is text, never
/// commands (issue 29: `d` in "Aldebaran" deleted the held mark when `s`
/// was refused). A mark still waiting for the database is named by its
/// journal key and resolved on Enter; with no mark at all the field opens
/// with the refusal and Enter repeats it.
public struct SightEntry: Equatable, Sendable {
    /// The stored mark's row id; nil for a held mark or none.
    public var markId: Int64?
    /// The idempotency key of a mark held in the journal.
    public var heldKey: String?
    public var unixMilliseconds: Int64
    public var text: String
    /// The mark's clock state, carried to the stored sight.
    public var clock: ClockStatus

    public init(markId: Int64?, heldKey: String? = nil, unixMilliseconds: Int64, text: String, clock: ClockStatus = .unknown) {
        self.markId = markId
        self.heldKey = heldKey
        self.unixMilliseconds = unixMilliseconds
        self.text = text
        self.clock = clock
    }

    /// Whether the field belongs to a mark (stored or held); false when `s`
    /// was refused and the field only keeps the typing off the commands.
    var hasMark: Bool { markId != nil || heldKey != nil }

    /// The body part (before the first comma) and the Hs part (after it, if any).
    var parts: (body: String, altitude: String?) {
        guard let comma = text.firstIndex(of: ",") else { return (text, nil) }
        return (String(text[..<comma]), String(text[text.index(after: comma)...]))
    }
}

/// The almanac as the shell loaded it, once: equal only to itself (a
/// reference), so comparing states never compares ephemerides.
public struct LoadedAlmanac: Equatable, Sendable {
    final class Box: Sendable {
        let almanac: Almanac
        init(_ almanac: Almanac) { self.almanac = almanac }
    }

    let box: Box
    public var almanac: Almanac { box.almanac }

    public init(_ almanac: Almanac) { box = Box(almanac) }

    public static func == (a: LoadedAlmanac, b: LoadedAlmanac) -> Bool { a.box === b.box }
}
