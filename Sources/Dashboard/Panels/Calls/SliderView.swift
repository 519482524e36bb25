import Foundation
import TimeKit

/// The 24-hour slider under the clock stack: the source's local day from
/// 00:00 to 24:00, shaded by period (`░` before dawn, `▒` breakfast and
/// dinner, `█` working hours, `▓` late night), with `▲` under the scheduled
/// time and `│` (labelled "now") under the current time when it is that day.
public enum SliderView {
    static func glyph(_ p: DayPeriod) -> Character {
        switch p {
        case .beforeDawn: "░"
        case .breakfast, .dinner: "▒"
        case .morning, .lunch, .afternoon: "█"
        case .lateNight: "▓"
        }
    }

    public static func render(call: CallPlan, shown: Date, now: Date, periods: PeriodTable, width: Int,
                              language: UILanguage = .en) -> [CallLine] {
        let barWidth = max(24, min(width - 2, 96))
        let zone = call.sourceZone
        let r = ZoneClock.reading(shown, in: zone)
        // Column of a source-local minute of the day.
        func column(_ minute: Int) -> Int { min(barWidth - 1, minute * barWidth / 1440) }

        var scale = Array(repeating: Character(" "), count: barWidth + 2)
        for hour in stride(from: 0, through: 24, by: barWidth >= 48 ? 3 : 6) {
            let label = Array(hour < 10 ? "0\(hour)" : "\(hour)")
            let at = min(barWidth, hour * barWidth / 24)
            for (k, c) in label.enumerated() where at + k < scale.count { scale[at + k] = c }
        }

        var bar = CallLine()
        for x in 0..<barWidth {
            let p = periods.period(minuteOfDay: x * 1440 / barWidth)
            let g = String(glyph(p))
            if let last = bar.spans.last, last.role == .period(p) {
                bar.spans[bar.spans.count - 1].text += g
            } else {
                bar.add(g, .period(p))
            }
        }

        // One string per cell: a wide character fills its cell and leaves
        // the next one empty, so translated labels keep the columns.
        var marks = Array(repeating: " ", count: barWidth + 2)
        var roles = Array(repeating: CallRole.plain, count: barWidth + 2)
        let nowReading = ZoneClock.reading(now, in: zone)
        if nowReading.dayNumber == r.dayNumber {
            let x = column(nowReading.minuteOfDay)
            // "now│" left of the bar when the scheduled label is to the right.
            let word = language.text(.now)
            let text = cells(nowReading.minuteOfDay <= r.minuteOfDay ? word + "│" : "│" + word)
            let at = nowReading.minuteOfDay <= r.minuteOfDay ? max(0, x - text.count + 1) : min(x, marks.count - text.count)
            for (k, c) in text.enumerated() where at + k < marks.count { marks[at + k] = c; roles[at + k] = .now }
        }
        let s = column(r.minuteOfDay)
        let label = cells("▲" + ClockStackView.clockText(r, use24Hour: true))
        let start = min(s, marks.count - label.count)
        for (k, c) in label.enumerated() { marks[start + k] = c; roles[start + k] = .scheduled }
        var markLine = CallLine()
        for (c, role) in zip(marks, roles) {
            if let last = markLine.spans.last, last.role == role {
                markLine.spans[markLine.spans.count - 1].text += c
            } else {
                markLine.add(c, role)
            }
        }
        return [CallLine([CallSpan(String(scale), .dim)]), bar, markLine]
    }

    /// `text` as display cells: a wide character, then an empty cell.
    static func cells(_ text: String) -> [String] {
        text.flatMap { c in DisplayWidth.of(c) == 2 ? [String(c), ""] : [String(c)] }
    }
}
