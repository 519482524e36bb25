import ArgumentParser
import Dashboard
import DeckShell
import Foundation
import TimeKit

struct MarsCommand: JSONCommand {
    static let configuration = CommandConfiguration(
        commandName: "mars",
        abstract: "Mars time (NASA GISS Mars24): MTC, local solar times, sol, Ls, Mars Year.",
        discussion: """
            One instant (default now) as a table or --json, or a table from --from to --to \
            every --step (text or --csv). Mars time to Earth time: --sol N with --lmst or --ltst \
            gives the instant (the same report); add --sols K and --in PLACE for a schedule of K \
            sols (text, --csv or --json). --all shows every site at one instant. Your own sites: \
            [mars-site-<id>] tables in the config file. Leap seconds come from \(LeapSecondList.systemPath) \
            or $\(LeapSecondList.environmentKey); a notice says when that list is missing or expired.
            """
    )

    @Option(help: ArgumentHelp("Instant, ISO-8601 with a zone (2021-02-18T20:55:00Z, offsets and fractions allowed). Default: now.",
                               valueName: "instant"))
    var at: String?

    // `.unconditional` so that a negative value (`--longitude -133.8`) is not
    // taken for an option.
    @Option(help: ArgumentHelp("Earth-received time (ERT), ISO-8601: the report is for the event at Mars whose light "
                               + "reaches the Earth's centre then (SCET = ERT - one-way light time).", valueName: "instant"))
    var ert: String?

    @Option(help: ArgumentHelp("Spacecraft event time (SCET, UTC at Mars), ISO-8601: the same as --at.", valueName: "instant"))
    var scet: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("The Earth end of the light path: goldstone, canberra or madrid (DSS-14, DSS-43, DSS-63) "
                               + "or LAT,LON[,HEIGHT_M] (geodetic, WGS-84). Adds owltEnds and ertEnds; owlt stays "
                               + "Mars centre to Earth centre. With --ert, the instant is received there.",
                               valueName: "station"))
    var station: String?

    @Option(name: .customLong("light-from"),
            help: ArgumentHelp("The Mars end of the light path: centre (default) or site (the --site's surface point; "
                               + "adds owltEnds and ertEnds).", valueName: "centre|site"))
    var lightFrom: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Longitude in degrees east, -180...360 (west negative), or 137.4E / 133.8W. "
                               + "Default: the config's mars.site or mars.longitude, else 0 (Airy-0).",
                               valueName: "degrees-east"))
    var longitude: String?

    @Option(help: ArgumentHelp("A site name from the library (e.g. Curiosity, Jezero, Olympus Mons); sets the longitude "
                               + "and, for missions, the mission sol.", valueName: "name"))
    var site: String?

    @OptionGroup var output: OutputOptions<MarsCommand>
    static let jsonHelp = "Print one JSON object instead of the table."
    var json: Bool { output.json }

    @Option(help: ArgumentHelp("Table mode: first instant (ISO-8601).", valueName: "instant"))
    var from: String?

    @Option(help: ArgumentHelp("Table mode: last instant (ISO-8601), inclusive.", valueName: "instant"))
    var to: String?

    @Option(help: ArgumentHelp("Table mode: step, e.g. 1m, 90s, 1h30m, 1sol, PT1M.", valueName: "duration"))
    var step: String?

    @Flag(help: "Table mode: comma-separated values with a header line.")
    var csv = false

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Mars time to Earth time: the sol (mission sol for a mission --site, else the local sol "
                               + "floor(MSD + longitude/360)); with --lmst or --ltst.", valueName: "sol"))
    var sol: String?

    @Option(help: ArgumentHelp("With --sol: local mean solar time, HH:MM[:SS].", valueName: "time"))
    var lmst: String?

    @Option(help: ArgumentHelp("With --sol: local true solar time, HH:MM[:SS].", valueName: "time"))
    var ltst: String?

    @Option(help: ArgumentHelp("With --sol: a schedule of this many consecutive sols (1–100000).", valueName: "count"))
    var sols: String?

    @Option(name: .customLong("in"),
            help: ArgumentHelp("With --sols: an Earth place to show each sol's local time at (repeatable; any place "
                               + "`timedeck call` takes).", valueName: "place"))
    var earthPlaces: [String] = []

    @Flag(help: "With --sols: add each sol's Earth-received time (ERT) and one-way light time.")
    var ertColumn = false

    @Flag(help: "Every site of the library (and the config's own sites) at one instant.")
    var all = false

    @Option(help: ArgumentHelp("Print a Mars24 picture in Braille at one instant: sunclock (day and night on a map "
                               + "with the sites), orbit (Mercury to Mars round the Sun) or path (the Sun's elevation "
                               + "through the sol at --site).", valueName: "sunclock|orbit|path"))
    var picture: String?

    @Option(help: ArgumentHelp("With --picture: width in columns, \(Self.pictureColumns.lowerBound)–"
                               + "\(Self.pictureColumns.upperBound) (default \(Self.defaultPictureColumns)).",
                               valueName: "columns"))
    var width: String?

    func run() throws {
        let now = Date()
        let leap = LeapSecondList.load(environment: ProcessEnvironment.values,
                                       nowUnixSeconds: Int64(now.timeIntervalSince1970.rounded(.down)))
        do {
            try checkLightOptions()
            if all { try checkNoPicture(); return try runAll(now: now, leap: leap) }
            let place = try resolvePlace()
            if picture != nil || width != nil { return try runPicture(now: now, place: place, leap: leap) }
            if sol != nil || lmst != nil || ltst != nil || sols != nil || !earthPlaces.isEmpty {
                try runInverse(place: place, leap: leap)
            } else if from != nil || to != nil || step != nil {
                try runTable(place: place, leap: leap)
            } else {
                try runSingle(now: now, place: place, leap: leap)
            }
        } catch let error as InputError {
            throw usageFailure(CommandConfig.language.text(.inputRefused(error, source: nil)))
        } catch let error as MarsUsageError {
            throw usageFailure(CommandConfig.language.text(.marsUsage(error.usage)))
        } catch let error as MarsInverseError {
            throw usageFailure(CommandConfig.language.text(.marsUsage(.inverse(error))))
        } catch let failure as CLIFailure {
            throw failure.exit()
        }
    }

    /// The longitude to use and the site, if one was named.
    func resolvePlace() throws -> (longitudeEast: Double, site: MarsSite?) {
        if site != nil && longitude != nil {
            throw MarsUsageError(.siteAndLongitude)
        }
        var name = site
        let loaded = CommandConfig.loadedWarning()
        if site == nil && longitude == nil {
            // No choice on the command line: the config's [mars] keys, if any.
            let config = loaded.settings
            if let configured = config.marsSite {
                name = configured
            } else if let degrees = config.marsLongitudeEast {
                return (MarsLongitude.normalized(degrees), nil)
            }
        }
        if let name {
            let library = try Self.library(settings: loaded.settings)
            guard let found = library.site(named: name) else {
                let hint = library.suggestions(for: name).joined(separator: ", ")
                throw MarsUsageError(.unknownSite(name: name, config: site == nil ? ConfigFile.locate().url.path : nil, suggestions: hint,
                                                  known: library.sites.map(\.name).joined(separator: ", ")))
            }
            return (found.longitudeEast, found)
        }
        if let text = longitude { return (try LongitudeParser.parse(text), nil) }
        return (0, nil)
    }

    /// The bundled sites and the config's own (`[mars-site-<id>]`); a
    /// clash of names is said on stderr.
    static func library(settings: Settings) throws -> MarsSiteLibrary {
        let bundled: MarsSiteLibrary
        do {
            bundled = try MarsSiteLibrary.bundled()
        } catch {
            Console.error("timedeck mars: \(error)\n")
            throw ExitCode(1)
        }
        let merged = bundled.adding(settings.marsSites)
        for clash in merged.clashes {
            Console.error(("timedeck: the config's Mars site \(clash.site) is left out: "
                + "\(clash.taken) already has that name\n"))
        }
        return merged.library
    }

    /// `--ert`, `--scet` and `--ert-column` go with one instant or a schedule only, and
    /// `--ert` names the other end of the light path from `--at`/`--scet`. The
    /// chosen ends (`--station`, `--light-from`) go with one instant, a schedule's
    /// ERT column and `--all`; table mode and pictures have no light time.
    func checkLightOptions() throws {
        if ert != nil && (at != nil || scet != nil) { throw MarsUsageError(.ertWithAt) }
        if at != nil && scet != nil { throw MarsUsageError(.scetWithAt) }
        if ert != nil || scet != nil {
            if all || sol != nil || lmst != nil || ltst != nil || sols != nil || from != nil || to != nil || step != nil {
                throw MarsUsageError(.ertScetOneInstant)
            }
        }
        if ertColumn && sols == nil { throw MarsUsageError(.ertColumnNeedsSchedule) }
        if station != nil || lightFrom != nil {
            if from != nil || to != nil || step != nil || picture != nil || width != nil { throw MarsUsageError(.endsNotHere) }
            if sols != nil && !ertColumn { throw MarsUsageError(.endsNeedErtColumn) }
        }
    }

    /// What `--light-from` says: the site (true) or the centre (false); nil when not given.
    func lightFromSite() throws -> Bool? {
        guard let text = lightFrom else { return nil }
        switch text.lowercased() {
        case "centre", "center": return false
        case "site": return true
        default: throw MarsUsageError(.lightFromBad(InertText.display(String(text.prefix(40)))))
        }
    }

    /// The ends asked for with `--station` and `--light-from`, or nil for centre to centre only.
    func lightEnds(site: MarsSite?) throws -> LightPathEnds? {
        var ends = LightPathEnds()
        if try lightFromSite() == true {
            guard let site else { throw MarsUsageError(.lightFromSiteNeedsSite) }
            ends.marsSite = MarsSurfacePoint(site: site)
        }
        if let text = station { ends.station = try EarthStation.parse(text) }
        guard station != nil || lightFrom != nil else { return nil }
        // UT1 for the station's rotation; without the table UT1 = UTC (under 1.4 µs of light time).
        if ends.station != nil { ends.ut1 = try? UT1Table.loadBundled() }
        return ends
    }

    func runSingle(now: Date, place: (longitudeEast: Double, site: MarsSite?), leap: LeapSecondList) throws {
        if csv { throw MarsUsageError(.csvSingle) }
        var unixSeconds = now.timeIntervalSince1970
        if let text = at ?? scet, text.lowercased() != "now" { unixSeconds = try InstantParser.parse(text).unixSeconds }
        if let ends = try lightEnds(site: place.site) {
            return try runWithEnds(ends, unixSeconds: unixSeconds, place: place, leap: leap)
        }
        var received: MarsLightTime?
        if let text = ert {
            let ertSeconds = text.lowercased() == "now" ? unixSeconds : try InstantParser.parse(text).unixSeconds
            guard let ephemeris = Self.ephemeris() else {
                throw MarsUsageError(.needsEphemeris(option: "--ert", plural: false))
            }
            do {
                received = try MarsLightTime.received(atUnixSeconds: ertSeconds, ephemeris: ephemeris, leapSeconds: leap.table)
            } catch {
                throw MarsUsageError(.ertFailed(instant: text, MarsLightProblem(error)))
            }
            unixSeconds = received?.scetUnixSeconds ?? unixSeconds
        }
        printReport(unixSeconds: unixSeconds, place: place, leap: leap, received: received)
    }

    /// One instant with chosen ends: `--ert` is received at the Earth end, else
    /// the instant is the event at the Mars end; the centre-to-centre keys stay.
    func runWithEnds(_ ends: LightPathEnds, unixSeconds: Double, place: (longitudeEast: Double, site: MarsSite?),
                     leap: LeapSecondList) throws {
        guard let ephemeris = Self.ephemeris() else {
            throw MarsUsageError(.needsEphemeris(option: "--station and --light-from", plural: true))
        }
        var scet = unixSeconds
        var endsLight: MarsLightTime?
        if let text = ert {
            let ertSeconds = text.lowercased() == "now" ? unixSeconds : try InstantParser.parse(text).unixSeconds
            do {
                endsLight = try MarsLightTime.received(atUnixSeconds: ertSeconds, ephemeris: ephemeris,
                                                       leapSeconds: leap.table, ends: ends)
            } catch {
                throw MarsUsageError(.ertFailed(instant: text, MarsLightProblem(error)))
            }
            scet = endsLight?.scetUnixSeconds ?? scet
        } else {
            endsLight = try? MarsLightTime.emitted(atUnixSeconds: scet, ephemeris: ephemeris, leapSeconds: leap.table,
                                                   ends: ends)
        }
        printReport(unixSeconds: scet, place: place, leap: leap, ends: ends, endsLight: endsLight)
    }

    /// The bundled DE421 extract, or nil when it cannot be read (the report then says so).
    static func ephemeris() -> ChebyshevEphemeris? { try? ChebyshevEphemeris.loadBundled() }

    /// The one-instant report (text or --json) for the event at Mars at `unixSeconds` (SCET).
    func printReport(unixSeconds: Double, place: (longitudeEast: Double, site: MarsSite?), leap: LeapSecondList,
                     received: MarsLightTime? = nil, ends: LightPathEnds? = nil, endsLight: MarsLightTime? = nil) {
        let clock = MarsClock(unixSeconds: unixSeconds, ttMinusUTCSeconds: leap.table.ttMinusUTC(atUnixSeconds: unixSeconds),
                              longitudeEast: place.longitudeEast)
        var missionSol: Int?
        if let site = place.site, let landing = site.landingUnixSeconds {
            missionSol = site.missionSol(at: clock, landingTTMinusUTCSeconds: leap.table.ttMinusUTC(atUnixSeconds: landing))
        }
        var sky = MarsSkyReport.at(clock: clock, planetocentricLatitude: place.site?.latitude,
                                   ephemeris: received == nil ? Self.ephemeris() : nil, leapSeconds: leap.table)
        if let received { sky.light = received; sky.lightUnavailable = nil; sky.lightProblem = nil }
        sky.ends = ends
        sky.endsLight = endsLight
        if json {
            Console.json(clock.json(site: place.site, missionSol: missionSol, sky: sky))
            if let why = sky.lightProblem { Console.error(CommandConfig.language.text(.marsReport(.noLightTime(why)))) }
            if let notice = leap.noticeText { Console.error(notice + "\n") }
        } else {
            Console.out(MarsReportText.report(clock, site: place.site, missionSol: missionSol, sky: sky, CommandConfig.language))
            if let notice = leap.noticeText { Console.out(notice) }
        }
    }

    func runTable(place: (longitudeEast: Double, site: MarsSite?), leap: LeapSecondList) throws {
        guard let fromText = from, let toText = to, let stepText = step else {
            throw MarsUsageError(.tableNeedsAll)
        }
        if at != nil { throw MarsUsageError(.tableAt) }
        if json { throw MarsUsageError(.tableJSON) }
        let start = try InstantParser.parse(fromText)
        let end = try InstantParser.parse(toText)
        let stepNanoseconds = try DurationParser.parse(stepText)
        guard end >= start else { throw MarsUsageError(.toBeforeFrom(to: toText, from: fromText)) }
        let table = MarsTable(from: start, to: end, stepNanoseconds: stepNanoseconds,
                              longitudeEast: place.longitudeEast, site: place.site,
                              leapSeconds: leap.table, format: csv ? .csv : .text)
        guard table.rowCount <= MarsTable.maximumRows else {
            throw MarsUsageError(.tooManyRows(count: table.rowCount, maximum: MarsTable.maximumRows))
        }
        if let notice = leap.noticeText { Console.error(notice + "\n") }
        var buffer = AsciiBuffer(capacity: 1 << 17)
        table.writeHeader(into: &buffer)
        var row: Int64 = 0
        let chunk: Int64 = 512
        while row < table.rowCount {
            table.writeRows(row, count: chunk, into: &buffer)
            row += chunk
            if buffer.count >= 1 << 16 {
                try StandardOutput.write(buffer.bytes)
                buffer.removeAll()
            }
        }
        try StandardOutput.write(buffer.bytes)
    }

    func usageFailure(_ message: String) -> ExitCode {
        Console.error("timedeck mars: \(message)\n")
        return ExitCode(2)
    }
}

/// A bad combination of options, reported with exit status 2 in the interface language.
struct MarsUsageError: Error {
    var usage: MarsUsage
    init(_ usage: MarsUsage) { self.usage = usage }
}

/// Unbuffered writes of whole byte arrays to file descriptor 1.
enum StandardOutput {
    static func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { raw in
            guard var pointer = raw.baseAddress else { return }
            var remaining = raw.count
            while remaining > 0 {
                let n = Glibc.write(1, pointer, remaining)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw ExitCode(1)
                }
                remaining -= n
                pointer += n
            }
        }
    }
}
