import Foundation

/// `timedeck mars --sol N --lmst T --sols K --in PLACE…`: K consecutive sols
/// of one local Mars time, each with its Earth instant and what the clock
/// says at each Earth place (local time, period, good or bad), so a team
/// living on Mars time sees which sols land before dawn at home.
public struct MarsSchedule: Sendable {
    /// One sol of the schedule.
    public struct Row: Equatable, Sendable {
        /// The sol as asked (mission sol for a mission site).
        public var sol: Int
        /// The instant and the Mars report there, or why this sol has none
        /// (an LTST a few seconds from local mean midnight).
        public var result: Result<Found, MarsInverseError>
    }

    public struct Found: Equatable, Sendable {
        public var answer: MarsInverseAnswer
        public var clock: MarsClock
        public var missionSol: Int?
        /// One row per Earth place, in the order given.
        public var places: [CallTimeRow]
        /// Sunrise and sunset of this local sol at the site (nil without a site).
        public var solarDay: MarsSolarDay? = nil
        /// Light leaving Mars at the instant (with `ertEphemeris`); nil outside the ephemeris.
        public var light: MarsLightTime? = nil
        /// The same between `ertEnds` (leaving the Mars end at the instant), when they are set.
        public var endsLight: MarsLightTime? = nil
    }

    public var query: MarsTimeQuery
    public var count: Int
    public var places: [Place]
    public var periods: PeriodTable
    public var leapSeconds: LeapSecondTable
    /// Set to add each row's Earth-received time (`--ert-column`).
    public var ertEphemeris: ChebyshevEphemeris?
    /// With `ertEphemeris`: the ends of the light path (`--station`, `--light-from site`)
    /// for `ertEnds`/`owltEnds` beside the centre-to-centre `ert`/`owlt`.
    public var ertEnds: LightPathEnds?

    /// The most sols one schedule lists (about 274 Earth years).
    public static let maximumSols = 100_000

    public init(query: MarsTimeQuery, count: Int, places: [Place], periods: PeriodTable = .standard,
                leapSeconds: LeapSecondTable) {
        self.query = query
        self.count = count
        self.places = places
        self.periods = periods
        self.leapSeconds = leapSeconds
    }

    /// The rows (pure). A sol before a mission's first is an error for the
    /// whole schedule (thrown), not a row.
    public func rows() throws(MarsInverseError) -> [Row] {
        var rows: [Row] = []
        rows.reserveCapacity(count)
        let landingTT = query.site?.landingUnixSeconds.map { leapSeconds.ttMinusUTC(atUnixSeconds: $0) }
        for i in 0..<count {
            let q = query.adding(sols: i)
            do {
                let answer = try MarsInverse.answer(q, leapSeconds: leapSeconds)
                let t = answer.unixSeconds
                let clock = MarsClock(unixSeconds: t, ttMinusUTCSeconds: leapSeconds.ttMinusUTC(atUnixSeconds: t),
                                      longitudeEast: q.longitudeEast)
                let missionSol = landingTT.flatMap { q.site?.missionSol(at: clock, landingTTMinusUTCSeconds: $0) }
                let at = Date(timeIntervalSince1970: t)
                let placeRows = CallTimeRow.rows(for: places, start: at, periods: periods) ?? []
                var found = Found(answer: answer, clock: clock, missionSol: missionSol, places: placeRows)
                if let site = q.site {
                    found.solarDay = MarsSolarDay(localSol: MarsInverse.localSolAt(unixSeconds: t, longitudeEast: q.longitudeEast,
                                                                                   leapSeconds: leapSeconds),
                                                  planetocentricLatitude: site.latitude, longitudeEast: q.longitudeEast,
                                                  leapSeconds: leapSeconds)
                }
                if let ertEphemeris {
                    found.light = try? MarsLightTime.emitted(atUnixSeconds: t, ephemeris: ertEphemeris, leapSeconds: leapSeconds)
                    if let ertEnds {
                        found.endsLight = try? MarsLightTime.emitted(atUnixSeconds: t, ephemeris: ertEphemeris,
                                                                     leapSeconds: leapSeconds, ends: ertEnds)
                    }
                }
                rows.append(Row(sol: q.sol, result: .success(found)))
            } catch .solarTimeNotOnSol(let time, let sol) {
                rows.append(Row(sol: q.sol, result: .failure(.solarTimeNotOnSol(time: time, sol: sol))))
            } catch {
                throw error
            }
        }
        return rows
    }
}

extension MarsSchedule {
    /// The `places` array of a schedule row's JSON: one object per Earth
    /// place with `name`, `country`, `zone`, `local` (ISO local time),
    /// `utcOffsetSeconds`, `period` and `good`.
    public static func placesJSON(_ rows: [CallTimeRow]) -> String {
        "[" + rows.map { row in
            var parts: [String] = []
            parts.append("\"name\":" + QuotedString.literal(row.place.name))
            parts.append("\"country\":" + QuotedString.literal(row.place.countryCode))
            parts.append("\"zone\":" + QuotedString.literal(row.place.zoneIdentifier))
            parts.append("\"local\":\"" + row.reading.wall.isoText + "\"")
            parts.append("\"utcOffsetSeconds\":\(row.reading.utcOffsetSeconds)")
            parts.append("\"period\":\"" + row.period.rawValue + "\"")
            parts.append("\"good\":\(row.good)")
            return "{" + parts.joined(separator: ",") + "}"
        }.joined(separator: ",") + "]"
    }

    /// One schedule row as JSON: the forward report at the instant with
    /// `places` added (nil for a sol without the asked time).
    public func json(_ row: Row) -> String? {
        guard case .success(let found) = row.result else { return nil }
        var report = found.clock.json(site: query.site, missionSol: found.missionSol)
        report.removeLast()  // the closing brace
        var extra = ""
        if let day = found.solarDay {
            extra += ",\"sunrise\":" + MarsSolarDay.json(day.sunrise) + ",\"sunset\":" + MarsSolarDay.json(day.sunset)
        }
        if ertEphemeris != nil {
            extra += ",\"ert\":" + (found.light.map { "\"" + MarsSkyReport.iso($0.ertUnixSeconds) + "\"" } ?? "null")
            extra += ",\"owlt\":" + (found.light.map { String($0.owltSeconds) } ?? "null")
            if let ertEnds {
                var sky = MarsSkyReport(scetUnixSeconds: found.answer.unixSeconds, light: found.light)
                sky.endsLight = found.endsLight
                extra += "," + sky.endsJSONFields(ertEnds).joined(separator: ",")
            }
        }
        return report + extra + ",\"places\":" + Self.placesJSON(found.places) + "}"
    }

    /// CSV header: one line per sol and place (long form: a spreadsheet
    /// pivots it; wide columns named after places would repeat names).
    /// `sunrise`, `sunset` (UTC; a site only, empty in polar day or night) and
    /// `ert` (with `--ert-column`) come last, so older readers keep their columns.
    public static let csvHeader = "sol,utc,localMeanSolarTime,localTrueSolarTime,place,zone,local,period,good,sunrise,sunset,ert"

    /// This schedule's header: `ertEnds` (the ERT at the chosen ends) last when ends are set.
    public var csvHeaderLine: String { Self.csvHeader + (ertEnds != nil && ertEphemeris != nil ? ",ertEnds" : "") }

    /// CSV lines of one row (a sol without the asked time has empty fields).
    public func csvLines(_ row: Row) -> [String] {
        let endsColumn = ertEnds != nil && ertEphemeris != nil
        guard case .success(let found) = row.result else { return ["\(row.sol),,,,,,,,,,," + (endsColumn ? "," : "")] }
        let c = found.clock
        let head = "\(row.sol),\(ISOInstant.milliseconds(unixMilliseconds: found.answer.unixMilliseconds)),"
            + FixedText.clock(hours: c.localMeanSolarTime) + "," + FixedText.clock(hours: c.localTrueSolarTime)
        func iso(_ u: Double?) -> String { u.map { MarsSkyReport.iso($0) } ?? "" }
        let tail = "," + iso(found.solarDay?.sunrise?.unixSeconds) + "," + iso(found.solarDay?.sunset?.unixSeconds)
            + "," + iso(found.light?.ertUnixSeconds) + (endsColumn ? "," + iso(found.endsLight?.ertUnixSeconds) : "")
        guard !found.places.isEmpty else { return [head + ",,,,," + tail] }
        return found.places.map { p in
            head + "," + Self.csvField(p.place.name) + "," + p.place.zoneIdentifier + "," + p.reading.wall.isoText + ","
                + p.period.rawValue + "," + (p.good ? "true" : "false") + tail
        }
    }

    /// RFC 4180 quoting, as the marks export does it.
    static func csvField(_ s: String) -> String { MarkExport.csvField(s) }
}
