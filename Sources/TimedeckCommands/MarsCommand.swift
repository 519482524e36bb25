import ArgumentParser
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
        let leap = LeapSecondList.load(environment: ProcessInfo.processInfo.environment,
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
            throw usageFailure(error.description)
        } catch let error as MarsUsageError {
            throw usageFailure(error.message)
        } catch let error as MarsInverseError {
            throw usageFailure(error.description)
        } catch let failure as CLIFailure {
            throw failure.exit()
        }
    }

    /// The longitude to use and the site, if one was named.
    func resolvePlace() throws -> (longitudeEast: Double, site: MarsSite?) {
        if site != nil && longitude != nil {
            throw MarsUsageError("give either --site or --longitude, not both (a site sets the longitude)")
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
                let origin = site == nil ? " (mars.site in \(ConfigFile.locate().url.path))" : ""
                throw MarsUsageError("unknown site '\(name)'\(origin). Did you mean: \(hint)? "
                    + "Known sites: \(library.sites.map(\.name).joined(separator: ", "))")
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
    /// `--ert` names the other end of the light path from `--at`/`--scet`.
    func checkLightOptions() throws {
        if ert != nil && (at != nil || scet != nil) {
            throw MarsUsageError("--ert is the Earth-received instant and --at/--scet the event at Mars; the light time "
                + "links them, so give one of the two, not both")
        }
        if at != nil && scet != nil { throw MarsUsageError("--scet is the same as --at; give one of them") }
        if ert != nil || scet != nil {
            if all || sol != nil || lmst != nil || ltst != nil || sols != nil || from != nil || to != nil || step != nil {
                throw MarsUsageError("--ert and --scet name one instant; they do not go with --all, --sol or table mode")
            }
        }
        if ertColumn && sols == nil { throw MarsUsageError("--ert-column adds a column to a schedule; add --sol N --lmst T --sols K") }
        if station != nil || lightFrom != nil {
            if all || sol != nil || lmst != nil || ltst != nil || sols != nil || from != nil || to != nil || step != nil
                || picture != nil || width != nil {
                throw MarsUsageError("--station and --light-from give the light time between chosen ends at one instant; "
                    + "they do not go with --all, --sol, table mode or --picture")
            }
        }
    }

    /// The ends asked for with `--station` and `--light-from`, or nil for centre to centre only.
    func lightEnds(site: MarsSite?) throws -> LightPathEnds? {
        var ends = LightPathEnds()
        if let text = lightFrom {
            switch text.lowercased() {
            case "centre", "center": break
            case "site":
                guard let site else {
                    throw MarsUsageError("--light-from site needs a site with a latitude: give --site NAME "
                        + "(a bare --longitude has none)")
                }
                ends.marsSite = MarsSurfacePoint(site: site)
            default:
                throw MarsUsageError("--light-from takes centre or site, not '\(InertText.display(String(text.prefix(40))))'")
            }
        }
        if let text = station { ends.station = try EarthStation.parse(text) }
        guard station != nil || lightFrom != nil else { return nil }
        // UT1 for the station's rotation; without the table UT1 = UTC (under 1.4 µs of light time).
        if ends.station != nil { ends.ut1 = try? UT1Table.loadBundled() }
        return ends
    }

    func runSingle(now: Date, place: (longitudeEast: Double, site: MarsSite?), leap: LeapSecondList) throws {
        if csv { throw MarsUsageError("--csv is for table mode (--from, --to, --step); use --json for one instant") }
        var unixSeconds = now.timeIntervalSince1970
        if let text = at ?? scet, text.lowercased() != "now" { unixSeconds = try InstantParser.parse(text).unixSeconds }
        if let ends = try lightEnds(site: place.site) {
            return try runWithEnds(ends, unixSeconds: unixSeconds, place: place, leap: leap)
        }
        var received: MarsLightTime?
        if let text = ert {
            let ertSeconds = text.lowercased() == "now" ? unixSeconds : try InstantParser.parse(text).unixSeconds
            guard let ephemeris = Self.ephemeris() else {
                throw MarsUsageError("--ert needs the bundled ephemeris (almanac-ephemeris.bin), which could not be read; "
                    + "reinstall timedeck")
            }
            do {
                received = try MarsLightTime.received(atUnixSeconds: ertSeconds, ephemeris: ephemeris, leapSeconds: leap.table)
            } catch {
                throw MarsUsageError("--ert \(text): \(error)")
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
            throw MarsUsageError("--station and --light-from need the bundled ephemeris (almanac-ephemeris.bin), which "
                + "could not be read; reinstall timedeck")
        }
        var scet = unixSeconds
        var endsLight: MarsLightTime?
        if let text = ert {
            let ertSeconds = text.lowercased() == "now" ? unixSeconds : try InstantParser.parse(text).unixSeconds
            do {
                endsLight = try MarsLightTime.received(atUnixSeconds: ertSeconds, ephemeris: ephemeris,
                                                       leapSeconds: leap.table, ends: ends)
            } catch {
                throw MarsUsageError("--ert \(text): \(error)")
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
        if let received { sky.light = received; sky.lightUnavailable = nil }
        sky.ends = ends
        sky.endsLight = endsLight
        if json {
            Console.json(clock.json(site: place.site, missionSol: missionSol, sky: sky))
            if let why = sky.lightUnavailable { Console.error("note: no light time: \(why)\n") }
            if let notice = leap.notice { Console.error("note: \(notice)\n") }
        } else {
            Console.out(clock.text(site: place.site, missionSol: missionSol, sky: sky))
            if let notice = leap.notice { Console.out("note: \(notice)") }
        }
    }

    func runTable(place: (longitudeEast: Double, site: MarsSite?), leap: LeapSecondList) throws {
        guard let fromText = from, let toText = to, let stepText = step else {
            throw MarsUsageError("table mode needs all of --from, --to and --step")
        }
        if at != nil { throw MarsUsageError("--at is for one instant; table mode uses --from and --to") }
        if json { throw MarsUsageError("--json is for one instant; use --csv for a machine-readable table") }
        let start = try InstantParser.parse(fromText)
        let end = try InstantParser.parse(toText)
        let stepNanoseconds = try DurationParser.parse(stepText)
        guard end >= start else { throw MarsUsageError("--to (\(toText)) is before --from (\(fromText))") }
        let table = MarsTable(from: start, to: end, stepNanoseconds: stepNanoseconds,
                              longitudeEast: place.longitudeEast, site: place.site,
                              leapSeconds: leap.table, format: csv ? .csv : .text)
        guard table.rowCount <= MarsTable.maximumRows else {
            throw MarsUsageError("that is \(table.rowCount) rows; at most \(MarsTable.maximumRows) are printed. "
                + "Use a larger --step or a shorter span")
        }
        if let notice = leap.notice { Console.error("note: \(notice)\n") }
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

/// A bad combination of options, reported with exit status 2.
struct MarsUsageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
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
