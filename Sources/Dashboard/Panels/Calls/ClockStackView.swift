import Foundation
import TimeKit

/// The play-mode view of the call planner: one row per place (analog
/// Braille face when there is room, compact digital rows otherwise), then
/// the 24-hour slider. Pure: the state, the size and `now` in, lines out.
public enum ClockStackView {
    /// Smallest face worth drawing (cells tall; twice as wide).
    static let minimumFaceHeight = 4
    static let maximumFaceHeight = 6

    /// `settings` gives the periods and the 12/24-hour form (read from
    /// `AppState.settings` at each frame).
    /// `focused`: the panel has the focus, so its last line shows its keys
    /// (as the marks and Mars panels do) when nothing else is said there.
    public static func render(_ state: CallPlannerState, width: Int, height: Int, now: Date,
                              settings: Settings = Settings(), language l: UILanguage = .en, focused: Bool = false) -> [CallLine] {
        // The stack shows minutes, never seconds (a test walks that): the
        // calls panel replays it within a minute (`CallsPanel.replayed`).
        compute(state, width: width, height: height, now: now, settings: settings, language: l, focused: focused)
    }

    /// The stack itself.
    static func compute(_ state: CallPlannerState, width: Int, height: Int, now: Date,
                        settings: Settings, language l: UILanguage, focused: Bool) -> [CallLine] {
        guard width > 0, height > 0 else { return [] }
        guard let call = state.activeCall, let shown = state.shownInstant(at: now) else {
            return pad([CallLine([CallSpan(l.text(.noCalls), .dim)])], width, height)
        }
        let rows = call.rows(at: shown, periods: settings.periods, marsSites: state.marsSites)
        let withDate = showsDate(rows, start: shown, now: now)
        var lines: [CallLine] = [header(call, state, shown, l)]
        let slider = SliderView.render(call: call, shown: shown, now: now, periods: settings.periods, width: width, language: l)
        let footer = 1
        let room = height - lines.count - slider.count - footer
        let perRow = rows.isEmpty ? 0 : room / rows.count
        if perRow >= minimumFaceHeight, width >= 2 * minimumFaceHeight + 30 {
            let faceHeight = min(perRow, maximumFaceHeight)
            for (i, row) in rows.enumerated() {
                lines += analogRow(row, call: call, index: i, state: state, settings: settings, shown: shown, faceHeight: faceHeight,
                                   withDate: withDate, now: now, l)
            }
        } else {
            // Rows that do not fit are counted on the last line that does
            // (issue 28: a third place vanished with no word).
            let fits = rows.count <= room ? rows.count : max(0, room - 1)
            for (i, row) in rows.enumerated().prefix(fits) {
                lines.append(compactRow(row, call: call, index: i, state: state, settings: settings, width: width,
                                        withDate: withDate, now: now, l))
            }
            if fits < rows.count, room > 0 {
                lines.append(CallLine([CallSpan(l.text(.morePlaces(rows.count - fits)), .warning)]))
            }
        }
        let used = lines.count + slider.count + footer
        lines += Array(repeating: CallLine(), count: max(0, height - used))
        lines += slider
        lines.append(Self.footer(state, l, focused: focused))
        return pad(lines, width, height)
    }

    /// The last line: the `g` input while it is open (what is typed, then
    /// why it cannot be read, or the keys), else the planner's message.
    static func footer(_ state: CallPlannerState, _ l: UILanguage, focused: Bool = false) -> CallLine {
        guard let input = state.goTo else {
            if let message = state.message { return CallLine([CallSpan(l.text(message), .dim)]) }
            return CallLine([CallSpan(focused ? l.text(.callsHint) : "", .hint)])
        }
        var line = CallLine([CallSpan(l.text(.goToPrompt), .title), CallSpan(input.text + "▏", .editField)])
        if let problem = input.problem {
            line.add("  ")
            line.add(l.text(problem), .warning)
        } else {
            line.add("  ")
            line.add(l.text(.goToHint), .hint)
        }
        return line
    }

    /// Whether rows name the date, not only the weekday: when the call is
    /// more than six days from `now` (a weekday alone would be ambiguous),
    /// or its places do not all share one date.
    static func showsDate(_ rows: [CallTimeRow], start: Date, now: Date) -> Bool {
        if abs(start.timeIntervalSince(now)) > 6 * 86_400 { return true }
        let dates = Set(rows.filter { $0.mars == nil }.map { $0.reading.wall.dayNumber })
        return dates.count > 1
    }

    /// `03-15`, or `2027-03-15` in another year than `now`'s.
    static func dateText(_ r: ZoneClock.Reading, now: Date) -> String {
        let md = "\(MarkTime.pad(r.wall.month))-\(MarkTime.pad(r.wall.day))"
        let year = ZoneClock.reading(now, in: TimeZone(identifier: "UTC")!).wall.year
        return r.wall.year == year ? md : String(r.wall.isoText.prefix(10))
    }

    static func pad(_ lines: [CallLine], _ width: Int, _ height: Int) -> [CallLine] {
        let cut = Array(lines.prefix(height))
        return (cut + Array(repeating: CallLine(), count: max(0, height - cut.count))).map { $0.fitted(width) }
    }

    static func header(_ call: CallPlan, _ state: CallPlannerState, _ shown: Date, _ l: UILanguage) -> CallLine {
        var line = CallLine([CallSpan(call.name, .title)])
        if state.calls.count > 1 { line.add("  " + l.text(.callOf(index: state.activeIndex + 1, count: state.calls.count)), .dim) }
        if let minutes = call.durationMinutes { line.add("  " + l.text(.minutes(minutes)), .dim) }
        line.add("  " + ISOInstant.seconds(shown), .dim)
        return line
    }

    /// `14:05` or ` 2:05 PM`.
    static func clockText(_ r: ZoneClock.Reading, use24Hour: Bool, _ l: UILanguage = .en) -> String {
        let h = r.wall.hour, m = r.wall.minute
        let mm = m < 10 ? "0\(m)" : "\(m)"
        if use24Hour { return "\(h < 10 ? "0" : "")\(h):\(mm)" }
        let h12 = h % 12 == 0 ? 12 : h % 12
        return "\(h12 < 10 ? " " : "")\(h12):\(mm) \(l.text(h < 12 ? .am : .pm))"
    }

    static func dayText(_ offset: Int) -> String {
        offset == 0 ? "  " : (offset > 0 ? "+\(offset)" : "\(offset)")
    }

    /// `London, GB`; in Japanese `ロンドン, GB` when the place database
    /// knows a Japanese name (the panel and the editor both use this).
    static func label(_ p: Place, _ l: UILanguage = .en, places: PlaceDatabase? = nil) -> String {
        if p.isMars { return "\(p.name) (\(l.text(.marsPlace)))" }
        if p.isZoneOnly { return p.label }
        let name = l == .ja ? places?.japaneseName(of: p) ?? p.name : p.name
        return "\(name), \(p.countryCode)"
    }

    /// `Sun 14:05` with the weekday in the interface language; with a
    /// date `Sun 03-15 14:05` (see `showsDate`).
    static func dayAndTime(_ r: ZoneClock.Reading, use24Hour: Bool, date: Date? = nil, _ l: UILanguage) -> String {
        l.weekday(r.isoWeekday) + (date.map { " " + dateText(r, now: $0) } ?? "") + " " + clockText(r, use24Hour: use24Hour, l)
    }

    /// `Sol 2049 14:05 LMST` for a Mars row: the mission sol at a
    /// mission's site (as the Mars panel counts), else the local sol.
    static func marsText(_ m: MarsReading, _ l: UILanguage = .en) -> String { l.text(.marsSol(sol: m.shownSol, clock: m.clockText)) }

    /// `⚠ clocks change Sun 2026-03-08` when the place changes its UTC
    /// offset within 14 days of the call.
    /// Short form for compact rows: `⚠ DST Sun 03-08`.
    static func dstWarning(_ call: CallPlan, _ index: Int, short: Bool = false, _ l: UILanguage = .en) -> CallSpan? {
        guard let change = call.clockChange(for: index), let zone = call.participants[index].place.timeZone else { return nil }
        let r = ZoneClock.reading(change.instant, in: zone)
        if short { return CallSpan("\(l.text(.dstShort)) \(l.weekday(r.isoWeekday)) \(r.wall.isoText.dropFirst(5).prefix(5))", .warning) }
        let delta = (change.offsetAfterSeconds - change.offsetBeforeSeconds) / 60
        return CallSpan(l.text(.clocksChange(weekday: l.weekday(r.isoWeekday), date: String(r.wall.isoText.prefix(10)), minutes: delta)),
                        .warning)
    }

    static func badMarker(_ row: CallTimeRow, _ l: UILanguage = .en) -> CallSpan? {
        if !row.good { return CallSpan(l.text(.bad), .bad) }
        if row.endGood == false { return CallSpan(l.text(.endsBad), .bad) }
        return nil
    }

    static func compactRow(_ row: CallTimeRow, call: CallPlan, index: Int, state: CallPlannerState, settings: Settings, width: Int,
                           withDate: Bool = false, now: Date = Date(timeIntervalSince1970: 0), _ l: UILanguage = .en) -> CallLine {
        var line = CallLine()
        line.add(index == 0 ? "▶ " : "  ", index == 0 ? .title : .plain)
        line.add(PlacesTableFit.fit(label(row.place, l, places: state.places), 20), .placeName)
        line.add(" ")
        if let m = row.mars {
            line.add(PlacesTableFit.fit(marsText(m, l), 22), .period(row.period))
        } else {
            line.add(dayAndTime(row.reading, use24Hour: settings.clock == .twentyFourHour, date: withDate ? now : nil, l),
                     .period(row.period))
            line.add(" " + dayText(row.dayOffset), .plain)
            line.add(" " + LocalTimeText.offset(seconds: row.reading.utcOffsetSeconds), .dim)
        }
        line.add(" ")
        line.add(PlacesTableFit.fit(l.text(.period(row.period)), 11), .period(row.period))
        let periodIndex = line.spans.count - 1
        if let bad = badMarker(row, l) { line.add(" "); line.spans.append(bad) }
        if var warn = dstWarning(call, index, short: true, l) {
            // The period's padding gives way first, then the weekday: the
            // warning vanished at 80 columns with room to spare (issue 28).
            if line.width + DisplayWidth.of(warn.text) + 2 > width {
                let period = line.spans[periodIndex].text
                line.spans[periodIndex].text = String(period.reversed().drop(while: { $0 == " " }).reversed())
            }
            if line.width + DisplayWidth.of(warn.text) + 2 > width {
                warn.text = "⚠ " + warn.text.split(separator: " ").suffix(1).joined()   // `⚠ 03-08`
            }
            if line.width + DisplayWidth.of(warn.text) + 2 <= width {
                line.add("  ")
                line.spans.append(warn)
            }
        }
        return line
    }

    static func analogRow(_ row: CallTimeRow, call: CallPlan, index: Int, state: CallPlannerState, settings: Settings,
                          shown: Date, faceHeight: Int, withDate: Bool = false, now: Date = Date(timeIntervalSince1970: 0),
                          _ l: UILanguage = .en) -> [CallLine] {
        let zone = row.place.timeZone ?? TimeZone(identifier: "UTC")!
        let offset = Double(zone.rules.offsetSeconds(at: shown))
        // Hands from the instant (fractional during a sweep), in local minutes;
        // a Mars site's hands show LMST.
        let localMinutes = row.mars.map { $0.localMeanSolarHours * 60 }
            ?? ((shown.timeIntervalSince1970 + offset) / 60).truncatingRemainder(dividingBy: 1440)
        let face = BrailleClockFace.draw(heightCells: faceHeight, minutesOfDay: localMinutes < 0 ? localMinutes + 1440 : localMinutes,
                                         ring: state.ring) { settings.periods.period(minuteOfDay: $0) }
        var text: [CallLine] = []
        var name = CallLine([CallSpan(index == 0 ? "▶ " : "  ", .title), CallSpan(label(row.place, l, places: state.places), .placeName)])
        let people = call.participants[index].people
        if !people.isEmpty { name.add(" — " + people, .dim) }
        text.append(name)
        if let m = row.mars {
            text.append(CallLine([CallSpan("  " + marsText(m, l), .period(row.period))]))
        } else {
            var time = CallLine([CallSpan("  " + dayAndTime(row.reading, use24Hour: settings.clock == .twentyFourHour,
                                                            date: withDate ? now : nil, l),
                                          .period(row.period))])
            if row.dayOffset != 0 { time.add(" " + dayText(row.dayOffset)) }
            if let end = row.endReading {
                time.add(" – " + clockText(end, use24Hour: settings.clock == .twentyFourHour, l)
                         + (row.endOffsetNote.map { " " + $0 } ?? ""), .dim)
            }
            time.add("  " + LocalTimeText.offset(seconds: row.reading.utcOffsetSeconds), .dim)
            text.append(time)
        }
        var period = CallLine([CallSpan("  " + l.text(.period(row.period)), .period(row.period))])
        if let bad = badMarker(row, l) { period.add("  "); period.spans.append(bad) }
        text.append(period)
        var ampm = CallLine([CallSpan("  ")])
        let isAM = row.mars.map { $0.localMeanSolarHours < 12 } ?? (row.reading.wall.hour < 12)
        let am = l.text(.am), pm = l.text(.pm)
        ampm.add(isAM ? "[\(am)]" : " \(l == .en ? am.lowercased() : am) ", isAM ? .selection : .dim)
        ampm.add(isAM ? " \(l == .en ? pm.lowercased() : pm) " : "[\(pm)]", isAM ? .dim : .selection)
        if let warn = dstWarning(call, index, l) { ampm.add("  "); ampm.spans.append(warn) }
        text.append(ampm)

        return (0..<faceHeight).map { y in
            var line = CallLine()
            for x in 0..<(2 * faceHeight) {
                let ch = String(face.canvas.character(x, y))
                let role: CallRole
                switch face.kinds[y][x] {
                case .hand: role = .hand
                case let .ring(p): role = .period(p)
                case .dial, .blank: role = .dim
                }
                if let last = line.spans.last, last.role == role {
                    line.spans[line.spans.count - 1].text += ch
                } else {
                    line.add(ch, role)
                }
            }
            line.add(" ")
            if y < text.count { line.spans += text[y].spans }
            return line
        }
    }
}

/// Fixed-width text (cut with `…`).
enum PlacesTableFit {
    /// Widths are display cells, so Japanese names keep the columns.
    static func fit(_ text: String, _ width: Int) -> String {
        let cells = DisplayWidth.of(text)
        if cells > width { return DisplayWidth.prefix(text, fitting: max(0, width - 1)) + "…" }
        return text + RepeatedText.spaces(width - cells)
    }
}
