import Foundation
import Testing
@testable import TimeKit

/// `sights plan`'s day (issue 32 item 7) against Skyfield + JPL DE421
/// (scripts/plan-oracle.py): twilights, sunrise and sunset, moonrise and
/// moonset and the meridian passage at eight places (the equator to 78°,
/// both hemispheres) on five dates, polar night and polar day among them.
@Suite struct DayPlanOracleTests {
    struct Case: Decodable { var place: String; var latitude: Double; var longitude: Double; var at: Double
        var dayStart: Double; var events: [String: Double]; var sunHighest: Double; var sunLowest: Double }
    struct Fixture: Decodable { var cases: [Case] }

    static let fixture: Fixture? = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/plan-oracle.json")
        return try? JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
    }()
    static let almanac: Almanac? = try? Almanac.loadBundled(leapSeconds: .builtIn)

    /// The Sun's altitude that defines a Sun event.
    static func level(_ event: DayPlan.Event) -> Double? {
        switch event {
        case .morningNauticalTwilight, .eveningNauticalTwilight: -12
        case .morningCivilTwilight, .eveningCivilTwilight: -6
        case .sunrise, .sunset: SunriseSunset.horizonAltitudeDegrees
        case .meridianPassage, .moonrise, .moonset: nil
        }
    }

    @Test func everyEventIsWithinAMinuteOfSkyfield() throws {
        let almanac = try #require(Self.almanac), f = try #require(Self.fixture)
        #expect(f.cases.count == 40)
        var worst = 0.0, worstLabel = "", compared = 0, grazes: [String] = []
        for c in f.cases {
            let position = try GeoPosition(latitudeDegrees: c.latitude, longitudeDegrees: c.longitude)
            let day = try DayPlan.day(containing: c.at, at: position, almanac: almanac)
            #expect(day.dayStartUnixSeconds == c.dayStart, "\(c.place)")
            for event in DayPlan.Event.allCases {
                let ours = day.time(of: event), theirs = c.events[event.rawValue]
                let label = "\(c.place) \(ISOInstant.milliseconds(unixMilliseconds: Int64(c.at * 1000))) \(event.rawValue)"
                if let ours, let theirs {
                    compared += 1
                    guard abs(ours - theirs) >= 60 else {
                        if abs(ours - theirs) > worst { worst = abs(ours - theirs); worstLabel = label }
                        continue
                    }
                    // Near the Sun's extreme a level is a graze and its time is
                    // ill-defined: there the check is in altitude, the time
                    // difference times the Sun's rate (under 18″: the Sun's
                    // parallax, geometric against topocentric, is 8.8″).
                    guard let level = Self.level(event) else {
                        Issue.record("\(label): \(ours - theirs) s from Skyfield (not a Sun level: no graze allowance)")
                        continue
                    }
                    let rate = try (Self.sunAltitude(almanac, position, ours + 60) - Self.sunAltitude(almanac, position, ours - 60)) / 120
                    grazes.append("\(label) \(Int(ours - theirs)) s, \(abs((ours - theirs) * rate) * 3600)″")
                    #expect(abs((ours - theirs) * rate) < 0.005, "\(label): \(ours - theirs) s at \(rate * 3600)″/s (level \(level)°)")
                } else if ours != nil || theirs != nil {
                    // Only a graze may differ: the Sun's extreme within 0.05° of the level.
                    let level = try #require(Self.level(event), "\(label): ours \(String(describing: ours)), Skyfield's \(String(describing: theirs))")
                    let graze = min(abs(c.sunHighest - level), abs(c.sunLowest - level))
                    #expect(graze < 0.05, "\(label): ours \(String(describing: ours)), Skyfield's \(String(describing: theirs))")
                }
            }
        }
        #expect(compared > 280)
        // Seen at most (outside grazes): see docs/DECISIONS.md.
        #expect(worst < 60)
        #expect(grazes.count <= 2, "\(grazes)")
        print("DayPlan against Skyfield: \(compared) events, worst \(worst) s (\(worstLabel)) outside grazes; grazes: \(grazes)")
    }

    /// The Sun's geometric altitude, degrees.
    static func sunAltitude(_ almanac: Almanac, _ position: GeoPosition, _ t: Double) throws -> Double {
        let sun = try almanac.entry(for: .sun, atUnixSeconds: t)
        return SightReduction.altitudeAndAzimuth(ghaDegrees: sun.ghaDegrees, decDegrees: sun.decDegrees, from: position).altitudeDegrees
    }

    @Test func polarNightAndPolarDayArePlansNotErrors() throws {
        let almanac = try #require(Self.almanac)
        let svalbard = try GeoPosition(latitudeDegrees: 78.22, longitudeDegrees: 15.65)
        // 2026-12-21: the Sun between −35° and −12°: no civil twilight in 48 hours.
        let night = try SightPlan.next(after: 1_797_854_400, at: svalbard, almanac: almanac)
        #expect(night.twilight == .polarNight)
        #expect(night.candidates.count >= 4 && night.candidates.allSatisfy { $0.body != .sun })
        #expect(night.isPolar && (night.sunRangeDegrees?.upperBound ?? 0) < SightPlan.civilTwilightAltitudeDegrees)
        let nightDay = try DayPlan.day(containing: 1_797_854_400, at: svalbard, almanac: almanac)
        #expect(nightDay.time(of: .sunrise) == nil && nightDay.time(of: .meridianPassage) != nil)
        // Planned at the Sun's highest in the 24 hours after --at (12:00 UTC,
        // after that day's noon: the next day's), near that day's passage.
        #expect(night.unixSeconds > 1_797_854_400 && night.unixSeconds < 1_797_854_400 + 86400)
        let planDay = try DayPlan.day(containing: night.unixSeconds, at: svalbard, almanac: almanac)
        #expect(abs(night.unixSeconds - (planDay.time(of: .meridianPassage) ?? 0)) < 600)
        // The day's own plan is at its own noon.
        let dayPlan = try #require(nightDay.twilights.first)
        #expect(nightDay.twilights.count == 1 && dayPlan.twilight == .polarNight)
        #expect(abs(dayPlan.unixSeconds - (nightDay.time(of: .meridianPassage) ?? 0)) < 600)
        let midsummer = try SightPlan.next(after: 1_782_043_200, at: svalbard, almanac: almanac)
        #expect(midsummer.twilight == .polarDay && midsummer.candidates.isEmpty)
        #expect(midsummer.isPolar && (midsummer.sunRangeDegrees?.lowerBound ?? -90) > SightPlan.civilTwilightAltitudeDegrees)
    }

    @Test func twilightAllDayIsPlannedAtTheSunsLowest() throws {
        // 89.5° N on 2026-09-30: the Sun's declination about −3°, so it circles
        // between about −3.5° and −2.5°: never up, never down to −6°.
        let almanac = try #require(Self.almanac)
        let nearPole = try GeoPosition(latitudeDegrees: 89.5, longitudeDegrees: 0)
        let at = 1_790_726_400.0
        let plan = try SightPlan.next(after: at, at: nearPole, almanac: almanac)
        #expect(plan.twilight == .allDayTwilight)
        let range = try #require(plan.sunRangeDegrees)
        #expect(range.lowerBound > -6 && range.upperBound < SunriseSunset.horizonAltitudeDegrees, "\(range)")
        #expect(!plan.candidates.isEmpty && plan.candidates.allSatisfy { $0.body != .sun })
        // At the lowest of the 24 hours after --at, to the 10-minute grid.
        let planned = try Self.sunAltitude(almanac, nearPole, plan.unixSeconds)
        for t in stride(from: at, through: at + 86400, by: 300) {
            #expect(try Self.sunAltitude(almanac, nearPole, t) > planned - 0.01)
        }
        let day = try DayPlan.day(containing: at, at: nearPole, almanac: almanac)
        #expect(day.time(of: .sunrise) == nil && day.time(of: .morningCivilTwilight) == nil)
        #expect(day.twilights.map(\.twilight) == [.allDayTwilight])
    }

    @Test func daytimeFixesNeedBothBodiesUpAndWellApart() throws {
        let almanac = try #require(Self.almanac), f = try #require(Self.fixture)
        var seen = 0
        for c in f.cases.prefix(16) {
            let position = try GeoPosition(latitudeDegrees: c.latitude, longitudeDegrees: c.longitude)
            let day = try DayPlan.day(containing: c.at, at: position, almanac: almanac)
            for o in day.opportunities {
                seen += 1
                #expect(o.startUnixSeconds <= o.bestUnixSeconds && o.bestUnixSeconds <= o.endUnixSeconds)
                for t in stride(from: o.startUnixSeconds, through: o.endUnixSeconds, by: 600) {
                    let sun = try almanac.entry(for: .sun, atUnixSeconds: t)
                    let body = try almanac.entry(for: o.body, atUnixSeconds: t)
                    let s = SightReduction.altitudeAndAzimuth(ghaDegrees: sun.ghaDegrees, decDegrees: sun.decDegrees, from: position)
                    let b = SightReduction.topocentricAltitudeAndAzimuth(body, from: position)
                    let apart = abs(CompassCheck.normalized(s.azimuthDegrees - b.azimuthDegrees))
                    #expect(s.altitudeDegrees >= 10 && b.altitudeDegrees >= 10 && apart >= 45 && apart <= 135, "\(c.place) \(o.body)")
                }
            }
        }
        #expect(seen > 0)
    }

    @Test func theMoonsPlanAltitudeIsSeenFromTheSurface() throws {
        let almanac = try #require(Self.almanac)
        let here = try GeoPosition(latitudeDegrees: 45, longitudeDegrees: 0)
        let t = 1_774_008_000.0
        let moon = try almanac.entry(for: .moon, atUnixSeconds: t)
        let geocentric = SightReduction.altitudeAndAzimuth(ghaDegrees: moon.ghaDegrees, decDegrees: moon.decDegrees, from: here)
        let surface = SightReduction.topocentricAltitudeAndAzimuth(moon, from: here)
        // Parallax lowers it by about HP·cos H (the Moon's HP is 54′–61′).
        let hp = try #require(moon.horizontalParallaxArcminutes)
        let drop = (geocentric.altitudeDegrees - surface.altitudeDegrees) * 60
        #expect(abs(drop - hp * cos(geocentric.altitudeDegrees * .pi / 180)) < 0.5, "\(drop)′")
    }
}
