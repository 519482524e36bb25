import ArgumentParser
import DeckShell
import Foundation
import TimeKit

/// `timedeck mars --sol N --lmst|--ltst T [--sols K --in PLACE…]` and
/// `timedeck mars --all`.
extension MarsCommand {
    /// Mars time to Earth time: one report at the answer, or a schedule.
    func runInverse(place: (longitudeEast: Double, site: MarsSite?), leap: LeapSecondList) throws {
        if at != nil || from != nil || to != nil || step != nil {
            throw MarsUsageError("--sol gives the instant itself; it does not take --at, --from, --to or --step")
        }
        guard let solText = sol else { throw MarsUsageError("--lmst, --ltst, --sols and --in need --sol N (the sol to convert)") }
        guard let number = Int(solText.trimmingCharacters(in: .whitespaces)) else {
            throw MarsUsageError("--sol takes a whole sol number, e.g. --sol 1700; got '\(solText)'")
        }
        // Range before arithmetic (issue 20: Int.max trapped on overflow).
        guard (-MarsInverse.solLimit...MarsInverse.solLimit).contains(number) else {
            throw MarsUsageError("--sol must be between -\(MarsInverse.solLimit) and \(MarsInverse.solLimit) "
                                 + "(timedeck converts the years 1700–2200); got \(number)")
        }
        let time: MarsLocalTime
        switch (lmst, ltst) {
        case let (mean?, nil): time = try MarsLocalTime.parse(mean, kind: .mean)
        case let (nil, solar?): time = try MarsLocalTime.parse(solar, kind: .solar)
        case (nil, nil): throw MarsUsageError("--sol needs the local time: --lmst HH:MM[:SS] or --ltst HH:MM[:SS]")
        default: throw MarsUsageError("give --lmst or --ltst, not both")
        }
        let query = MarsTimeQuery(site: place.site, longitudeEast: place.longitudeEast, sol: number, time: time)
        if sols == nil && !earthPlaces.isEmpty {
            throw MarsUsageError("--in lists Earth places in a schedule; add --sols K (e.g. --sols 10)")
        }
        if let sols { return try runSchedule(query: query, countText: sols, leap: leap) }
        if csv { throw MarsUsageError("--csv is for a schedule (--sols) or table mode; use --json for one instant") }
        let answer = try MarsInverse.answer(query, leapSeconds: leap.table)
        if let later = answer.laterOccurrence {
            Console.error(("note: \(time.text) occurs twice on sol \(number) (the equation of time grew "
                + "across local mean midnight); this is the first, the second is "
                + "\(ISOInstant.milliseconds(unixMilliseconds: later)).\n"))
        }
        printReport(unixSeconds: answer.unixSeconds, place: place, leap: leap)
    }

    func runSchedule(query: MarsTimeQuery, countText: String, leap: LeapSecondList) throws {
        guard let count = Int(countText), (1...MarsSchedule.maximumSols).contains(count) else {
            throw MarsUsageError("--sols takes a number of sols from 1 to \(MarsSchedule.maximumSols); got '\(countText)'")
        }
        if json && csv { throw MarsUsageError("give --json or --csv, not both") }
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
                throw MarsUsageError("--ert-column needs the bundled ephemeris (almanac-ephemeris.bin), which could not be "
                    + "read; reinstall timedeck")
            }
            schedule.ertEphemeris = ephemeris
        }
        let rows = try schedule.rows()
        if let notice = leap.notice { Console.error("note: \(notice)\n") }
        let missing = rows.filter { if case .failure = $0.result { true } else { false } }
        if !missing.isEmpty {
            let list: String = missing.map { String($0.sol) }.joined(separator: ", ")
            let plural: String = missing.count == 1 ? "" : "s"
            let fate: String = json ? "left out" : "shown empty"
            let note = "note: \(query.time.text) does not occur on sol\(plural) \(list) (true solar time skips it "
                + "as the sol turns at local mean midnight); \(fate).\n"
            Console.error(note)
        }
        var out = ""
        out.reserveCapacity(rows.count * (160 + 120 * places.count))
        if json {
            out = "[" + rows.compactMap(schedule.json).joined(separator: ",\n") + "]\n"
        } else if csv {
            out = MarsSchedule.csvHeader + "\n"
            for row in rows { for line in schedule.csvLines(row) { out += line + "\n" } }
        } else {
            out = Self.scheduleText(schedule, rows: rows)
        }
        try StandardOutput.write(Array(out.utf8))
    }

    /// The text schedule: one line per sol, a column per Earth place with
    /// its local time, period and a `✗` for a bad time to call.
    static func scheduleText(_ schedule: MarsSchedule, rows: [MarsSchedule.Row]) -> String {
        let q = schedule.query
        let where_ = q.site.map { $0.name + ($0.isMission ? " mission" : "") } ?? MarsLongitude.text(q.longitudeEast, decimals: 2)
        let last = q.sol + schedule.count - 1
        var out = "\(where_) sol\(schedule.count > 1 ? "s" : "") \(q.sol)\(schedule.count > 1 ? "–\(last)" : "") at \(q.time.text)\n"
        let other = q.time.kind == .mean ? "LTST" : "LMST"
        var header = PlacesTable.fit("SOL", 7) + PlacesTable.fit("UTC", 26) + PlacesTable.fit(other, 10)
        let sunColumns = q.site != nil
        if sunColumns { header += PlacesTable.fit("SUNRISE (UTC)", 22) + PlacesTable.fit("SUNSET (UTC)", 22) }
        if schedule.ertEphemeris != nil { header += PlacesTable.fit("ERT (UTC)", 26) }
        for place in schedule.places { header += PlacesTable.fit(PlacesTable.label(place), 28) }
        out += trimmed(header) + "\n"
        for row in rows {
            var line = PlacesTable.fit(String(row.sol), 7)
            switch row.result {
            case .failure:
                line += "(not on this sol)"
            case .success(let found):
                line += PlacesTable.fit(ISOInstant.milliseconds(unixMilliseconds: found.answer.unixMilliseconds), 26)
                let c = found.clock
                line += PlacesTable.fit(FixedText.clock(hours: q.time.kind == .mean ? c.localTrueSolarTime : c.localMeanSolarTime), 10)
                if sunColumns {
                    let polar = (found.solarDay?.maximumElevationDegrees ?? 0) > 0 ? "(polar day)" : "(polar night)"
                    func second(_ e: MarsSolarDay.Event?) -> String {
                        guard let e else { return polar }
                        return ISOInstant.seconds(Date(timeIntervalSince1970: e.unixSeconds.rounded()))
                    }
                    line += PlacesTable.fit(second(found.solarDay?.sunrise), 22) + PlacesTable.fit(second(found.solarDay?.sunset), 22)
                }
                if schedule.ertEphemeris != nil {
                    let ms = found.light.map { Int64(($0.ertUnixSeconds * 1000).rounded()) }
                    line += PlacesTable.fit(ms.map { ISOInstant.milliseconds(unixMilliseconds: $0) } ?? "(outside DE421)", 26)
                }
                for p in found.places {
                    let r = p.reading
                    let text = "\(r.weekdayName) \(CallCommand.hhmm(r)) \(p.period.title)" + (p.good ? "" : " ✗")
                    line += PlacesTable.fit(text, 28)
                }
            }
            out += trimmed(line) + "\n"
        }
        if schedule.places.contains(where: { _ in true }) && rows.contains(where: { row in
            if case .success(let f) = row.result { return f.places.contains { !$0.good } } else { return false }
        }) {
            out += "✗ bad time to call (before dawn)\n"
        }
        return out
    }

    /// `s` without trailing spaces (on bytes: a thousand-sol table calls it per line).
    static func trimmed(_ s: String) -> String {
        var bytes = Array(s.utf8)
        while bytes.last == 32 { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Every site at one instant: a table, or a JSON array of forward reports.
    func runAll(now: Date, leap: LeapSecondList) throws {
        if site != nil || longitude != nil || sol != nil || lmst != nil || ltst != nil || sols != nil || !earthPlaces.isEmpty
            || from != nil || to != nil || step != nil || csv {
            throw MarsUsageError("--all shows every site at one instant; it takes only --at and --json")
        }
        let loaded = CommandConfig.loadedWarning()
        let library = try Self.library(settings: loaded.settings)
        var unixSeconds = now.timeIntervalSince1970
        if let text = at, text.lowercased() != "now" { unixSeconds = try InstantParser.parse(text).unixSeconds }
        let readings = MarsSiteReading.all(library.sites, at: unixSeconds, leapSeconds: leap.table)
        // Each site's sky: the light time (centre to centre, the same for
        // every site) and the Sun where the site has a latitude.
        let ephemeris = Self.ephemeris()
        let skies = readings.map {
            MarsSkyReport.at(clock: $0.clock, planetocentricLatitude: $0.site.latitude, ephemeris: ephemeris, leapSeconds: leap.table)
        }
        if json {
            Console.json("[" + zip(readings, skies).map { $0.clock.json(site: $0.site, missionSol: $0.missionSol, sky: $1) }
                .joined(separator: ",\n") + "]")
            if let why = skies.first?.lightUnavailable { Console.error("note: no light time: \(why)\n") }
            if let notice = leap.notice { Console.error("note: \(notice)\n") }
            return
        }
        let ms = Int64((unixSeconds * 1000).rounded(.toNearestOrAwayFromZero))
        var lines = ["Every site at \(ISOInstant.milliseconds(unixMilliseconds: ms))"]
        lines.append(Self.trimmed(PlacesTable.fit("SITE", 16) + PlacesTable.fit("LONGITUDE", 11) + PlacesTable.fit("LMST", 10)
                             + PlacesTable.fit("LTST", 10) + PlacesTable.right("SOL", 6) + PlacesTable.right("MISSION SOL", 13)
                             + PlacesTable.right("SUN", 8)))
        for (r, sky) in zip(readings, skies) {
            let c = r.clock
            lines.append(Self.trimmed(PlacesTable.fit(r.site.name, 16) + PlacesTable.fit(MarsLongitude.text(c.longitudeEast, decimals: 2), 11)
                                 + PlacesTable.fit(FixedText.clock(hours: c.localMeanSolarTime), 10)
                                 + PlacesTable.fit(FixedText.clock(hours: c.localTrueSolarTime), 10)
                                 + PlacesTable.right(String(r.localSol), 6) + PlacesTable.right(r.missionSol.map(String.init) ?? "—", 13)
                                 + PlacesTable.right(sky.sun.map { (($0.elevationDegrees >= 0 ? "+" : "") + FixedText.decimal($0.elevationDegrees, places: 1) + "°") } ?? "—", 8)))
        }
        if let light = skies.first?.light {
            lines.append("light time to the Earth " + MarsSkyReport.minutesText(light.owltSeconds) + " (SUN: the Sun's elevation at each site)")
        }
        if let notice = leap.notice { lines.append("note: \(notice)") }
        Console.out(lines.joined(separator: "\n"))
    }
}
