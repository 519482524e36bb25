import Foundation

/// NMEA 0183 sentences for a chart plotter (NMEA 0183 v2.3 field layout,
/// as gpsd's "NMEA Revealed" documents it).
///
/// The fix goes out as `$GPRMC` and `$GPGLL` with status A and the mode
/// indicator **E** (estimated): gpsd reports such a fix as dead reckoning
/// (TPV status 5), so a plotter never takes a sextant fix for a satellite
/// one. The DR and each line of position's ends go out as `$GPWPL`
/// waypoints, each line also as a two-point `$GPRTE` route. NMEA has no
/// sentence for a sight; the sight log leaves in the GPX file.
public enum NMEASentences {
    /// The fix (when there is one), then the DR and the lines; each
    /// sentence `$…*hh` without the line ending.
    public static func sentences(_ export: ChartExport) -> [String] {
        var out: [String] = []
        if let fix = export.fix {
            let p = fix.position
            let time = timeField(fix.unixSeconds)
            let moving = export.speedKnots > 0
            let sog = moving ? PrintfText.fixed(export.speedKnots, places: 1) : ""
            let cog = moving ? PrintfText.fixed(normalized(export.courseDegrees), places: 1) : ""
            out.append(sentence("GPRMC,\(time),A,\(latitudeFields(p.latitudeDegrees)),\(longitudeFields(p.longitudeDegrees)),"
                                + "\(sog),\(cog),\(dateField(fix.unixSeconds)),,,E"))
            out.append(sentence("GPGLL,\(latitudeFields(p.latitudeDegrees)),\(longitudeFields(p.longitudeDegrees)),\(time),A,E"))
            out.append(waypoint("TDFIX", p))
        }
        out.append(waypoint("TDDR", export.deadReckoning.position))
        for (i, line) in export.lines.enumerated() {
            let a = "LOP\(i + 1)A", b = "LOP\(i + 1)B"
            out.append(waypoint(a, line.points[0]))
            out.append(waypoint(b, line.points[1]))
            // One sentence, one message, "c" = complete route.
            out.append(sentence("GPRTE,1,1,c,LOP\(i + 1),\(a),\(b)"))
        }
        return out
    }

    /// `$BODY*XX`: the checksum is the XOR of the bytes between `$` and `*`.
    public static func sentence(_ body: String) -> String {
        let sum = body.utf8.reduce(UInt8(0), ^)
        let hex = Array("0123456789ABCDEF")
        return "$" + body + "*" + String(hex[Int(sum >> 4)]) + String(hex[Int(sum & 0x0F)])
    }

    static func waypoint(_ name: String, _ p: GeoPosition) -> String {
        sentence("GPWPL,\(latitudeFields(p.latitudeDegrees)),\(longitudeFields(p.longitudeDegrees)),\(name)")
    }

    /// `4010.0000,N`: degrees and minutes to 0.0001′ (0.2 m).
    static func latitudeFields(_ degrees: Double) -> String {
        angleField(abs(degrees), degreeDigits: 2) + (degrees < 0 ? ",S" : ",N")
    }

    /// `05015.0000,W`.
    static func longitudeFields(_ degrees: Double) -> String {
        angleField(abs(degrees), degreeDigits: 3) + (degrees < 0 ? ",W" : ",E")
    }

    /// Whole degrees then minutes with four decimals, rounding carried into
    /// the degrees (59.99996′ is the next degree, never "60.0000").
    static func angleField(_ degrees: Double, degreeDigits: Int) -> String {
        let tenThousandths = (degrees * 60 * 10_000).rounded()
        let whole = Int(tenThousandths / (60 * 10_000))
        let rest = Int(tenThousandths) - whole * 60 * 10_000
        let minutes = rest / 10_000, fraction = rest % 10_000
        return padded(whole, degreeDigits) + padded(minutes, 2) + "." + padded(fraction, 4)
    }

    /// `hhmmss.ss` UTC, to the hundredth (rounded; the date field rounds
    /// the same way, so 23:59:59.996 is 00:00:00.00 of the next day in both).
    static func timeField(_ unixSeconds: Double) -> String {
        let ofDay = Int(utcHundredths(unixSeconds).ofDay)
        let seconds = ofDay / 100
        return padded(seconds / 3600, 2) + padded(seconds / 60 % 60, 2) + padded(seconds % 60, 2) + "." + padded(ofDay % 100, 2)
    }

    /// `ddmmyy` (UTC; NMEA's two-digit year).
    static func dateField(_ unixSeconds: Double) -> String {
        let (year, month, day) = UTCFields.civil(fromDays: utcHundredths(unixSeconds).days)
        return padded(day, 2) + padded(month, 2) + padded(year % 100, 2)
    }

    static func utcHundredths(_ unixSeconds: Double) -> (days: Int64, ofDay: Int64) {
        let hundredths = Int64((unixSeconds * 100).rounded())
        let perDay: Int64 = 8_640_000
        let days = hundredths >= 0 ? hundredths / perDay : (hundredths - perDay + 1) / perDay
        return (days, hundredths - days * perDay)
    }

    static func normalized(_ degrees: Double) -> Double {
        let d = degrees.truncatingRemainder(dividingBy: 360)
        return d < 0 ? d + 360 : d
    }

    static func padded(_ value: Int, _ digits: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
