import Foundation

/// A round of sights drawn on a universal plotting sheet, as SVG: the
/// latitude/longitude grid labelled in degrees and minutes, a scale bar in
/// nautical miles, the DR (a semicircle), the DR track, each line of
/// position with its body and time (dashed when advanced), the intercept
/// from the DR, and the fix (a circle with a dot) with its 1σ ellipse.
///
/// The projection is the universal plotting sheet's, not Mercator's:
/// latitude lines are equally spaced (1′ of latitude = 1 nm) and longitude
/// is scaled by cos(mid-latitude), so over the sheet's few tens of miles a
/// mile is the same length in every direction and bearings read true.
///
/// Only `<path>`, `<line>`, `<circle>`, `<ellipse>` and `<text>` with one
/// font family and no external references, so librsvg and browsers draw
/// it alike. Text from outside (body names) is XML-escaped.
public enum PlottingSheet {
    /// Where a position lands on the sheet (SVG user units, y down).
    public struct Layout: Equatable, Sendable {
        /// The sheet's centre: midway between the DR and the fix (the DR
        /// when there is no fix).
        public var centre: GeoPosition
        /// Pixels per nautical mile, the same both ways.
        public var pixelsPerNauticalMile: Double
        /// The sheet's half extents around the centre, nm east-west and north-south.
        public var halfWidthNauticalMiles: Double
        public var halfHeightNauticalMiles: Double
        /// The whole drawing, and the plotting area's top-left corner inside it.
        public var width: Double
        public var height: Double
        public var plotLeft: Double
        public var plotTop: Double
        /// The baseline of the first line of the list of sights under the sheet.
        public var legendTop: Double = 0

        /// The cos(mid-latitude) that shrinks longitude.
        public var longitudeScale: Double { cos(centre.latitudeDegrees * .pi / 180) }

        /// East and north of the centre, nm (longitude wrapped to ±180°).
        public func offsetNauticalMiles(_ p: GeoPosition) -> (east: Double, north: Double) {
            var dLon = p.longitudeDegrees - centre.longitudeDegrees
            dLon = (dLon + 540).truncatingRemainder(dividingBy: 360) - 180
            return (dLon * 60 * longitudeScale, (p.latitudeDegrees - centre.latitudeDegrees) * 60)
        }

        /// The SVG point of a position.
        public func point(_ p: GeoPosition) -> (x: Double, y: Double) {
            let (east, north) = offsetNauticalMiles(p)
            return (plotLeft + (halfWidthNauticalMiles + east) * pixelsPerNauticalMile,
                    plotTop + (halfHeightNauticalMiles - north) * pixelsPerNauticalMile)
        }

        public var plotWidth: Double { 2 * halfWidthNauticalMiles * pixelsPerNauticalMile }
        public var plotHeight: Double { 2 * halfHeightNauticalMiles * pixelsPerNauticalMile }
    }

    /// The longer side of the plotting area, px.
    static let plotSidePixels = 720.0
    /// Space left around everything drawn, nm (at least), and the smallest half extent.
    static let marginNauticalMiles = 4.0
    static let smallestHalfExtentNauticalMiles = 10.0
    static let titleHeight = 56.0, border = 56.0

    /// The sheet for `export`: every point drawn fits with a margin.
    public static func layout(_ export: ChartExport) -> Layout {
        let dr = export.deadReckoning.position
        let centre: GeoPosition
        if let fix = export.fix?.position {
            var lon = dr.longitudeDegrees + ((fix.longitudeDegrees - dr.longitudeDegrees + 540)
                .truncatingRemainder(dividingBy: 360) - 180) / 2
            if lon > 180 { lon -= 360 } else if lon < -180 { lon += 360 }
            centre = GeoPosition(unchecked: (dr.latitudeDegrees + fix.latitudeDegrees) / 2, lon)
        } else {
            centre = dr
        }
        var sheet = Layout(centre: centre, pixelsPerNauticalMile: 1, halfWidthNauticalMiles: 0, halfHeightNauticalMiles: 0,
                           width: 0, height: 0, plotLeft: border, plotTop: titleHeight + border / 2)
        var points = [dr] + export.track.map(\.position) + export.lines.flatMap { $0.points + [$0.interceptPoint] }
        var ellipseReach = 0.0
        if let fix = export.fix {
            points.append(fix.position)
            ellipseReach = fix.ellipse?.semiMajorNauticalMiles ?? 0
        }
        var halfWidth = smallestHalfExtentNauticalMiles, halfHeight = smallestHalfExtentNauticalMiles
        for p in points {
            let (east, north) = sheet.offsetNauticalMiles(p)
            halfWidth = max(halfWidth, abs(east) + marginNauticalMiles)
            halfHeight = max(halfHeight, abs(north) + marginNauticalMiles)
        }
        if let fix = export.fix?.position {
            let (east, north) = sheet.offsetNauticalMiles(fix)
            halfWidth = max(halfWidth, abs(east) + ellipseReach + marginNauticalMiles)
            halfHeight = max(halfHeight, abs(north) + ellipseReach + marginNauticalMiles)
        }
        // Square, as a plotting sheet is: a long thin round still leaves
        // room for the title, the labels and the list of sights.
        sheet.halfWidthNauticalMiles = max(halfWidth, halfHeight)
        sheet.halfHeightNauticalMiles = max(halfWidth, halfHeight)
        sheet.pixelsPerNauticalMile = plotSidePixels / (2 * max(halfWidth, halfHeight))
        sheet.width = sheet.plotWidth + 2 * border
        sheet.legendTop = sheet.plotTop + sheet.plotHeight + border * 1.2
        sheet.height = sheet.legendTop + Double(export.lines.count) * 15 + border / 2
        return sheet
    }

    /// The whole SVG document, UTF-8, ending in a newline.
    public static func svg(_ export: ChartExport) -> String {
        let sheet = layout(export)
        let n = { (v: Double) in PrintfText.fixed(v, places: 1) }
        let font = "font-family=\"DejaVu Sans, sans-serif\""
        var s = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                 "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(sheet.width))\" height=\"\(n(sheet.height))\" "
                 + "viewBox=\"0 0 \(n(sheet.width)) \(n(sheet.height))\">",
                 "<path d=\"M0 0H\(n(sheet.width))V\(n(sheet.height))H0Z\" fill=\"white\"/>"]
        func text(_ x: Double, _ y: Double, _ words: String, size: Double = 12, anchor: String = "start",
                  weight: String = "normal", fill: String = "black") {
            s.append("<text x=\"\(n(x))\" y=\"\(n(y))\" \(font) font-size=\"\(n(size))\" text-anchor=\"\(anchor)\" "
                     + "font-weight=\"\(weight)\" fill=\"\(fill)\">\(GPXDocument.escaped(words))</text>")
        }
        func line(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double), stroke: String, width: Double,
                  dashed: Bool = false, cls: String? = nil) {
            s.append("<line\(cls.map { " class=\"\($0)\"" } ?? "") x1=\"\(n(a.x))\" y1=\"\(n(a.y))\" x2=\"\(n(b.x))\" "
                     + "y2=\"\(n(b.y))\" stroke=\"\(stroke)\" stroke-width=\"\(n(width))\""
                     + "\(dashed ? " stroke-dasharray=\"10 6\"" : "")/>")
        }

        // Title.
        let when = GPXDocument.time(export.fix?.unixSeconds ?? export.deadReckoning.unixSeconds)
        var title: String, subtitle = ""
        if let fix = export.fix {
            title = "Celestial fix \(latitudeText(fix.position.latitudeDegrees, minutesPlaces: 1)) "
                + "\(longitudeText(fix.position.longitudeDegrees, minutesPlaces: 1)) at "
                + "\(when.prefix(10)) \(GPXDocument.clock(fix.unixSeconds))"
            subtitle = "\(fix.sightCount) sight\(fix.sightCount == 1 ? "" : "s"), rms residual "
                + "\(PrintfText.fixed(fix.rmsResidualNauticalMiles, places: 2)) nm"
            if let e = fix.ellipse {
                subtitle += ", 1σ ellipse \(PrintfText.fixed(e.semiMajorNauticalMiles, places: 2)) × "
                    + "\(PrintfText.fixed(e.semiMinorNauticalMiles, places: 2)) nm along \(PrintfText.fixed(e.majorAxisDegrees, places: 0))°"
            }
        } else {
            title = "Line\(export.lines.count == 1 ? "" : "s") of position \(when.prefix(10)) "
                + "\(GPXDocument.clock(export.deadReckoning.unixSeconds)) (no fix)"
        }
        text(border, 26, title, size: 16, weight: "bold")
        if export.speedKnots > 0 {
            subtitle += "\(subtitle.isEmpty ? "" : "; ")course \(PrintfText.fixed(export.courseDegrees, places: 0))° T, "
                + "\(PrintfText.fixed(export.speedKnots, places: 1)) kn"
        }
        text(border, 46, subtitle, size: 12, fill: "#333333")

        // Frame and grid.
        let left = sheet.plotLeft, top = sheet.plotTop
        let right = left + sheet.plotWidth, bottom = top + sheet.plotHeight
        s.append("<path d=\"M\(n(left)) \(n(top))H\(n(right))V\(n(bottom))H\(n(left))Z\" fill=\"none\" stroke=\"black\" stroke-width=\"1.2\"/>")
        let latSpanMinutes = 2 * sheet.halfHeightNauticalMiles
        let latStep = gridStepMinutes(latSpanMinutes)
        let south = sheet.centre.latitudeDegrees * 60 - sheet.halfHeightNauticalMiles
        var m = (south / latStep).rounded(.up) * latStep
        while m <= sheet.centre.latitudeDegrees * 60 + sheet.halfHeightNauticalMiles {
            let y = sheet.point(GeoPosition(unchecked: m / 60, sheet.centre.longitudeDegrees)).y
            line((left, y), (right, y), stroke: "#9db8d0", width: 0.8, cls: "grid")
            text(left - 4, y + 4, latitudeText(m / 60, minutesPlaces: latStep < 1 ? 1 : 0), size: 10, anchor: "end")
            m += latStep
        }
        // Near a pole the sheet's miles span many degrees of longitude: at
        // most the whole circle is ruled.
        let lonHalfMinutes = min(sheet.halfWidthNauticalMiles / max(sheet.longitudeScale, 1e-9), 180 * 60)
        let lonStep = gridStepMinutes(2 * lonHalfMinutes)
        m = ((sheet.centre.longitudeDegrees * 60 - lonHalfMinutes) / lonStep).rounded(.up) * lonStep
        var labelBelow = true
        while m <= sheet.centre.longitudeDegrees * 60 + lonHalfMinutes {
            let x = sheet.point(GeoPosition(unchecked: sheet.centre.latitudeDegrees, m / 60)).x
            line((x, top), (x, bottom), stroke: "#9db8d0", width: 0.8, cls: "grid")
            text(x, labelBelow ? bottom + 14 : top - 5, longitudeText(m / 60, minutesPlaces: lonStep < 1 ? 1 : 0),
                 size: 10, anchor: "middle")
            labelBelow.toggle()
            m += lonStep
        }

        // Scale bar, below the frame on the left.
        let barMiles = scaleBarNauticalMiles(sheet.halfWidthNauticalMiles / 2)
        let barY = bottom + 36, barLength = barMiles * sheet.pixelsPerNauticalMile
        s.append("<path class=\"scale\" d=\"M\(n(left)) \(n(barY - 5))V\(n(barY))H\(n(left + barLength))V\(n(barY - 5))"
                 + "M\(n(left + barLength / 2)) \(n(barY))V\(n(barY - 3))\" fill=\"none\" stroke=\"black\" stroke-width=\"1.5\"/>")
        text(left + barLength + 6, barY + 4, "\(PrintfText.fixed(barMiles, places: 0)) nm", size: 11)
        text(right, barY + 4, "Universal plotting sheet, mid-latitude \(latitudeText(sheet.centre.latitudeDegrees, minutesPlaces: 0))",
             size: 11, anchor: "end", fill: "#333333")

        // DR track.
        if export.track.count > 1 {
            let d = export.track.enumerated().map { i, p in
                let q = sheet.point(p.position)
                return "\(i == 0 ? "M" : "L")\(n(q.x)) \(n(q.y))"
            }.joined()
            s.append("<path class=\"track\" d=\"\(d)\" fill=\"none\" stroke=\"#777777\" stroke-width=\"1\"/>")
        }

        // Lines of position and their intercepts.
        let dr = sheet.point(export.deadReckoning.position)
        for lop in export.lines {
            guard lop.points.count == 2 else { continue }
            let a = sheet.point(lop.points[0]), b = sheet.point(lop.points[1])
            line(a, b, stroke: "#1f4e9c", width: 1.6, dashed: lop.isAdvanced, cls: lop.isAdvanced ? "lop advanced" : "lop")
            let foot = sheet.point(lop.interceptPoint)
            line(dr, foot, stroke: "#b04a00", width: 0.9, cls: "intercept")
            // The name at the line's second end, inside the frame.
            let label = "\(lop.bodyText) \(GPXDocument.clock(lop.sightUnixSeconds))\(lop.isAdvanced ? " adv." : "")"
            let at = (x: min(max(b.x, left + 4), right - 4), y: min(max(b.y, top + 14), bottom - 4))
            text(at.x, at.y - 4, label, size: 11, anchor: at.x > (left + right) / 2 ? "end" : "start", fill: "#1f4e9c")
        }
        // The intercepts are a few miles long: listed under the sheet rather
        // than written over the fix.
        for (i, lop) in export.lines.enumerated() {
            text(left, sheet.legendTop + Double(i) * 15, "\(i + 1). \(lop.bodyText) \(GPXDocument.clock(lop.sightUnixSeconds)): "
                 + "Zn \(PrintfText.fixed(lop.reduced.azimuthDegrees, places: 1))°, intercept "
                 + "\(PrintfText.fixed(abs(lop.reduced.interceptNauticalMiles), places: 1)) nm \(lop.isToward ? "toward" : "away")"
                 + (lop.isAdvanced ? ", advanced \(PrintfText.fixed(lop.advancedNauticalMiles, places: 1)) nm to "
                    + GPXDocument.clock(lop.unixSeconds) : ""), size: 11, fill: "#333333")
        }

        // The DR: a semicircle on its line.
        s.append("<path class=\"dr\" d=\"M\(n(dr.x - 7)) \(n(dr.y))A7 7 0 0 1 \(n(dr.x + 7)) \(n(dr.y))Z\" "
                 + "fill=\"none\" stroke=\"black\" stroke-width=\"1.5\"/>")
        text(dr.x + 10, dr.y + 14, "DR \(GPXDocument.clock(export.deadReckoning.unixSeconds))", size: 11)

        // The fix, its 1σ ellipse.
        if let fix = export.fix {
            let f = sheet.point(fix.position)
            if let e = fix.ellipse {
                // rx lies east (090°); SVG's rotate turns clockwise on the
                // screen, as bearings do, so Zn θ is rotate(θ − 90).
                s.append("<ellipse class=\"sigma\" cx=\"\(n(f.x))\" cy=\"\(n(f.y))\" "
                         + "rx=\"\(PrintfText.fixed(e.semiMajorNauticalMiles * sheet.pixelsPerNauticalMile, places: 2))\" "
                         + "ry=\"\(PrintfText.fixed(e.semiMinorNauticalMiles * sheet.pixelsPerNauticalMile, places: 2))\" "
                         + "transform=\"rotate(\(PrintfText.fixed(e.majorAxisDegrees - 90, places: 2)) \(n(f.x)) \(n(f.y)))\" "
                         + "fill=\"#c0392b\" fill-opacity=\"0.12\" stroke=\"#c0392b\" stroke-width=\"1\"/>")
            }
            s.append("<circle class=\"fix\" cx=\"\(n(f.x))\" cy=\"\(n(f.y))\" r=\"7\" fill=\"none\" stroke=\"#c0392b\" stroke-width=\"1.8\"/>")
            s.append("<circle cx=\"\(n(f.x))\" cy=\"\(n(f.y))\" r=\"1.8\" fill=\"#c0392b\"/>")
            text(f.x + 10, f.y - 8, "FIX \(GPXDocument.clock(fix.unixSeconds))", size: 12, weight: "bold", fill: "#c0392b")
        }
        s.append("</svg>")
        return s.joined(separator: "\n") + "\n"
    }

    /// A grid step in minutes of arc giving at most 8 lines across `spanMinutes`.
    static func gridStepMinutes(_ spanMinutes: Double) -> Double {
        for step in [0.5, 1, 2, 5, 10, 15, 20, 30, 60, 120, 300, 600, 1200, 1800, 3600] where spanMinutes / step <= 8 { return step }
        return 5400
    }

    /// A round scale-bar length no longer than `atMost` nm.
    static func scaleBarNauticalMiles(_ atMost: Double) -> Double {
        [100.0, 50, 20, 10, 5, 2, 1].first { $0 <= atMost } ?? 1
    }

    /// `40°10′N`, `40°10.5′N`.
    static func latitudeText(_ degrees: Double, minutesPlaces: Int) -> String {
        angleText(abs(degrees), minutesPlaces: minutesPlaces, width: 2) + (degrees < 0 ? "S" : "N")
    }

    /// `050°15′W`.
    static func longitudeText(_ degrees: Double, minutesPlaces: Int) -> String {
        var d = (degrees + 540).truncatingRemainder(dividingBy: 360) - 180
        if d == -180 { d = 180 }
        return angleText(abs(d), minutesPlaces: minutesPlaces, width: 3) + (d < 0 ? "W" : d == 0 || d == 180 ? "" : "E")
    }

    static func angleText(_ degrees: Double, minutesPlaces: Int, width: Int) -> String {
        let unit = pow(10.0, Double(minutesPlaces))
        let tenths = (degrees * 60 * unit).rounded()
        let whole = Int(tenths / (60 * unit))
        let minutes = (tenths - Double(whole) * 60 * unit) / unit
        let d = String(whole)
        let padded = String(repeating: "0", count: max(0, width - d.count)) + d
        let mm = PrintfText.fixed(minutes, places: minutesPlaces)
        return "\(padded)°\(minutes < 10 ? "0" : "")\(mm)′"
    }
}

extension GeoPosition {
    /// A point of the sheet's grid: not validated, since a grid line past
    /// 180° is wrapped by `Layout.offsetNauticalMiles` and never stored.
    init(unchecked latitudeDegrees: Double, _ longitudeDegrees: Double) {
        self.latitudeDegrees = latitudeDegrees
        self.longitudeDegrees = longitudeDegrees
    }
}
