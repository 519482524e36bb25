import Foundation
import TimeKit

/// The call planner's facts as plain lines: the data summary of a snapshot,
/// and what plain mode says when the call time moves.
extension CallsPanel {
    /// The active call and its places (snapshot data summary).
    static func summary(_ state: AppState) -> [String] {
        guard let call = state.calls.activeCall, let start = state.calls.shownInstant(at: state.now) else {
            return ["Call: none"]
        }
        return ["Call \"\(call.name)\" at \(ISOInstant.seconds(start)):"] + callRows(call, start: start, state: state)
    }

    /// One line per place: `Sydney, AU: Mon 01:00 (UTC+11:00) before dawn, BAD`.
    /// Snapshot summaries stay in English (a data record, like the CLI);
    /// plain mode passes the interface language.
    static func callRows(_ call: CallPlan, start: Date, state: AppState, language l: UILanguage = .en) -> [String] {
        let places = call.participants.map(\.place)
        guard let rows = CallTimeRow.rows(for: places, start: start, durationMinutes: call.durationMinutes,
                                          periods: state.settings.periods, marsSites: state.calls.marsSites) else { return [] }
        return rows.map { row in
            let r = row.reading
            let time = "\(MarkTime.pad(r.wall.hour)):\(MarkTime.pad(r.wall.minute))"
            // English keeps TimeKit's label, as the CLI prints it.
            let place = l == .en ? row.place.label : ClockStackView.label(row.place, l, places: state.calls.places)
            if let m = row.mars {
                // A Mars site keeps Mars time: its sol and LMST, never a UTC reading.
                return "  " + l.text(.plainMarsCallRow(place: place, sol: m.shownSol, clock: m.clockText,
                                                        period: .period(row.period), bad: !row.good))
            }
            return "  " + l.text(.plainCallRow(place: place,
                                                weekday: l.weekday(r.isoWeekday), time: time, dayOffset: row.dayOffset,
                                                offset: LocalTimeText.offset(seconds: r.utcOffsetSeconds),
                                                period: .period(row.period), bad: !row.good))
        }
    }

    /// Plain mode: a line when the active call or its time changes.
    static func callChange(from old: AppState, to new: AppState) -> [String] {
        guard new.panels.contains(.calls) else { return [] }
        let before = old.calls.activeCall.map { ($0.createdAt, $0.start) }
        let after = new.calls.activeCall.map { ($0.createdAt, $0.start) }
        guard before?.0 != after?.0 || before?.1 != after?.1, let call = new.calls.activeCall else { return [] }
        let rows = callRows(call, start: call.start, state: new, language: new.language).map { $0.trimmingCharacters(in: .whitespaces) }
        return [new.language.text(.plainCall(name: call.name, at: ISOInstant.seconds(call.start), rows: rows.joined(separator: "; ")))]
    }
}
