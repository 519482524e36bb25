import Foundation
import TimeKit

/// The live UTC clock in Mark Time notation, the full UTC date, and the
/// local time and zone.
enum Header {
    static func draw(_ state: AppState, in rect: Rect, big: Bool, into frame: inout Frame) {
        if big {
            drawBig(state, in: rect, into: &frame)
        } else {
            drawCompact(state, in: rect, into: &frame)
        }
    }

    static func drawBig(_ state: AppState, in rect: Rect, into frame: inout Frame) {
        let clock = MarkTime.clock(state.now)
        let left = rect.x + max(0, (rect.width - BigDigits.markTimeColumns) / 2)
        frame.put("UTC", x: left, y: rect.y, role: .title, clip: rect)
        let date = utcDate(state)
        frame.put(date, x: left + BigDigits.markTimeColumns - DisplayWidth.of(date), y: rect.y, role: .utcDate, clip: rect)
        BigDigits.drawMarkTime(clock, x: left, y: rect.y + 1, into: &frame, role: .utcClock, unitRole: .utcDate)
        // The next call goes after the local time when the line has room,
        // else beside the big clock's title row if that has room.
        let local = localLine(state)
        if let next = panelNote(state), DisplayWidth.of(local) + 3 + DisplayWidth.of(next) <= rect.width - 2 {
            frame.putCentered(local + "   " + next, in: rect, y: rect.y + 1 + BigDigits.rows, role: .localTime)
        } else {
            frame.putCentered(local, in: rect, y: rect.y + 1 + BigDigits.rows, role: .localTime)
            drawNextCall(state, in: rect, usedUpTo: left + BigDigits.markTimeColumns, freeBefore: left, into: &frame)
        }
    }

    static func drawCompact(_ state: AppState, in rect: Rect, into frame: inout Frame) {
        var x = frame.put("UTC ", x: rect.x + 1, y: rect.y, role: .title, clip: rect)
        x = frame.put(MarkTime.clock(state.now), x: x, y: rect.y, role: .utcClock, clip: rect)
        let used = frame.put("  " + utcDate(state), x: x, y: rect.y, role: .utcDate, clip: rect)
        frame.put(localLine(state), x: rect.x + 1, y: rect.y + 1, role: .localTime, clip: rect)
        drawNextCall(state, in: rect, usedUpTo: used, into: &frame)
    }

    /// `next: Standup in 23 min`, right-aligned on the header's top row
    /// when a saved call is ahead and it fits right of what the row shows
    /// (`usedUpTo`: the first free column); else left of `freeBefore` (the big
    /// clock's left edge) if it fits there; else not at all.
    static func drawNextCall(_ state: AppState, in rect: Rect, usedUpTo: Int, freeBefore: Int? = nil, into frame: inout Frame) {
        guard let text = panelNote(state) else { return }
        let width = DisplayWidth.of(text)
        let right = rect.x + rect.width - 1 - width
        if right >= usedUpTo + 2 {
            frame.put(text, x: right, y: rect.y, role: .localTime, clip: rect)
        } else if let freeBefore, rect.x + 1 + width <= freeBefore - 2 {
            frame.put(text, x: rect.x + 1, y: rect.y, role: .localTime, clip: rect)
        }
    }

    /// The first panel's note for the header (`DashboardPanel.headerNote`:
    /// the next call).
    static func panelNote(_ state: AppState) -> String? {
        // A loop, not `lazy.compactMap`: its closure would copy the whole
        // state on every frame (callgrind).
        for panel in PanelRegistry.all {
            if let note = panel.headerNote(state) { return note }
        }
        return nil
    }

    /// `Local Sun 00:55:04  UTC+01:00  Europe/Paris`; the zone name comes last
    /// so that clipping on a narrow terminal loses the least useful part.
    static func localLine(_ state: AppState) -> String {
        // Only the seconds change within a local minute at one offset: the
        // rest of the line is remembered by them (the line is drawn every
        // second; its words, weekday and offset were most of the header).
        let offset = state.localZone.offsetSeconds(at: state.now)
        let local = UTCFields.unixSeconds(state.now) + Int64(offset)
        let minute = local >= 0 ? local / 60 : (local - 59) / 60
        let key = LocalLineMemo.Key(localMinute: minute, offset: offset, language: state.language, zoneLabel: state.localZoneLabel)
        let parts = LocalLineMemo.last.value(for: key) { key in
            let f = UTCFields(unixMilliseconds: key.localMinute * 60_000)
            return (key.language.text(.local) + " " + key.language.weekday(f.isoWeekday) + " "
                        + MarkTime.pad(f.hour) + ":" + MarkTime.pad(f.minute) + ":",
                    "  " + LocalTimeText.offset(seconds: key.offset) + "  " + key.zoneLabel)
        }
        return parts.beforeSeconds + MarkTime.pad(Int(local - minute * 60)) + parts.afterSeconds
    }

    /// The local line's words around its seconds, by what they are made of.
    enum LocalLineMemo {
        struct Key: Equatable, Sendable {
            var localMinute: Int64
            var offset: Int
            var language: UILanguage
            var zoneLabel: String
        }
        static let last = Remembered<Key, (beforeSeconds: String, afterSeconds: String)>()
    }

    /// `Sat 2026-11-21`, or `2026-11-21 (土)` in Japanese.
    static func utcDate(_ state: AppState) -> String {
        // The same text all day: remembered by the UTC day.
        let seconds = UTCFields.unixSeconds(state.now)
        let day = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        return UTCDateMemo.last.value(for: UTCDateMemo.Key(day: day, language: state.language)) { key in
            let f = UTCFields(unixMilliseconds: key.day * 86_400_000)
            return key.language.text(.dateWithWeekday(date: "\(f.year)-\(MarkTime.pad(f.month))-\(MarkTime.pad(f.day))",
                                                      weekday: key.language.weekday(f.isoWeekday)))
        }
    }

    enum UTCDateMemo {
        struct Key: Equatable, Sendable {
            var day: Int64
            var language: UILanguage
        }
        static let last = Remembered<Key, String>()
    }
}
