import Foundation

/// A GPX 1.1 file of a round of sights (topografix.com/GPX/1/1, the schema
/// chart plotters and OpenCPN read): waypoints for the fix and the DR, a
/// two-point route for each line of position, a track for the DR the ship
/// ran along, and the sight log in the file's `<extensions>` under our own
/// namespace (`urn:timedeck:gpx:sights:1`), which the schema allows and
/// readers that do not know it skip.
public enum GPXDocument {
    public static let sightsNamespace = "urn:timedeck:gpx:sights:1"

    /// The whole document, UTF-8, ending in a newline. `creator` is the
    /// program and version that wrote it.
    public static func xml(_ export: ChartExport, creator: String) -> String {
        var x = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                 "<gpx version=\"1.1\" creator=\"\(escaped(creator))\" xmlns=\"http://www.topografix.com/GPX/1/1\" "
                 + "xmlns:td=\"\(sightsNamespace)\">",
                 "  <metadata>",
                 "    <name>\(export.fix == nil ? "Lines of position" : "Celestial fix")</name>",
                 "    <time>\(time(export.fix?.unixSeconds ?? export.deadReckoning.unixSeconds))</time>",
                 "  </metadata>"]
        if let fix = export.fix {
            var desc = "celestial fix from \(fix.sightCount) sights, rms residual \(PrintfText.fixed(fix.rmsResidualNauticalMiles, places: 2)) nm"
            if let e = fix.ellipse {
                desc += ", 1-sigma ellipse \(PrintfText.fixed(e.semiMajorNauticalMiles, places: 2)) x "
                    + "\(PrintfText.fixed(e.semiMinorNauticalMiles, places: 2)) nm along \(PrintfText.fixed(e.majorAxisDegrees, places: 0)) deg"
            }
            x += waypoint(fix.position, at: fix.unixSeconds, name: "Fix", desc: desc, type: "celestial fix")
        }
        x += waypoint(export.deadReckoning.position, at: export.deadReckoning.unixSeconds, name: "DR",
                      desc: "dead reckoning at the fix time", type: "dead reckoning")
        for (i, line) in export.lines.enumerated() {
            x.append("  <rte>")
            x.append("    <name>\(escaped("LOP \(i + 1) \(line.bodyText) \(clock(line.sightUnixSeconds))"))</name>")
            var desc = "Zn \(PrintfText.fixed(line.reduced.azimuthDegrees, places: 1)) deg, intercept "
                + "\(PrintfText.fixed(abs(line.reduced.interceptNauticalMiles), places: 1)) nm \(line.isToward ? "toward" : "away")"
            if line.isAdvanced { desc += ", advanced to \(clock(line.unixSeconds))" }
            x.append("    <desc>\(escaped(desc))</desc>")
            x.append("    <type>\(line.isAdvanced ? "advanced line of position" : "line of position")</type>")
            for end in line.points { x.append("    <rtept \(coordinates(end))/>") }
            x.append("  </rte>")
        }
        if export.track.count > 1 {
            x.append("  <trk>")
            x.append("    <name>DR track</name>")
            x.append("    <desc>\(escaped("course \(PrintfText.fixed(export.courseDegrees, places: 1)) deg true, \(PrintfText.fixed(export.speedKnots, places: 1)) kn"))</desc>")
            x.append("    <trkseg>")
            for point in export.track {
                x.append("      <trkpt \(coordinates(point.position))><time>\(time(point.unixSeconds))</time></trkpt>")
            }
            x.append("    </trkseg>")
            x.append("  </trk>")
        }
        x.append("  <extensions>")
        x.append("    <td:sights>")
        for line in export.lines {
            let n = PrintfText.fixed
            x.append("      <td:sight body=\"\(escaped(line.bodyText))\" utc=\"\(time(line.sightUnixSeconds))\" "
                     + "hs=\"\(n(line.reduced.sight.sextantAltitudeDegrees, 6))\" ho=\"\(n(line.reduced.observedAltitudeDegrees, 6))\" "
                     + "hc=\"\(n(line.reduced.computedAltitudeDegrees, 6))\" zn=\"\(n(line.reduced.azimuthDegrees, 3))\" "
                     + "intercept=\"\(n(line.reduced.interceptNauticalMiles, 2))\"/>")
        }
        x.append("    </td:sights>")
        x.append("  </extensions>")
        x.append("</gpx>")
        return x.joined(separator: "\n") + "\n"
    }

    static func waypoint(_ p: GeoPosition, at unixSeconds: Double, name: String, desc: String, type: String) -> [String] {
        ["  <wpt \(coordinates(p))>",
         "    <time>\(time(unixSeconds))</time>",
         "    <name>\(escaped(name))</name>",
         "    <desc>\(escaped(desc))</desc>",
         "    <type>\(escaped(type))</type>",
         "  </wpt>"]
    }

    static func coordinates(_ p: GeoPosition) -> String {
        // The schema's longitude is −180 ≤ lon < 180.
        let lon = p.longitudeDegrees >= 180 ? p.longitudeDegrees - 360 : p.longitudeDegrees
        return "lat=\"\(PrintfText.fixed(p.latitudeDegrees, places: 7))\" lon=\"\(PrintfText.fixed(lon, places: 7))\""
    }

    static func time(_ unixSeconds: Double) -> String {
        ISOInstant.milliseconds(unixMilliseconds: Int64((unixSeconds * 1000).rounded()))
    }

    /// `07:44:00Z`.
    static func clock(_ unixSeconds: Double) -> String {
        String(time(unixSeconds).dropFirst(11).prefix(8)) + "Z"
    }

    /// Text made safe for XML 1.0 content and attributes: a control typed
    /// into a body name cannot break the file (tab, newline and return kept
    /// as references, other controls as U+FFFD).
    public static func escaped(_ text: String) -> String {
        XMLText.escaped(text, controls: .referenceWhitespaceReplaceOthers)
    }
}
