import Foundation
import Testing
@testable import TimeKit

/// Light time and the Sun at a site against scripts/mars-light-oracle.py
/// (Skyfield + full DE421; an independent Mars24 Sun in Python).
@Suite struct MarsLightTimeTests {
    struct LightCase: Decodable {
        var ert: Double
        var scet: Double
        var owlt: Double
        var distanceAU: Double
        var sunEarthMarsAngle: Double
    }

    struct SunCase: Decodable {
        var site: String
        var utc: Double
        var elevation: Double
        var azimuth: Double
        var localSol: Int
        var sunrise: Double?
        var sunset: Double?
        var noon: Double
        var maxElevation: Double
    }

    /// A light path between chosen ends (Skyfield's wgs84/ITRSPosition station, SPICE's IAU_MARS site).
    struct EndsCase: Decodable {
        struct Station: Decodable { var name: String?; var latitude: Double?; var longitudeEast: Double?; var height: Double? }
        struct Site: Decodable { var id: String; var latitude: Double; var longitudeEast: Double }
        var ert: Double
        var station: Station?
        var site: Site?
        var owlt: Double
        var scet: Double
        var owltCentres: Double
    }

    struct Fixture: Decodable {
        var light: [LightCase]
        var sun: [SunCase]
        var ends: [EndsCase]
    }

    static func fixture() throws -> Fixture {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/mars-light-oracle.json")
        return try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
    }

    static let ephemeris: ChebyshevEphemeris? = try? ChebyshevEphemeris.loadBundled()
    static let leap = LeapSecondTable.builtIn

    @Test func owltWithinAMillisecondOfSkyfield1990To2050() throws {
        let eph = try #require(Self.ephemeris)
        let cases = try Self.fixture().light
        #expect(cases.count >= 60)
        var worst = 0.0
        for c in cases {
            let lt = try MarsLightTime.received(atUnixSeconds: c.ert, ephemeris: eph, leapSeconds: Self.leap)
            worst = max(worst, abs(lt.owltSeconds - c.owlt))
            #expect(abs(lt.owltSeconds - c.owlt) <= 0.001, "OWLT at ERT \(c.ert): \(lt.owltSeconds) vs \(c.owlt)")
            #expect(abs(lt.scetUnixSeconds - c.scet) <= 0.001, "SCET at ERT \(c.ert)")
            #expect(abs(lt.earthMarsDistanceAU - c.distanceAU) <= 1e-6, "distance at ERT \(c.ert)")
            #expect(abs(lt.sunEarthMarsAngleDegrees - c.sunEarthMarsAngle) <= 0.001, "angle at ERT \(c.ert)")
        }
        #expect(worst > 0)  // the comparison really ran on different engines
    }

    @Test func conjunctionCasesAreFlagged() throws {
        let eph = try #require(Self.ephemeris)
        let cases = try Self.fixture().light.filter { $0.sunEarthMarsAngle < 5 }
        #expect(cases.count >= 10)
        for c in cases {
            let lt = try MarsLightTime.received(atUnixSeconds: c.ert, ephemeris: eph, leapSeconds: Self.leap)
            #expect(lt.isNearSolarConjunction == (c.sunEarthMarsAngle < 3), "ERT \(c.ert)")
        }
    }

    @Test(arguments: [631_152_000.5, 1_000_000_000.123456, 1_613_681_700.0, 1_700_000_000.999999, 2_524_607_999.25])
    func scetToErtToScetRoundTripsToTheMicrosecond(scet: Double) throws {
        let eph = try #require(Self.ephemeris)
        let forward = try MarsLightTime.emitted(atUnixSeconds: scet, ephemeris: eph, leapSeconds: Self.leap)
        let back = try MarsLightTime.received(atUnixSeconds: forward.ertUnixSeconds, ephemeris: eph, leapSeconds: Self.leap)
        #expect(abs(back.scetUnixSeconds - scet) < 1e-6)
        #expect(abs(back.owltSeconds - forward.owltSeconds) < 1e-6)
        #expect(forward.owltSeconds > 180 && forward.owltSeconds < 1_400)
    }

    @Test func acrossALeapSecondErtMinusScetIsOwltPlusOne() throws {
        // 2016-12-31T23:59:60Z: light leaving Mars just before it arrives after.
        let eph = try #require(Self.ephemeris)
        let lt = try MarsLightTime.emitted(atUnixSeconds: 1_483_228_800 - 300, ephemeris: eph, leapSeconds: Self.leap)
        #expect(abs((lt.ertUnixSeconds - lt.scetUnixSeconds) - (lt.owltSeconds - 1)) < 1e-6)
    }

    @Test(arguments: [0.0, 1e12, -1e12, Double.nan, 4_200_000_000.0])
    func outsideTheEphemerisIsSaidNotGuessed(unix: Double) throws {
        let eph = try #require(Self.ephemeris)
        #expect(throws: MarsLightTime.OutOfRange.self) {
            try MarsLightTime.received(atUnixSeconds: unix, ephemeris: eph, leapSeconds: Self.leap)
        }
        #expect(throws: MarsLightTime.OutOfRange.self) {
            try MarsLightTime.emitted(atUnixSeconds: unix, ephemeris: eph, leapSeconds: Self.leap)
        }
    }

    @Test func tdbClockRoundTripsUTC() {
        let clock = TDBClock(leapSeconds: Self.leap)
        for u in [915_148_800.0 - 0.25, 1_483_228_801.0, 1_700_000_000.123456] {
            #expect(abs(clock.unixSeconds(tdbSeconds: clock.tdbSeconds(unixSeconds: u)) - u) < 1e-6)
        }
    }

    // MARK: The Sun at a site

    static func site(_ id: String) throws -> (latitude: Double, longitudeEast: Double) {
        if id == "south-80" { return (-80, 30) }
        let found = try #require(try MarsSiteLibrary.bundled().sites.first { $0.id == id })
        return (found.latitude, found.longitudeEast)
    }

    @Test func elevationAndAzimuthWithinFiveHundredthsOfADegree() throws {
        let cases = try Self.fixture().sun
        #expect(cases.count >= 30)
        for c in cases {
            let s = try Self.site(c.site)
            let clock = MarsClock(unixSeconds: c.utc, ttMinusUTCSeconds: Self.leap.ttMinusUTC(atUnixSeconds: c.utc),
                                  longitudeEast: s.longitudeEast)
            let sun = MarsSolarPosition(clock: clock, planetocentricLatitude: s.latitude)
            #expect(abs(sun.elevationDegrees - c.elevation) <= 0.05, "\(c.site) \(c.utc) elevation")
            var dAz = abs(sun.azimuthDegrees - c.azimuth).truncatingRemainder(dividingBy: 360)
            if dAz > 180 { dAz = 360 - dAz }
            // Azimuth is unsteady only with the Sun near the zenith.
            if c.elevation < 85 { #expect(dAz <= 0.05, "\(c.site) \(c.utc) azimuth \(sun.azimuthDegrees) vs \(c.azimuth)") }
        }
    }

    @Test func sunriseNoonSunsetWithinThirtySeconds() throws {
        var polar = 0
        for c in try Self.fixture().sun {
            let s = try Self.site(c.site)
            let day = MarsSolarDay.containing(unixSeconds: c.utc, planetocentricLatitude: s.latitude,
                                              longitudeEast: s.longitudeEast, leapSeconds: Self.leap)
            #expect(day.localSol == c.localSol, "\(c.site) \(c.utc) sol")
            let noon = try #require(day.localNoon)
            #expect(abs(noon.unixSeconds - c.noon) <= 30, "\(c.site) \(c.utc) noon")
            #expect(abs(try #require(day.maximumElevationDegrees) - c.maxElevation) <= 0.05, "\(c.site) max elevation")
            if let rise = c.sunrise, let set = c.sunset {
                #expect(abs(try #require(day.sunrise).unixSeconds - rise) <= 30, "\(c.site) \(c.utc) sunrise")
                #expect(abs(try #require(day.sunset).unixSeconds - set) <= 30, "\(c.site) \(c.utc) sunset")
            } else {
                polar += 1
                #expect(day.sunrise == nil && day.sunset == nil, "\(c.site) \(c.utc): polar day or night")
            }
        }
        #expect(polar >= 3)
    }

    @Test func sunriseAndSunsetStandAtTheHorizon() throws {
        let s = try Self.site("curiosity")
        let day = MarsSolarDay.containing(unixSeconds: 1_700_000_000, planetocentricLatitude: s.latitude,
                                          longitudeEast: s.longitudeEast, leapSeconds: Self.leap)
        for event in [try #require(day.sunrise), try #require(day.sunset)] {
            let clock = MarsClock(unixSeconds: event.unixSeconds,
                                  ttMinusUTCSeconds: Self.leap.ttMinusUTC(atUnixSeconds: event.unixSeconds),
                                  longitudeEast: s.longitudeEast)
            #expect(abs(MarsSolarPosition(clock: clock, planetocentricLatitude: s.latitude).elevationDegrees) < 1e-4)
        }
        #expect(MarsSolarDay.json(day.sunrise).hasPrefix("{\"utc\":\"2023-11-1"))
        #expect(MarsSolarDay.json(nil) == "null")
    }
}

// MARK: The ends of the light path: a ground station, a site on Mars

extension MarsLightTimeTests {
    static let ut1: UT1Table? = try? UT1Table.loadBundled()

    static func ends(_ c: EndsCase) throws -> LightPathEnds {
        var ends = LightPathEnds(ut1: try #require(Self.ut1))
        if let s = c.station {
            if let name = s.name {
                ends.station = try EarthStation.parse(name)
            } else {
                ends.station = EarthStation(latitudeDegrees: try #require(s.latitude),
                                            longitudeEastDegrees: try #require(s.longitudeEast),
                                            heightMetres: try #require(s.height))
            }
        }
        if let site = c.site {
            ends.marsSite = MarsSurfacePoint(planetocentricLatitude: site.latitude, longitudeEast: site.longitudeEast)
        }
        return ends
    }

    @Test func owltBetweenStationsAndSitesWithinAMillisecondOfSkyfieldAndSpice() throws {
        let eph = try #require(Self.ephemeris)
        let cases = try Self.fixture().ends
        #expect(cases.count >= 45)
        #expect(cases.filter { $0.station != nil && $0.site != nil }.count >= 10)
        var worst = 0.0, worstShift = 0.0, largestShift = 0.0
        for c in cases {
            let ends = try Self.ends(c)
            let lt = try MarsLightTime.received(atUnixSeconds: c.ert, ephemeris: eph, leapSeconds: Self.leap, ends: ends)
            let centre = try MarsLightTime.received(atUnixSeconds: c.ert, ephemeris: eph, leapSeconds: Self.leap)
            #expect(abs(lt.owltSeconds - c.owlt) <= 0.001, "ends OWLT at ERT \(c.ert): \(lt.owltSeconds) vs \(c.owlt)")
            #expect(abs(lt.scetUnixSeconds - c.scet) <= 0.001, "ends SCET at ERT \(c.ert)")
            // What the ends change, against what the oracle's ends change: a rotation
            // off by 0.1° at either end would move this by 20–40 µs.
            let shift = (lt.owltSeconds - centre.owltSeconds) - (c.owlt - c.owltCentres)
            #expect(abs(shift) <= 10e-6, "ends shift at ERT \(c.ert): \(shift * 1e6) µs")
            worst = max(worst, abs(lt.owltSeconds - c.owlt))
            worstShift = max(worstShift, abs(shift))
            largestShift = max(largestShift, abs(c.owlt - c.owltCentres))
        }
        #expect(worst > 0 && worstShift > 0)
        // The ends matter: an Earth radius is 21 ms, a Mars radius 11 ms.
        #expect(largestShift > 0.015 && largestShift < 0.0330)
    }

    @Test(arguments: [631_152_000.5, 1_000_000_000.123456, 1_613_681_700.0, 1_700_000_000.999999, 2_524_607_999.25])
    func endsRoundTripScetErtScetToTheMicrosecond(scet: Double) throws {
        let eph = try #require(Self.ephemeris)
        for station in ["goldstone", "canberra", "-33.9,18.4,5"] {
            let ends = LightPathEnds(marsSite: MarsSurfacePoint(planetocentricLatitude: 18.4447, longitudeEast: 77.4508),
                                     station: try EarthStation.parse(station), ut1: Self.ut1)
            let forward = try MarsLightTime.emitted(atUnixSeconds: scet, ephemeris: eph, leapSeconds: Self.leap, ends: ends)
            let back = try MarsLightTime.received(atUnixSeconds: forward.ertUnixSeconds, ephemeris: eph,
                                                  leapSeconds: Self.leap, ends: ends)
            #expect(abs(back.scetUnixSeconds - scet) < 1e-6, "\(station) at \(scet)")
            #expect(abs(back.owltSeconds - forward.owltSeconds) < 1e-6)
            let centre = try MarsLightTime.emitted(atUnixSeconds: scet, ephemeris: eph, leapSeconds: Self.leap)
            #expect(forward.owltSeconds != centre.owltSeconds)
            #expect(abs(forward.owltSeconds - centre.owltSeconds) < 0.033)
        }
    }

    @Test func centresAsEndsGiveTheCentreAnswer() throws {
        let eph = try #require(Self.ephemeris)
        let a = try MarsLightTime.received(atUnixSeconds: 1_700_000_000, ephemeris: eph, leapSeconds: Self.leap)
        let b = try MarsLightTime.received(atUnixSeconds: 1_700_000_000, ephemeris: eph, leapSeconds: Self.leap,
                                           ends: LightPathEnds(ut1: Self.ut1))
        #expect(a == b)
    }

    @Test func dsnStationsMatchTheirPublishedGeodeticCoordinates() throws {
        // NAIF earth_topo_201023.tf (DSN 810-005 301 Rev. M, moved to 2020-10-23): DSS-14, DSS-43, DSS-63.
        let published: [(String, Double, Double, Double)] = [
            ("goldstone", 35.4259001525718, -116.8895419347303, 1001.385765773),
            ("canberra", -35.4024166339779, 148.9812713832932, 688.8490972130),
            ("madrid", 40.4312128778313, -4.2480036330327, 864.8381805445),
        ]
        for (name, lat, lon, height) in published {
            let s = try EarthStation.parse(name)
            // 17.8 years of plate motion (Canberra 5.2 cm a year: 0.9 m) separate the two epochs: under 2e-5°.
            #expect(abs(s.latitudeDegrees - lat) < 2e-5, "\(name) latitude \(s.latitudeDegrees)")
            #expect(abs(s.longitudeEastDegrees - lon) < 2e-5, "\(name) longitude \(s.longitudeEastDegrees)")
            #expect(abs(s.heightMetres - height) < 1, "\(name) height \(s.heightMetres)")
            let again = EarthStation(latitudeDegrees: s.latitudeDegrees, longitudeEastDegrees: s.longitudeEastDegrees,
                                     heightMetres: s.heightMetres)
            #expect((again.itrsKm - s.itrsKm).length < 1e-6)  // a millimetre
        }
    }

    @Test(arguments: ["DSS-14", "Goldstone", " madrid ", "35.4N,116.9W,1000", "-33.9,18.4", "0,360"])
    func stationsParse(text: String) throws {
        let s = try EarthStation.parse(text)
        #expect(abs(s.itrsKm.length - 6371) < 25)
    }

    @Test(arguments: ["", "houston", "91,0", "10", "10,20,30,40", "10,abc", "10,20,1e9", "10,20,200000", "-10S,20", "nan,0"])
    func stationRefusals(text: String) {
        #expect(throws: InputError.self) { try EarthStation.parse(text) }
    }

    @Test func stationRotatesWithTheEarth() throws {
        // Goldstone's GCRS position turns once a sidereal day about the z axis and keeps its height.
        let s = try EarthStation.parse("goldstone")
        let ut1 = try #require(Self.ut1)
        let t0 = 1_700_000_000.0, sidereal = 86_164.0905
        let a = s.gcrsKm(unixSeconds: t0, leapSeconds: Self.leap, ut1: ut1)
        let b = s.gcrsKm(unixSeconds: t0 + sidereal, leapSeconds: Self.leap, ut1: ut1)
        let c = s.gcrsKm(unixSeconds: t0 + sidereal / 2, leapSeconds: Self.leap, ut1: ut1)
        #expect(abs(a.length - s.itrsKm.length) < 1e-9)
        #expect((a - b).length < 0.01)  // 10 m: precession-nutation over a day
        // Half a sidereal day later it is opposite about the pole of date (not the GCRS z: precession tilts it).
        let ofDate = EarthOrientation(time: AlmanacTime(unixSeconds: t0, leapSeconds: Self.leap, ut1: ut1)).trueOfDate
        let (p, q) = (ofDate * a, ofDate * c)
        #expect(abs(p.x + q.x) < 0.05 && abs(p.y + q.y) < 0.05 && abs(p.z - q.z) < 0.05, "\(p) \(q)")
    }

    @Test func marsOrientationPutsThePoleAtTheIAUDirection() {
        // At J2000 the body's z axis is (α₀, δ₀) = (317.68143°, 52.88650°); after one sidereal
        // day (360 / 350.89198226 d) the prime meridian is back.
        let m = MarsOrientation.icrfFromBodyFixed(daysSinceJ2000TDB: 0)
        let pole = m * Vector3(0, 0, 1)
        let expected = Vector3.direction(raRadians: 317.68143 * .pi / 180, decRadians: 52.88650 * .pi / 180)
        #expect((pole - expected).length < 1e-12)
        let day = 360 / 350.89198226
        let x0 = m * Vector3(1, 0, 0)
        let x1 = MarsOrientation.icrfFromBodyFixed(daysSinceJ2000TDB: day) * Vector3(1, 0, 0)
        #expect((x0 - x1).length < 1e-6)
        let half = MarsOrientation.icrfFromBodyFixed(daysSinceJ2000TDB: day / 2) * Vector3(1, 0, 0)
        #expect((x0 + half).length < 1e-6)
        // The prime meridian's node: W is measured from the equator's ascending node on the ICRF equator.
        let node = Vector3(cos((317.68143 + 90) * .pi / 180), sin((317.68143 + 90) * .pi / 180), 0)
        let w0 = 176.630 * Double.pi / 180
        #expect(acos(max(-1, min(1, x0.dot(node)))) - w0 < 1e-9 || abs(acos(x0.dot(node)) - (2 * .pi - w0)) < 1e-9)
    }

    @Test func siteRadiusIsTheIAUEllipsoid() {
        #expect(abs(MarsSurfacePoint.ellipsoidRadiusKm(planetocentricLatitude: 0) - 3396.19) < 1e-9)
        #expect(abs(MarsSurfacePoint.ellipsoidRadiusKm(planetocentricLatitude: 90) - 3376.20) < 1e-9)
        #expect(abs(MarsSurfacePoint(planetocentricLatitude: 45, longitudeEast: 10).bodyFixedKm.length - 3386.16) < 0.05)
    }
}
