import Dashboard
import TimeKit

// The commands' messages by kind (see UIMessage+Samples.swift): the tests
// do not compile until a new `CommandMessage` case has a kind and samples.

extension CommandMessage {
    public enum Kind: CaseIterable, Sendable {
        case fixHeader, identifyHeader, planHeader, averageHeader, towardOrAway
        case deadReckoning, oneSightIsALine, lineRuns, lineEnds, fixAt, fixSpread, fromDeadReckoning, clockDoubt, fixRefused
        case polarisAt, polarisLatitude, compassBody, compassRow, amplitude
        case identified, identifiedNone, identifiedAmbiguous, identifiedBrightStar, identifyWithin
        case noonPassage, noonSun, noonCurve, noonLatitude, noonLongitude, noonExactFit
        case averageRate, averageOutlier, averageKept, averageOneSight
        case planHeading, planPolar, planNoBody, planDay, planEvent, planNoneThatDay, planNoDaytimeFix, planDaytimeFixes
        case planOpportunity, planLegend
        case weatherHeader, weatherTemperature, weatherSunLine, weatherNoQuarterHours, weatherAmounts, weatherNoRain
        case weatherNoValues, weatherComing
        case nowReport, mars, marsUsage, inputRefused, placeNote, placeNoteLine, placeRefused
        case positionRefused, sightShape, sightConditionRefused, callNote, callNoteLine, hereNeedsPosition, localNotAZone
    }

    public var kind: Kind {
        switch self {
        case .fixHeader: .fixHeader
        case .identifyHeader: .identifyHeader
        case .planHeader: .planHeader
        case .averageHeader: .averageHeader
        case .towardOrAway: .towardOrAway
        case .deadReckoning: .deadReckoning
        case .oneSightIsALine: .oneSightIsALine
        case .lineRuns: .lineRuns
        case .lineEnds: .lineEnds
        case .fixAt: .fixAt
        case .fixSpread: .fixSpread
        case .fromDeadReckoning: .fromDeadReckoning
        case .clockDoubt: .clockDoubt
        case .fixRefused: .fixRefused
        case .polarisAt: .polarisAt
        case .polarisLatitude: .polarisLatitude
        case .compassBody: .compassBody
        case .compassRow: .compassRow
        case .amplitude: .amplitude
        case .identified: .identified
        case .identifiedNone: .identifiedNone
        case .identifiedAmbiguous: .identifiedAmbiguous
        case .identifiedBrightStar: .identifiedBrightStar
        case .identifyWithin: .identifyWithin
        case .noonPassage: .noonPassage
        case .noonSun: .noonSun
        case .noonCurve: .noonCurve
        case .noonLatitude: .noonLatitude
        case .noonLongitude: .noonLongitude
        case .noonExactFit: .noonExactFit
        case .averageRate: .averageRate
        case .averageOutlier: .averageOutlier
        case .averageKept: .averageKept
        case .averageOneSight: .averageOneSight
        case .planHeading: .planHeading
        case .planPolar: .planPolar
        case .planNoBody: .planNoBody
        case .planDay: .planDay
        case .planEvent: .planEvent
        case .planNoneThatDay: .planNoneThatDay
        case .planNoDaytimeFix: .planNoDaytimeFix
        case .planDaytimeFixes: .planDaytimeFixes
        case .planOpportunity: .planOpportunity
        case .planLegend: .planLegend
        case .weatherHeader: .weatherHeader
        case .weatherTemperature: .weatherTemperature
        case .weatherSunLine: .weatherSunLine
        case .weatherNoQuarterHours: .weatherNoQuarterHours
        case .weatherAmounts: .weatherAmounts
        case .weatherNoRain: .weatherNoRain
        case .weatherNoValues: .weatherNoValues
        case .weatherComing: .weatherComing
        case .nowReport: .nowReport
        case .marsReport: .mars
        case .marsUsage: .marsUsage
        case .inputRefused: .inputRefused
        case .placeNote: .placeNote
        case .placeNoteLine: .placeNoteLine
        case .placeRefused: .placeRefused
        case .positionRefused: .positionRefused
        case .sightShape: .sightShape
        case .sightConditionRefused: .sightConditionRefused
        case .callNote: .callNote
        case .callNoteLine: .callNoteLine
        case .hereNeedsPosition: .hereNeedsPosition
        case .localNotAZone: .localNotAZone
        }
    }

    /// Example messages of `kind`, exercising each branch.
    public static func samples(_ kind: Kind) -> [CommandMessage] {
        let position = "40° 14'.00 N  050° 20'.00 W", utc = "2024-03-21T06:47:51.000Z", later = "2024-03-21T15:40:00.000Z"
        switch kind {
        case .fixHeader: return [.fixHeader(residual: true), .fixHeader(residual: false)]
        case .identifyHeader: return [.identifyHeader]
        case .planHeader: return [.planHeader]
        case .averageHeader: return [.averageHeader]
        case .towardOrAway: return [.towardOrAway(toward: true), .towardOrAway(toward: false)]
        case .deadReckoning: return [.deadReckoning(position: position)]
        case .oneSightIsALine: return [.oneSightIsALine]
        case .lineRuns: return [.lineRuns(direction: "035°–215°", through: position, at: utc, advancedMiles: "24.0"),
                                .lineRuns(direction: "166°–346°", through: position, at: utc, advancedMiles: nil)]
        case .lineEnds: return [.lineEnds(halfLengthMiles: "30", ends: [position, "39° 50'.26 N  050° 21'.78 W"])]
        case .fixAt: return [.fixAt(position: position, at: utc)]
        case .fixSpread: return [.fixSpread(rms: "0.40", crossing: "77", ellipse: "0.61 × 0.32", axis: "156°"),
                                 .fixSpread(rms: "0.00", crossing: "37", ellipse: nil, axis: nil)]
        case .fromDeadReckoning: return [.fromDeadReckoning(miles: "5.5", bearing: "316°")]
        case .clockDoubt: return [.clockDoubt(sights: [1], seconds: "16", arcminutes: "4.0", miles: "3.1", line: true),
                                  .clockDoubt(sights: [1, 3], seconds: "2.5", arcminutes: "0.6", miles: "0.5", line: false),
                                  .clockDoubt(sights: [2], seconds: nil, arcminutes: "0.0", miles: "0.0", line: false),
                                  .clockDoubt(sights: [1], seconds: nil, arcminutes: "0.0", miles: "0.0", line: true)]
        case .fixRefused:
            let bodies = ["Vega", "Arcturus", "Dubhe", "Sun LL"]
            return [FixRefusal(reason: .poorCut(degrees: 4), bodies: ["Vega", "Vega"]),
                    FixRefusal(reason: .circlesDoNotMeet(gapNauticalMiles: 640), bodies: ["Vega", "Arcturus"], candidates: [0, 1]),
                    FixRefusal(reason: .didNotConverge, bodies: bodies, fromDeadReckoningNauticalMiles: 900, fromDeadReckoningBearingDegrees: 12),
                    FixRefusal(reason: .farFromDeadReckoning, bodies: Array(bodies.prefix(3)), fromDeadReckoningNauticalMiles: 796,
                               fromDeadReckoningBearingDegrees: 323),
                    FixRefusal(reason: .farFromDeadReckoning, bodies: ["Vega", "Arcturus"], candidates: [0, 1]),
                    FixRefusal(reason: .sightsDisagree(worstResidualNauticalMiles: 7.5), bodies: Array(bodies.prefix(3)), candidates: [0, 1, 2],
                               fromDeadReckoningNauticalMiles: 28, fromDeadReckoningBearingDegrees: 325),
                    FixRefusal(reason: .sightsDisagree(worstResidualNauticalMiles: 12.1), bodies: bodies, culprit: 2, culpritMissNauticalMiles: 11.9),
                    FixRefusal(reason: .sightsDisagree(worstResidualNauticalMiles: 5.0), bodies: bodies, candidates: [1, 2])]
                .map(CommandMessage.fixRefused)
        case .polarisAt: return [.polarisAt(at: utc, meridian: "W 50° 20.0′")]
        case .polarisLatitude: return [.polarisLatitude(latitude: "N 40° 19.0′")]
        case .compassBody: return [.compassBody(body: "Sun", at: utc, altitude: "35.0°")]
        case .compassRow: return CompassRow.allCases.map { .compassRow($0, value: "125.2°") }
        case .amplitude: return [.amplitude(text: "E 27.8° N", rising: true), .amplitude(text: "W 4.0° S", rising: false)]
        case .identified: return [.identified(body: "Vega")]
        case .identifiedNone: return [.identifiedNone]
        case .identifiedAmbiguous: return [.identifiedAmbiguous(bodies: ["Vega", "Deneb"])]
        case .identifiedBrightStar: return [.identifiedBrightStar]
        case .identifyWithin: return [.identifyWithin]
        case .noonPassage: return [.noonPassage(at: utc, position: position)]
        case .noonSun: return [.noonSun(south: true, belowDegrees: nil, altitude: "50° 25.9′"),
                               .noonSun(south: false, belowDegrees: "13.4", altitude: "-13° 24.0′")]
        case .noonCurve: return [.noonCurve(sights: 9, maxAltitude: "50° 32.7′", at: utc, seconds: "1", rms: "0.03"),
                                 .noonCurve(sights: 3, maxAltitude: "50° 32.7′", at: utc, seconds: nil, rms: "0.00")]
        case .noonLatitude: return [.noonLatitude(latitude: "40° 03'.18 N", error: "0.1"), .noonLatitude(latitude: "40° 03'.18 N", error: nil)]
        case .noonLongitude: return [.noonLongitude(longitude: "050° 23'.91 W", error: "1.1"),
                                     .noonLongitude(longitude: "050° 23'.91 W", error: nil)]
        case .noonExactFit: return [.noonExactFit]
        case .averageRate: return [.averageRate(body: "Vega", rate: "+11.04")]
        case .averageOutlier: return [.averageOutlier]
        case .averageKept: return [.averageKept(count: 4, rms: "0.09", mean: "-4.72")]
        case .averageOneSight: return [.averageOneSight(sight: "Vega, 52 29.75, 2024-03-21T06:45:02.500Z")]
        case .planHeading:
            return [SightPlan.Twilight.morning, .evening, .polarNight, .allDayTwilight, .polarDay].flatMap { t in
                [CommandMessage.planHeading(t, at: later, from: position), .planHeading(t, at: later, from: nil)]
            }
        case .planPolar: return [.planPolar(.polarNight, lowest: -35.4, highest: -11.4), .planPolar(.allDayTwilight, lowest: -5.2, highest: -0.4),
                                 .planPolar(.polarDay, lowest: 11.4, highest: 35.4)]
        case .planNoBody: return [.planNoBody]
        case .planDay: return [.planDay(start: utc, end: later, lowest: "-49.4", highest: "50.4")]
        case .planEvent: return DayPlan.Event.allCases.map(CommandMessage.planEvent)
        case .planNoneThatDay: return [.planNoneThatDay([.sunrise, .sunset]), .planNoneThatDay([.moonrise])]
        case .planNoDaytimeFix: return [.planNoDaytimeFix]
        case .planDaytimeFixes: return [.planDaytimeFixes]
        case .planOpportunity: return [.planOpportunity(body: "Moon", start: utc, end: later, best: utc, sunAzimuth: "123.4",
                                                        bodyAzimuth: "045.0", apart: "78")]
        case .planLegend: return [.planLegend]
        case .weatherHeader: return [.weatherHeader(place: "Paris, FR", fetched: "14:03 UTC+01:00", minutesAgo: 3)]
        case .weatherTemperature: return [.weatherTemperature("7.3 °C")]
        case .weatherSunLine: return [.weatherSunLine(rise: "07:58 UTC+01:00", set: "16:58 UTC+01:00", polar: nil),
                                      .weatherSunLine(rise: nil, set: "01:10 UTC+01:00", polar: nil),
                                      .weatherSunLine(rise: "02:10 UTC+01:00", set: nil, polar: nil),
                                      .weatherSunLine(rise: nil, set: nil, polar: .day), .weatherSunLine(rise: nil, set: nil, polar: .night)]
        case .weatherNoQuarterHours: return [.weatherNoQuarterHours(hour: true), .weatherNoQuarterHours(hour: false)]
        case .weatherAmounts: return [.weatherAmounts(hour: true, amounts: "14:00 0.0  14:15 0.4"),
                                      .weatherAmounts(hour: false, amounts: "14:00 0.0  15:00 2.5")]
        case .weatherNoRain: return [.weatherNoRain]
        case .weatherNoValues: return [.weatherNoValues]
        case .weatherComing:
            return [.weatherComing(kind: nil, start: "14:15", end: "14:45", minutes: 30, peak: "4.8", intensity: .moderate, falling: false),
                    .weatherComing(kind: .snow, start: "14:00", end: "15:30", minutes: 90, peak: "1.2", intensity: .light, falling: true),
                    .weatherComing(kind: .mixed, start: "14:15", end: "16:45", minutes: 150, peak: "9.1", intensity: .heavy, falling: false),
                    .weatherComing(kind: .showers, start: "14:15", end: "14:30", minutes: 15, peak: "0.4", intensity: .light, falling: false)]
        case .nowReport: return [.nowReport(utc: "2021-02-18T20:55:00.123Z", markTime: "18d 20h 55m 00.123s", unix: "1613681700.123",
                                            local: "2021-02-18T21:55:00 UTC+01:00 Europe/Berlin")]
        case .mars: return MarsMessage.samples.map(CommandMessage.marsReport)
        case .marsUsage: return MarsUsage.samples.map(CommandMessage.marsUsage)
        case .inputRefused: return InputError.samples.map { .inputRefused($0, source: nil) }
            + [.inputRefused(InputError.samples[0], source: .option("--at")),
               .inputRefused(InputError.samples[0], source: .sightTime(2))]
        case .placeNote: return PlaceNote.samples.map(CommandMessage.placeNote)
        case .placeNoteLine: return [.placeNoteLine(PlaceNote.samples[0])]
        case .placeRefused: return PlaceRefusal.samples.map(CommandMessage.placeRefused)
        case .positionRefused: return PositionProblem.samples.map { .positionRefused(GeoPosition.ParseError(input: "40N", problem: $0), source: "--dr") }
        case .sightShape: return [.sightShape(number: 1, text: "Vega 43")]
        case .sightConditionRefused: return SightConditionRefusal.samples.map(CommandMessage.sightConditionRefused)
        case .callNote: return CallNote.samples.map(CommandMessage.callNote)
        case .callNoteLine: return [.callNoteLine(CallNote.samples[0])]
        case .hereNeedsPosition: return [.hereNeedsPosition]
        case .localNotAZone: return [.localNotAZone(query: "local", zone: "UTC")]
        }
    }
}

extension MarsMessage {
    /// Every case of `MarsMessage` (each row label, each branch); `samplesCoverEveryCase` breaks
    /// the build when a case is added without one.
    public static let samples: [MarsMessage] = {
        let range = MarsLightTime.OutOfRange(unixSeconds: -2_524_521_600, firstUnixSeconds: 63_072_000, lastUnixSeconds: 4_133_980_800)
        let problems: [MarsLightProblem] = [.outsideEphemeris(range),
                                            .notConverged(.init(unixSeconds: 1_613_681_700, lastStepSeconds: 0.002)),
                                            .ephemerisUnreadable]
        var all: [MarsMessage] = MarsReportRow.all.map { .row($0, value: "2021-02-18T20:55:00.000Z") }
        all += MarsSeason.allCases.map { .solarLongitude(degrees: "5.64851°", season: $0) }
        all += [.equationOfTime(degrees: "-9.47886°", sign: "-", minutes: 37, seconds: "54"),
                .lightTime(minutes: 11, seconds: "22.352", total: "682.352"), .lightTime(minutes: 11, seconds: "22.352", total: nil),
                .endsLightTime(minutes: 11, seconds: "22.340", total: "682.340359", milliseconds: "-11.825"),
                .conjunctionNote]
        all += problems.map(MarsMessage.lightUnknown) + problems.map(MarsMessage.noLightTime)
        all += [.azimuth(degrees: "258.568"), .noSunEvent(polarDay: true), .noSunEvent(polarDay: false), .unknown, .sunNeedsLatitude,
                .marsCentre, .earthCentre,
                .scheduleTitle(place: "Curiosity", mission: true, first: 1000, last: 1002, time: "13:00:00 LMST"),
                .scheduleTitle(place: "0.00°", mission: false, first: 52500, last: nil, time: "00:00:05 LTST")]
        all += MarsColumn.allCases.map(MarsMessage.column)
        all += [.notOnThisSol, .polarCell(day: true), .polarCell(day: false), .outsideEphemerisCell, .badTimeLegend,
                .scheduleLightPath(path: "Curiosity -> Madrid (DSS-63)"), .allTitle(at: "2021-02-18T20:55:00.000Z"),
                .allFooter(lightTime: "11m 22.352s"), .allEndsFooter(earth: "Goldstone (DSS-14)", eachSite: true),
                .allEndsFooter(earth: nil, eachSite: false),
                .occursTwice(time: "00:10:00 LTST", sol: 1700, second: "2017-08-04T12:00:00.000Z"),
                .notOnSols(time: "00:00:05 LTST", sols: [52501], leftOut: true),
                .notOnSols(time: "00:00:05 LTST", sols: [52501, 52502], leftOut: false),
                .leapListMissing(path: "/usr/share/zoneinfo/leap-seconds.list", seconds: 37, builtIn: true),
                .leapListUnreadable(path: "/tmp/leap.list", reason: "line 3: not a number", seconds: 37, builtIn: false),
                .leapListExpired(day: "2026-06-28", seconds: 37, builtIn: false)]
        return all
    }()

    /// Compiles only while every case is listed above (a new case breaks the build here).
    static func samplesCoverEveryCase(_ m: MarsMessage) -> Bool {
        switch m {
        case .row, .solarLongitude, .equationOfTime, .lightTime, .endsLightTime, .conjunctionNote, .lightUnknown, .azimuth,
             .noSunEvent, .unknown, .sunNeedsLatitude, .marsCentre, .earthCentre, .scheduleTitle, .column, .notOnThisSol, .polarCell,
             .outsideEphemerisCell, .badTimeLegend, .scheduleLightPath, .allTitle, .allFooter, .allEndsFooter, .occursTwice,
             .notOnSols, .noLightTime, .leapListMissing, .leapListUnreadable, .leapListExpired: true
        }
    }
}

extension MarsUsage {
    /// (`.pictureUnavailable` without `needsSite` is the picture's own readout,
    /// already in the language: nothing of the catalog's to compare.)
    public static let samples: [MarsUsage] = [
        .siteAndLongitude,
        .unknownSite(name: "Nowhere", config: nil, suggestions: "Opportunity, Perseverance", known: "Airy-0, Viking 1"),
        .unknownSite(name: "Nowhere", config: "/home/u/.config/timedeck/config.toml", suggestions: "Spirit", known: "Airy-0"),
        .ertWithAt, .scetWithAt, .ertScetOneInstant, .ertColumnNeedsSchedule, .endsNotHere, .endsNeedErtColumn,
        .lightFromSiteNeedsSite, .lightFromBad("moon"), .needsEphemeris(option: "--ert", plural: false),
        .needsEphemeris(option: "--station and --light-from", plural: true),
        .ertFailed(instant: "1890-01-01T00:00:00Z", .ephemerisUnreadable), .csvSingle, .tableNeedsAll, .tableAt, .tableJSON,
        .toBeforeFrom(to: "2021-02-18T20:00:00Z", from: "2021-02-18T20:55:00Z"), .tooManyRows(count: 2_000_000, maximum: 1_000_000),
        .solTakesNoInstant, .needsSol, .solNotNumber("x"), .solRange(limit: 200_000, got: 900_000), .solNeedsTime, .lmstAndLtst,
        .inNeedsSols, .csvInverse, .solsCount(maximum: 100_000, got: "0"), .jsonAndCSV, .allTakesOnly, .pictureWithAll,
        .widthNeedsPicture, .unknownPicture("map"), .pictureNoJSON, .pictureOneInstant,
        .pictureWidth(lowest: 20, highest: 400, got: "9"), .pictureUnavailable(readout: "solar path: no site", needsSite: true),
        .inverse(.beforeMission(site: "Curiosity", sol: -3, firstSol: 0)),
        .inverse(.solarTimeNotOnSol(time: "00:00:05 LTST", sol: 52501)), .inverse(.outOfRange(sol: 900_000)),
    ]

    static func samplesCoverEveryCase(_ u: MarsUsage) -> Bool {
        switch u {
        case .siteAndLongitude, .unknownSite, .ertWithAt, .scetWithAt, .ertScetOneInstant, .ertColumnNeedsSchedule, .endsNotHere,
             .endsNeedErtColumn, .lightFromSiteNeedsSite, .lightFromBad, .needsEphemeris, .ertFailed, .csvSingle, .tableNeedsAll,
             .tableAt, .tableJSON, .toBeforeFrom, .tooManyRows, .solTakesNoInstant, .needsSol, .solNotNumber, .solRange,
             .solNeedsTime, .lmstAndLtst, .inNeedsSols, .csvInverse, .solsCount, .jsonAndCSV, .allTakesOnly, .pictureWithAll,
             .widthNeedsPicture, .unknownPicture, .pictureNoJSON, .pictureOneInstant, .pictureWidth, .pictureUnavailable, .inverse: true
        }
    }
}
