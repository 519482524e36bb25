import Foundation
import Testing
@testable import TimeKit

@Suite("Chart export: lines of position, NMEA 0183, GPX 1.1")
struct ChartExportTests {
    static let almanac: Almanac? = try? Almanac.loadBundled(leapSeconds: .builtIn)

    /// A Sun sight taken 0.5° higher than it would be from the DR, reduced.
    static func reduced(_ almanac: Almanac, hsOffsetDegrees: Double = 0.5) throws -> (ReducedSight, GeoPosition, Double) {
        let dr = try GeoPosition(latitudeDegrees: 40.2, longitudeDegrees: -50.3)
        let t = 1_711_018_800.0  // 2024-03-21 11:00 UTC, the Sun well up
        let solver = FixSolver(almanac: almanac, corrections: .standard, courseDegrees: 0, speedKnots: 0)
        let e = try almanac.entry(for: .sun, atUnixSeconds: t)
        let ho = SightReduction.altitudeAndAzimuth(ghaDegrees: e.ghaDegrees, decDegrees: e.decDegrees, from: dr).altitudeDegrees
        let hs = SightReduction.sextantAltitudeDegrees(observedAltitudeDegrees: ho + hsOffsetDegrees, limb: .lower, entry: e,
                                                       corrections: .standard, from: dr)
        let sight = Sight(body: .sun, limb: .lower, sextantAltitudeDegrees: hs, unixSeconds: t)
        return (try solver.reduce([sight], deadReckoning: dr, fixUnixSeconds: t)[0], dr, t)
    }

    static func altitude(_ almanac: Almanac, at p: GeoPosition, _ t: Double) throws -> Double {
        let e = try almanac.entry(for: .sun, atUnixSeconds: t)
        return SightReduction.altitudeAndAzimuth(ghaDegrees: e.ghaDegrees, decDegrees: e.decDegrees, from: p).altitudeDegrees
    }

    @Test("The line's points lie on the circle of equal altitude: Hc at its foot is Ho, its ends on the circle 30 nm either side")
    func lineIsWhereTheSightPutsUs() throws {
        let almanac = try #require(Self.almanac)
        for offset in [0.5, -0.3] {
            let (r, dr, t) = try Self.reduced(almanac, hsOffsetDegrees: offset)
            let line = LineOfPosition(r, deadReckoning: dr, lineUnixSeconds: t)
            #expect(abs(line.reduced.interceptNauticalMiles - offset * 60) < 0.05, "intercept \(line.reduced.interceptNauticalMiles)")
            #expect(line.isToward == (offset > 0) && !line.isAdvanced)
            #expect(abs(try Self.altitude(almanac, at: line.interceptPoint, t) - r.observedAltitudeDegrees) * 60 < 0.02)
            for end in line.points {
                let off = (r.observedAltitudeDegrees - (try Self.altitude(almanac, at: end, t))) * 60
                #expect(abs(off) < 0.01, "end \(off)′ off the circle of equal altitude")
                // 30 nm along the circle: the chord is a hair shorter.
                let chord = line.interceptPoint.distanceAndBearing(to: end).nauticalMiles
                #expect(chord < 30 && chord > 29.9, "\(chord)")
            }
            let left = line.interceptPoint.distanceAndBearing(to: line.points[0]).bearingDegrees
            #expect(abs(((left - (r.azimuthDegrees - 90)) + 540).truncatingRemainder(dividingBy: 360) - 180) < 2,
                    "the first end on the Zn − 90° side")
            let (d, bearing) = dr.distanceAndBearing(to: line.interceptPoint)
            #expect(abs(d - abs(offset) * 60) < 0.05)
            let expected = offset > 0 ? r.azimuthDegrees : (r.azimuthDegrees + 180).truncatingRemainder(dividingBy: 360)
            #expect(abs(bearing - expected) < 1e-6)
        }
    }

    @Test("The NMEA checksum is the XOR between $ and *, as in a published GGA sentence")
    func checksum() {
        // gpsd's "NMEA Revealed", the GGA example.
        #expect(NMEASentences.sentence("GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
                == "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47")
    }

    @Test("Angles carry rounding into the degree, hemispheres by sign, the time and date round together")
    func fields() {
        #expect(NMEASentences.latitudeFields(48 + 7.038 / 60) == "4807.0380,N")
        #expect(NMEASentences.longitudeFields(-(11 + 31.0 / 60)) == "01131.0000,W")
        #expect(NMEASentences.latitudeFields(-(12 + 59.99996 / 60)) == "1300.0000,S")
        #expect(NMEASentences.longitudeFields(179.9999999) == "18000.0000,E")
        #expect(NMEASentences.latitudeFields(0) == "0000.0000,N")
        #expect(NMEASentences.timeField(1_711_006_800.123) == "074000.12")
        #expect(NMEASentences.dateField(1_711_006_800) == "210324")
        // 23:59:59.996 rounds to the next day's midnight in both fields.
        let late = 1_711_065_599.996
        #expect(NMEASentences.timeField(late) == "000000.00")
        #expect(NMEASentences.dateField(late) == "220324")
        #expect(NMEASentences.dateField(0) == "010170")
    }

    @Test("A fix goes out as RMC and GLL marked estimated; lines alone send no position sentence")
    func sentences() throws {
        let almanac = try #require(Self.almanac)
        let (r, dr, t) = try Self.reduced(almanac)
        let solver = FixSolver(almanac: almanac, corrections: .standard, courseDegrees: 45, speedKnots: 6)
        var export = ChartExport(lines: [r], deadReckoning: dr, lineUnixSeconds: t, solver: solver)
        let linesOnly = NMEASentences.sentences(export)
        #expect(!linesOnly.contains { $0.hasPrefix("$GPRMC") || $0.hasPrefix("$GPGLL") })
        #expect(linesOnly.first == NMEASentences.sentence("GPWPL,4012.0000,N,05018.0000,W,TDDR"))
        #expect(linesOnly.count == 4 && linesOnly[3].hasPrefix("$GPRTE,1,1,c,LOP1,LOP1A,LOP1B*"))
        export.fix = .init(position: try GeoPosition(latitudeDegrees: -33.5, longitudeDegrees: 151.25), unixSeconds: t,
                           sightCount: 3, rmsResidualNauticalMiles: 0.4)
        let all = NMEASentences.sentences(export)
        #expect(all[0] == NMEASentences.sentence("GPRMC,110000.00,A,3330.0000,S,15115.0000,E,6.0,45.0,210324,,,E"))
        #expect(all[1] == NMEASentences.sentence("GPGLL,3330.0000,S,15115.0000,E,110000.00,A,E"))
        #expect(all.allSatisfy { $0.utf8.count + 2 <= 82 }, "NMEA 0183's 82-character limit")
    }

    @Test("GPX text is escaped and stripped of what XML 1.0 forbids; longitude stays in −180…180")
    func gpxEscaping() throws {
        #expect(GPXDocument.escaped("A&B <\"c\"> 'd'") == "A&amp;B &lt;&quot;c&quot;&gt; &apos;d&apos;")
        #expect(GPXDocument.escaped("x\u{1B}[2Jy\u{07}\u{9B}z\u{FFFF}") == "x\u{FFFD}[2Jy\u{FFFD}\u{FFFD}z\u{FFFD}")
        #expect(GPXDocument.escaped("a\tb\nc") == "a&#9;b&#10;c")
        #expect(GPXDocument.coordinates(try GeoPosition(latitudeDegrees: 10, longitudeDegrees: 180))
                == "lat=\"10.0000000\" lon=\"-180.0000000\"")
    }

    @Test("A GPX of lines only has the DR, a route per line, the track when moving, and the sight log")
    func gpxStructure() throws {
        let almanac = try #require(Self.almanac)
        let (still, dr, t) = try Self.reduced(almanac)
        // The same sight on a ship making 10 kn on 090°, the line drawn an hour later.
        let solver = FixSolver(almanac: almanac, corrections: .standard, courseDegrees: 90, speedKnots: 10)
        let drLater = dr.sailing(courseDegrees: 90, distanceNauticalMiles: 10)
        let r = try solver.reduce([still.sight], deadReckoning: drLater, fixUnixSeconds: t + 3600)[0]
        let export = ChartExport(lines: [r], deadReckoning: drLater, lineUnixSeconds: t + 3600, solver: solver)
        #expect(export.lines[0].isAdvanced)
        #expect(export.track.count == 2)
        #expect(abs(export.track[0].position.distanceAndBearing(to: export.track[1].position).nauticalMiles - 10) < 0.01)
        // Every point of the advanced line is the still line's moved 10 nm east.
        let unmoved = LineOfPosition(still, deadReckoning: dr, lineUnixSeconds: t)
        for (a, b) in zip([unmoved.interceptPoint] + unmoved.points, [export.lines[0].interceptPoint] + export.lines[0].points) {
            let (d, bearing) = a.distanceAndBearing(to: b)
            #expect(abs(d - 10) < 0.01 && abs(bearing - 90) < 0.2, "\(d) nm \(bearing)°")
        }
        let xml = GPXDocument.xml(export, creator: "timedeck test")
        #expect(!xml.contains("<name>Fix</name>"))
        #expect(xml.components(separatedBy: "<wpt ").count == 2)
        #expect(xml.components(separatedBy: "<rte>").count == 2)
        #expect(xml.contains("<type>advanced line of position</type>"))
        #expect(xml.components(separatedBy: "<trkpt ").count == 3)
        #expect(xml.contains("<td:sight body=\"Sun LL\""))
        // The schema's order: metadata, wpt, rte, trk, extensions.
        let order = ["<metadata>", "<wpt ", "<rte>", "<trk>", "<extensions>"].map { xml.range(of: $0)?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && zip(order, order.dropFirst()).allSatisfy { $0! < $1! })
    }
}
