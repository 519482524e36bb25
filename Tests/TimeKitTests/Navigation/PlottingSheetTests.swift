import Foundation
import Testing
@testable import TimeKit

@Suite("Plotting sheet (SVG): projection, symbols, escaping")
struct PlottingSheetTests {
    static func position(_ lat: Double, _ lon: Double) -> GeoPosition {
        (try? GeoPosition(latitudeDegrees: lat, longitudeDegrees: lon)) ?? GeoPosition(unchecked: 0, 0)
    }

    /// A fix 6′ north and 8′ of longitude east of the DR at 60° N (4 nm east).
    static func export(ellipse: CelestialFix.ErrorEllipse? = nil) -> ChartExport {
        let dr = ChartExport.TimedPosition(position: position(60, -20), unixSeconds: 1_711_006_800)
        return ChartExport(fix: .init(position: position(60.1, -20 + 8.0 / 60), unixSeconds: 1_711_006_800, sightCount: 3,
                                      rmsResidualNauticalMiles: 0.4, ellipse: ellipse),
                           deadReckoning: dr, courseDegrees: 0, speedKnots: 0, track: [dr], lines: [])
    }

    /// The `name="…"` attribute of the first element carrying `marker`.
    static func attribute(_ name: String, of marker: String, in svg: String) -> Double? {
        guard let element = svg.split(separator: "\n").first(where: { $0.contains(marker) }),
              let start = element.range(of: " \(name)=\"") else { return nil }
        return Double(element[start.upperBound...].prefix { $0 != "\"" })
    }

    @Test("Latitude is equally spaced and longitude shrinks by cos(mid-latitude): a mile is a mile both ways")
    func projection() throws {
        let sheet = PlottingSheet.layout(Self.export())
        // Centred midway between the DR and the fix.
        #expect(abs(sheet.centre.latitudeDegrees - 60.05) < 1e-9 && abs(sheet.centre.longitudeDegrees - (-20 + 4.0 / 60)) < 1e-9)
        let c = sheet.point(sheet.centre)
        #expect(abs(c.x - (sheet.plotLeft + sheet.plotWidth / 2)) < 1e-9 && abs(c.y - (sheet.plotTop + sheet.plotHeight / 2)) < 1e-9)
        let k = sheet.pixelsPerNauticalMile
        // 10′ north: 10 nm up the page.
        let north = sheet.point(Self.position(60.05 + 10.0 / 60, sheet.centre.longitudeDegrees))
        #expect(abs(north.x - c.x) < 1e-9 && abs((c.y - north.y) - 10 * k) < 1e-9)
        // 10′ of longitude east at 60.05° N: 10 cos 60.05° nm to the right.
        let east = sheet.point(Self.position(60.05, sheet.centre.longitudeDegrees + 10.0 / 60))
        #expect(abs((east.x - c.x) - 10 * cos(60.05 * .pi / 180) * k) < 1e-9 && abs(east.y - c.y) < 1e-9)
        // The fix and the DR sit symmetrically about the centre, both inside the frame.
        let f = sheet.point(Self.position(60.1, -20 + 8.0 / 60)), d = sheet.point(Self.position(60, -20))
        #expect(abs((f.x + d.x) / 2 - c.x) < 1e-6 && abs((f.y + d.y) / 2 - c.y) < 1e-6)
        #expect(f.y < c.y && d.x < c.x)
        for p in [f, d] {
            #expect(p.x > sheet.plotLeft && p.x < sheet.plotLeft + sheet.plotWidth)
            #expect(p.y > sheet.plotTop && p.y < sheet.plotTop + sheet.plotHeight)
        }
    }

    @Test("Across the antimeridian the sheet stays in one piece")
    func antimeridian() {
        let dr = ChartExport.TimedPosition(position: Self.position(-10, 179.95), unixSeconds: 0)
        let export = ChartExport(fix: .init(position: Self.position(-10, -179.95), unixSeconds: 0, sightCount: 2,
                                            rmsResidualNauticalMiles: 0.1),
                                 deadReckoning: dr, courseDegrees: 0, speedKnots: 0, track: [dr], lines: [])
        let sheet = PlottingSheet.layout(export)
        #expect(sheet.halfWidthNauticalMiles < 20, "\(sheet.halfWidthNauticalMiles) nm: the sheet went round the world")
        let a = sheet.point(dr.position), b = sheet.point(Self.position(-10, -179.95))
        #expect(b.x > a.x && abs((b.x - a.x) / sheet.pixelsPerNauticalMile - 6 * cos(10 * .pi / 180)) < 0.01)
    }

    @Test("At the pole the longitude grid is a few lines, not thousands")
    func nearThePole() {
        let dr = ChartExport.TimedPosition(position: Self.position(90, 0), unixSeconds: 0)
        let export = ChartExport(fix: .init(position: Self.position(90, 30), unixSeconds: 0, sightCount: 2,
                                            rmsResidualNauticalMiles: 0.1),
                                 deadReckoning: dr, courseDegrees: 0, speedKnots: 0, track: [dr], lines: [])
        let grid = PlottingSheet.svg(export).components(separatedBy: "class=\"grid\"").count - 1
        #expect(grid > 2 && grid < 30, "\(grid) grid lines")
    }

    @Test("The 1σ ellipse's major axis lies along its true bearing, sized in miles")
    func ellipseOrientation() throws {
        for (zn, rotation) in [(0.0, -90.0), (90.0, 0.0), (135.0, 45.0)] {
            let e = CelestialFix.ErrorEllipse(semiMajorNauticalMiles: 2, semiMinorNauticalMiles: 0.5, majorAxisDegrees: zn)
            let svg = PlottingSheet.svg(Self.export(ellipse: e))
            let k = PlottingSheet.layout(Self.export(ellipse: e)).pixelsPerNauticalMile
            let line = try #require(svg.split(separator: "\n").first { $0.contains("<ellipse") })
            #expect(abs((Self.attribute("rx", of: "<ellipse", in: svg) ?? 0) - 2 * k) < 0.01)
            #expect(abs((Self.attribute("ry", of: "<ellipse", in: svg) ?? 0) - 0.5 * k) < 0.01)
            let angle = try #require(line.range(of: "rotate(").map { Double(line[$0.upperBound...].prefix { $0 != " " }) } ?? nil)
            #expect(abs(angle - rotation) < 1e-9, "Zn \(zn)° drew rotate(\(angle))")
            // Where the major axis's end lands: rotate (rx, 0) clockwise on the screen.
            let r = angle * .pi / 180
            let end = (x: 2 * k * cos(r), y: 2 * k * sin(r))
            #expect(abs(end.x - 2 * k * sin(zn * .pi / 180)) < 1e-9 && abs(end.y + 2 * k * cos(zn * .pi / 180)) < 1e-9,
                    "the axis end must lie Zn \(zn)° from the fix (up the page is north)")
        }
        #expect(!PlottingSheet.svg(Self.export()).contains("<ellipse"), "no ellipse without one")
    }

    @Test("Advanced lines are dashed, lines at their sight time are not; a single line plots without a fix")
    func advancedLinesDashed() throws {
        let almanac = try #require(ChartExportTests.almanac)
        let (still, dr, t) = try ChartExportTests.reduced(almanac)
        let moving = FixSolver(almanac: almanac, corrections: .standard, courseDegrees: 90, speedKnots: 10)
        let drLater = dr.sailing(courseDegrees: 90, distanceNauticalMiles: 10)
        let r = try moving.reduce([still.sight], deadReckoning: drLater, fixUnixSeconds: t + 3600)[0]
        let advanced = ChartExport(lines: [r], deadReckoning: drLater, lineUnixSeconds: t + 3600, solver: moving)
        let svg = PlottingSheet.svg(advanced)
        let lop = try #require(svg.split(separator: "\n").first { $0.contains("class=\"lop") })
        #expect(lop.contains("stroke-dasharray") && lop.contains("advanced"))
        #expect(svg.contains("Sun LL 11:00:00Z adv."))
        #expect(svg.contains("class=\"track\""), "the DR track while moving")
        #expect(!svg.contains("class=\"fix\"") && svg.contains("class=\"dr\"") && svg.contains("(no fix)"))

        let stillSolver = FixSolver(almanac: almanac, corrections: .standard, courseDegrees: 0, speedKnots: 0)
        let plain = PlottingSheet.svg(ChartExport(lines: [still], deadReckoning: dr, lineUnixSeconds: t, solver: stillSolver))
        let line = try #require(plain.split(separator: "\n").first { $0.contains("class=\"lop") })
        #expect(!line.contains("stroke-dasharray") && !plain.contains("adv."))
        // The line's ends land where the projection puts them, inside the frame.
        let sheet = PlottingSheet.layout(ChartExport(lines: [still], deadReckoning: dr, lineUnixSeconds: t, solver: stillSolver))
        let a = sheet.point(LineOfPosition(still, deadReckoning: dr, lineUnixSeconds: t).points[0])
        #expect(abs((Self.attribute("x1", of: "class=\"lop", in: plain) ?? 0) - a.x) < 0.06)
        #expect(abs((Self.attribute("y1", of: "class=\"lop", in: plain) ?? 0) - a.y) < 0.06)
        #expect(a.x > sheet.plotLeft && a.y > sheet.plotTop)
    }

    @Test("Body names are XML-escaped and controls removed; no external references or textLength")
    func textEscaped() throws {
        let almanac = try #require(ChartExportTests.almanac)
        var (r, dr, t) = try ChartExportTests.reduced(almanac)
        r.sight.body = .star("A<b>&\"c\u{1B}[2J")
        let solver = FixSolver(almanac: almanac, corrections: .standard, courseDegrees: 0, speedKnots: 0)
        let svg = PlottingSheet.svg(ChartExport(lines: [r], deadReckoning: dr, lineUnixSeconds: t, solver: solver))
        #expect(svg.contains("A&lt;b&gt;&amp;&quot;c\u{FFFD}[2J"))
        #expect(!svg.contains("<b>") && !svg.contains("\u{1B}"))
        #expect(!svg.contains("textLength") && !svg.contains("href") && !svg.contains("url("))
        #expect(svg.hasPrefix("<?xml") && svg.hasSuffix("</svg>\n"))
    }

    @Test("Grid labels in degrees and minutes, hemispheres by sign")
    func labels() {
        #expect(PlottingSheet.latitudeText(40 + 10.0 / 60, minutesPlaces: 0) == "40°10′N")
        #expect(PlottingSheet.latitudeText(-(5 + 0.5 / 60), minutesPlaces: 1) == "05°00.5′S")
        #expect(PlottingSheet.longitudeText(-(50 + 15.0 / 60), minutesPlaces: 0) == "050°15′W")
        #expect(PlottingSheet.longitudeText(181, minutesPlaces: 0) == "179°00′W")
        #expect(PlottingSheet.latitudeText(59.99999, minutesPlaces: 0) == "60°00′N")
    }
}
