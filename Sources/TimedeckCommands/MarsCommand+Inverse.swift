import ArgumentParser
import Dashboard
import DeckShell
import Foundation
import TimeKit

/// `timedeck mars --sol N --lmst|--ltst T [--sols K --in PLACE…]` and
/// `timedeck mars --all`.
extension MarsCommand {
    /// Mars time to Earth time: one report at the answer, or a schedule.
    func runInverse(place: (longitudeEast: Double, site: MarsSite?), leap: LeapSecondList) throws {
        if at != nil || from != nil || to != nil || step != nil {
            throw MarsUsageError(.solTakesNoInstant)
        }
        guard let solText = sol else { throw MarsUsageError(.needsSol) }
        guard let number = Int(solText.trimmingCharacters(in: .whitespaces)) else {
            throw MarsUsageError(.solNotNumber(solText))
        }
        // Range before arithmetic (issue 20: Int.max trapped on overflow).
        guard (-MarsInverse.solLimit...MarsInverse.solLimit).contains(number) else {
            throw MarsUsageError(.solRange(limit: MarsInverse.solLimit, got: number))
        }
        let time: MarsLocalTime
        switch (lmst, ltst) {
        case let (mean?, nil): time = try MarsLocalTime.parse(mean, kind: .mean)
        case let (nil, solar?): time = try MarsLocalTime.parse(solar, kind: .solar)
        case (nil, nil): throw MarsUsageError(.solNeedsTime)
        default: throw MarsUsageError(.lmstAndLtst)
        }
        let query = MarsTimeQuery(site: place.site, longitudeEast: place.longitudeEast, sol: number, time: time)
        if sols == nil && !earthPlaces.isEmpty {
            throw MarsUsageError(.inNeedsSols)
        }
        if let sols { return try runSchedule(query: query, countText: sols, leap: leap) }
        if csv { throw MarsUsageError(.csvInverse) }
        let answer = try MarsInverse.answer(query, leapSeconds: leap.table)
        if let later = answer.laterOccurrence {
            Console.error(CommandConfig.language.text(.marsReport(.occursTwice(
                time: time.text, sol: number, second: ISOInstant.milliseconds(unixMilliseconds: later)))))
        }
        if let ends = try lightEnds(site: place.site) {
            return try runWithEnds(ends, unixSeconds: answer.unixSeconds, place: place, leap: leap)
        }
        printReport(unixSeconds: answer.unixSeconds, place: place, leap: leap)
    }

    func runSchedule(query: MarsTimeQuery, countText: String, leap: LeapSecondList) throws {
        guard let count = Int(countText), (1...MarsSchedule.maximumSols).contains(count) else {
            throw MarsUsageError(.solsCount(maximum: MarsSchedule.maximumSols, got: countText))
        }
        if json && csv { throw MarsUsageError(.jsonAndCSV) }
        var places: [Place] = []
        if !earthPlaces.isEmpty {
            let resolver = try CLIFailure.resolver()
            let here = HerePlace(places: resolver.places)
            places = try earthPlaces.map { try CallCommand.resolve($0, with: resolver, here: here).place }
            if let mars = places.first(where: \.isMars) {
                throw CLIFailure.usage("--in takes Earth places; \(mars.name) is a Mars site (its time is the schedule itself).")
            }
            guard places.allSatisfy({ $0.timeZone != nil }) else {
                throw CLIFailure.usage("a place has a time zone this system does not know; update timedeck.")
            }
        }
        let periods = CommandConfig.settings.periods
        var schedule = MarsSchedule(query: query, count: count, places: places, periods: periods, leapSeconds: leap.table)
        if ertColumn {
            guard let ephemeris = Self.ephemeris() else {
                throw MarsUsageError(.needsEphemeris(option: "--ert-column", plural: false))
            }
            schedule.ertEphemeris = ephemeris
            // `--station` / `--light-from site`: the ERT column between those ends (checkLightOptions
            // refused them without --ert-column).
            schedule.ertEnds = try lightEnds(site: query.site)
        }
        let rows = try schedule.rows()
        if let notice = leap.noticeText { Console.error(notice + "\n") }
        let missing = rows.filter { if case .failure = $0.result { true } else { false } }
        let language = CommandConfig.language
        if !missing.isEmpty {
            Console.error(language.text(.marsReport(.notOnSols(time: query.time.text, sols: missing.map(\.sol), leftOut: json))))
        }
        var out = ""
        out.reserveCapacity(rows.count * (160 + 120 * places.count))
        if json {
            out = "[" + rows.compactMap(schedule.json).joined(separator: ",\n") + "]\n"
        } else if csv {
            out = schedule.csvHeaderLine + "\n"
            for row in rows { for line in schedule.csvLines(row) { out += line + "\n" } }
        } else {
            out = Self.scheduleText(schedule, rows: rows, language)
        }
        try StandardOutput.write(Array(out.utf8))
    }

    /// The text schedule: one line per sol, a column per Earth place with
    /// its local time, period and a `✗` for a bad time to call. With chosen
    /// ends the ERT column is theirs, and a line under the table says so.
    static func scheduleText(_ schedule: MarsSchedule, rows: [MarsSchedule.Row], _ l: UILanguage = .en) -> String {
        let q = schedule.query
        func fit(_ text: String, _ cells: Int) -> String { MarsReportText.fit(text, cells, l) }
        func column(_ c: MarsColumn) -> String { l.text(.marsReport(.column(c))) }
        let where_ = q.site?.name ?? MarsLongitude.text(q.longitudeEast, decimals: 2)
        let last = q.sol + schedule.count - 1
        var out = l.text(.marsReport(.scheduleTitle(place: where_, mission: q.site?.isMission == true, first: q.sol,
                                              last: schedule.count > 1 ? last : nil, time: q.time.text))) + "\n"
        var header = fit(column(.sol), 7) + fit("UTC", 26) + fit(q.time.kind == .mean ? "LTST" : "LMST", 10)
        let sunColumns = q.site != nil
        if sunColumns { header += fit(column(.sunriseUTC), 22) + fit(column(.sunsetUTC), 22) }
        let ends = schedule.ertEphemeris == nil ? nil : schedule.ertEnds
        if schedule.ertEphemeris != nil { header += fit("ERT (UTC)", 26) }
        for place in schedule.places { header += PlacesTable.fit(PlacesTable.label(place), 28) }
        out += trimmed(header) + "\n"
        for row in rows {
            var line = PlacesTable.fit(String(row.sol), 7)
            switch row.result {
            case .failure:
                line += l.text(.marsReport(.notOnThisSol))
            case .success(let found):
                line += PlacesTable.fit(ISOInstant.milliseconds(unixMilliseconds: found.answer.unixMilliseconds), 26)
                let c = found.clock
                line += PlacesTable.fit(FixedText.clock(hours: q.time.kind == .mean ? c.localTrueSolarTime : c.localMeanSolarTime), 10)
                if sunColumns {
                    let polar = l.text(.marsReport(.polarCell(day: (found.solarDay?.maximumElevationDegrees ?? 0) > 0)))
                    func second(_ e: MarsSolarDay.Event?) -> String {
                        guard let e else { return polar }
                        return ISOInstant.seconds(Date(timeIntervalSince1970: e.unixSeconds.rounded()))
                    }
                    line += fit(second(found.solarDay?.sunrise), 22) + fit(second(found.solarDay?.sunset), 22)
                }
                if schedule.ertEphemeris != nil {
                    let light = ends == nil ? found.light : found.endsLight
                    let ms = light.map { Int64(($0.ertUnixSeconds * 1000).rounded()) }
                    line += fit(ms.map { ISOInstant.milliseconds(unixMilliseconds: $0) } ?? l.text(.marsReport(.outsideEphemerisCell)), 26)
                }
                for p in found.places {
                    let r = p.reading
                    let period = l == .en ? p.period.title : l.text(UIText.period(p.period))
                    let weekday = l == .en ? r.weekdayName : l.weekday(r.isoWeekday)
                    line += fit("\(weekday) \(CallCommand.hhmm(r)) \(period)" + (p.good ? "" : " ✗"), 28)
                }
            }
            out += trimmed(line) + "\n"
        }
        if schedule.places.contains(where: { _ in true }) && rows.contains(where: { row in
            if case .success(let f) = row.result { return f.places.contains { !$0.good } } else { return false }
        }) {
            out += l.text(.marsReport(.badTimeLegend)) + "\n"
        }
        if let ends { out += l.text(.marsReport(.scheduleLightPath(path: MarsReportText.path(ends, l)))) + "\n" }
        return out
    }

    /// `s` without trailing spaces (on bytes: a thousand-sol table calls it per line).
    static func trimmed(_ s: String) -> String {
        var bytes = Array(s.utf8)
        while bytes.last == 32 { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Every site at one instant: a table, or a JSON array of forward reports.
    /// With chosen ends each site gets the light time between them (its own
    /// surface point with `--light-from site`), as its single report would.
    func runAll(now: Date, leap: LeapSecondList) throws {
        if site != nil || longitude != nil || sol != nil || lmst != nil || ltst != nil || sols != nil || !earthPlaces.isEmpty
            || from != nil || to != nil || step != nil || csv {
            throw MarsUsageError(.allTakesOnly)
        }
        let loaded = CommandConfig.loadedWarning()
        let library = try Self.library(settings: loaded.settings)
        var unixSeconds = now.timeIntervalSince1970
        if let text = at, text.lowercased() != "now" { unixSeconds = try InstantParser.parse(text).unixSeconds }
        let readings = MarsSiteReading.all(library.sites, at: unixSeconds, leapSeconds: leap.table)
        // Each site's sky: the light time (centre to centre, the same for
        // every site) and the Sun where the site has a latitude.
        let ephemeris = Self.ephemeris()
        var skies = readings.map {
            MarsSkyReport.at(clock: $0.clock, planetocentricLatitude: $0.site.latitude, ephemeris: ephemeris, leapSeconds: leap.table)
        }
        let ends = try readings.first.flatMap { try lightEnds(site: $0.site) }
        if let ends {
            guard let ephemeris else { throw MarsUsageError(.needsEphemeris(option: "--station and --light-from", plural: true)) }
            for i in readings.indices {
                var siteEnds = ends
                if ends.marsSite != nil { siteEnds.marsSite = MarsSurfacePoint(site: readings[i].site) }
                skies[i].ends = siteEnds
                skies[i].endsLight = try? MarsLightTime.emitted(atUnixSeconds: unixSeconds, ephemeris: ephemeris,
                                                                leapSeconds: leap.table, ends: siteEnds)
            }
        }
        let l = CommandConfig.language
        if json {
            Console.json("[" + zip(readings, skies).map { $0.clock.json(site: $0.site, missionSol: $0.missionSol, sky: $1) }
                .joined(separator: ",\n") + "]")
            if let why = skies.first?.lightProblem { Console.error(l.text(.marsReport(.noLightTime(why)))) }
            if let notice = leap.noticeText { Console.error(notice + "\n") }
            return
        }
        Console.out(Self.allText(readings, skies: skies, at: unixSeconds, ends: ends, l)
            + (leap.noticeText.map { "\n" + $0 } ?? ""))
    }

    /// The `--all` table: a line per site, the light time under it.
    static func allText(_ readings: [MarsSiteReading], skies: [MarsSkyReport], at unixSeconds: Double, ends: LightPathEnds?,
                        _ l: UILanguage) -> String {
        func fit(_ text: String, _ cells: Int) -> String { MarsReportText.fit(text, cells, l) }
        func right(_ text: String, _ cells: Int) -> String { MarsReportText.right(text, cells, l) }
        func column(_ c: MarsColumn) -> String { l.text(.marsReport(.column(c))) }
        // A column at least two cells wider than its label (the English widths; a longer Japanese label widens it).
        let missionCells = max(13, DisplayWidth.of(column(.missionSol)) + 2)
        let ms = Int64((unixSeconds * 1000).rounded(.toNearestOrAwayFromZero))
        var lines = [l.text(.marsReport(.allTitle(at: ISOInstant.milliseconds(unixMilliseconds: ms))))]
        lines.append(trimmed(fit(column(.site), 16) + fit(column(.longitude), 11) + fit("LMST", 10)
                             + fit("LTST", 10) + right(column(.sol), 6) + right(column(.missionSol), missionCells)
                             + right(column(.sun), 8) + (ends == nil ? "" : right(column(.light), 14))))
        for (r, sky) in zip(readings, skies) {
            let c = r.clock
            let sun = sky.sun.map { ($0.elevationDegrees >= 0 ? "+" : "") + FixedText.decimal($0.elevationDegrees, places: 1) + "°" }
            let light = ends == nil ? "" : right(sky.endsLight.map { FixedText.decimal($0.owltSeconds, places: 6) } ?? "—", 14)
            lines.append(trimmed(fit(r.site.name, 16) + fit(MarsLongitude.text(c.longitudeEast, decimals: 2), 11)
                                 + fit(FixedText.clock(hours: c.localMeanSolarTime), 10)
                                 + fit(FixedText.clock(hours: c.localTrueSolarTime), 10)
                                 + right(String(r.localSol), 6) + right(r.missionSol.map(String.init) ?? "—", missionCells)
                                 + right(sun ?? "—", 8) + light))
        }
        if let light = skies.first?.light {
            lines.append(l.text(.marsReport(.allFooter(lightTime: MarsReportText.lightTime(light.owltSeconds, totalPlaces: nil, l)))))
        }
        if let ends {
            lines.append(l.text(.marsReport(.allEndsFooter(earth: ends.station?.label, eachSite: ends.marsSite != nil))))
        }
        return lines.joined(separator: "\n")
    }
}
