import Foundation
import TimeKit

/// What the marks panel tells the rest of the dashboard: whether a row
/// flashes, and where "here" is (its gpsd fix, else the configured
/// position), which the call planner and the weather read.
extension AppState {
    /// Whether the marks panel highlights the row of `mark` at `now`: a
    /// flash under way stops at once when flash or reduced motion is turned
    /// off. Rows are matched by idempotency key (a mark is shown before it
    /// has an id), else by id.
    public func markIsFlashing(_ mark: SightingMark, at now: Date) -> Bool {
        guard marksFlash, let key = MarksPanelState.flashKey(of: mark), key == marks.flashKey,
              let until = marks.flashUntil else { return false }
        return now < until
    }

    /// The user's position for "here": the gpsd fix when it has one, else
    /// the configured `marks.position`.
    public var herePosition: GeoPosition? {
        if let fix = marks.gps?.fix, fix.mode >= 2, let position = fix.position { return position }
        return markSettings.fixedPosition
    }
}
