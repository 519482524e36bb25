import Foundation
import TimeKit

/// `g`: go to a date and time typed as text (`2027-03-15 14:00` in the
/// source place, `tomorrow 09:00`, `+3d`, an instant with its zone). The
/// move is an ordinary time change: undoable, animated, saved after the
/// slider's rest like an arrow key. Esc leaves the call as it was.
extension CallPlannerState {
    /// Longest text the input takes.
    static let goToMaximumLength = 40

    public mutating func beginGoTo() {
        guard activeCall != nil, !isEditing else { return }
        goTo = GoToInput()
        message = nil
    }

    public mutating func typeGoTo(_ c: Character) {
        guard var input = goTo, input.text.count < Self.goToMaximumLength else { return }
        input.text.append(c)
        input.problem = nil
        goTo = input
    }

    public mutating func backspaceGoTo() {
        guard var input = goTo else { return }
        if !input.text.isEmpty { input.text.removeLast() }
        input.problem = nil
        goTo = input
    }

    /// Esc: closes the input; the call keeps its time.
    public mutating func cancelGoTo() {
        goTo = nil
        message = .text(.goToCancelled)
    }

    /// Enter: moves the call to the typed time, or says what cannot be read
    /// and keeps the input open to correct it.
    public mutating func acceptGoTo(now: Date) -> [CallPlannerEffect] {
        guard let input = goTo, let call = activeCall else {
            goTo = nil
            return []
        }
        let parsed: CallTimeInput
        do {
            parsed = try CallTimeInput.parse(input.text)
        } catch {
            goTo?.problem = .cannotReadTime(input.text)
            return []
        }
        let zone = call.sourceZone
        let (instant, resolution) = parsed.resolve(in: zone, now: now, current: call.start)
        goTo = nil
        let start = Date(timeIntervalSince1970: instant.timeIntervalSince1970.rounded())
        let effects = setStart(start, now: now, animate: true)
        let wall = ZoneClock.reading(start, in: zone).wall
        let text = String(wall.isoText.prefix(10)) + " "
            + "\(MarkTime.pad(wall.hour)):\(MarkTime.pad(wall.minute))"
        switch resolution {
        case .exact: message = .movedTo(local: text, place: call.source?.place.name ?? zone.identifier)
        case .skippedForward: message = .movedToSkipped(local: text)
        case .ambiguousFirst: message = .movedToRepeated(local: text)
        }
        return effects
    }
}
