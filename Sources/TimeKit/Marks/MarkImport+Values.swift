import Foundation

extension MarkImport {
    /// One mark's values as read, checked as they are turned into a mark:
    /// numbers before conversion (`Int64(exactly:)`), positions in range,
    /// notes as the store accepts them, Hs strictly between 0° and 90°.
    struct Values {
        let place: String
        var unixNanoseconds: Int64?
        var correctionNanoseconds: Int64 = 0
        var note = ""
        var source: String?
        var latitude: Double?
        var longitude: Double?
        var fixAgeMilliseconds: Int64?
        var fixMode: Int?
        var fixUnixNanoseconds: Int64?
        var uniqueKey: String?
        var clock = ClockStatus.unknown
        var body: String?
        var hs: Double?

        init(place: String) { self.place = place }

        func fail(_ problem: String) -> Problem { Problem(place: place, problem: problem) }

        func row() throws -> Row {
            guard let unixNanoseconds else { throw fail("has no instant (unix_nanoseconds / unixNanoseconds)") }
            do { _ = try MarkNote.validated(note) } catch { throw fail("\(error)") }
            var positionSource = PositionSource.none
            if let source {
                guard let known = PositionSource(rawValue: source) else {
                    throw fail("position source \"\(InertText.display(source))\" is not fixed, gpsd or none")
                }
                positionSource = known
            }
            var coordinate: GeoPosition?
            switch (latitude, longitude) {
            case let (lat?, lon?):
                do { coordinate = try GeoPosition(latitudeDegrees: lat, longitudeDegrees: lon) } catch {
                    throw fail("position \(lat), \(lon) is not a latitude and longitude (\(error))")
                }
            case (nil, nil): break
            default: throw fail("has a latitude or a longitude without the other")
            }
            if let mode = fixMode, !(0...3).contains(mode) { throw fail("fix mode \(mode) is not gpsd's 0–3") }
            if let key = uniqueKey, key.count > 200 || !InertText.isInert(key) {
                throw fail("unique key is not one timedeck writes (at most 200 characters, no control characters)")
            }
            var sight: ExportedSight?
            if let body {
                let trimmed = body.trimmingCharacters(in: .whitespaces)
                guard !trimmed.isEmpty, body.count <= MarkImport.maximumBodyCharacters else {
                    throw fail("sight body \"\(InertText.display(body))\" is empty or longer than "
                               + "\(MarkImport.maximumBodyCharacters) characters")
                }
                guard let hs else { throw fail("sight \(InertText.display(body)) has no Hs (sight_hs_deg)") }
                guard hs.isFinite, hs > 0, hs < 90 else {
                    throw fail("sight Hs \(hs)° is not between 0° and 90° (as the store requires)")
                }
                sight = ExportedSight(bodyText: body, sextantAltitudeDegrees: hs)
            } else if hs != nil {
                throw fail("has a sight Hs without a body (sight_body)")
            }
            let mark = SightingMark(unixNanoseconds: unixNanoseconds, correctionNanoseconds: correctionNanoseconds,
                                    note: note,
                                    position: MarkPosition(source: positionSource, coordinate: coordinate,
                                                           fixUnixNanoseconds: fixUnixNanoseconds, fixMode: fixMode,
                                                           fixAgeMilliseconds: fixAgeMilliseconds),
                                    clock: clock, uniqueKey: uniqueKey)
            return Row(mark: mark, sight: sight)
        }

        // MARK: Fields

        /// A whole number from a CSV field, checked before conversion.
        func integer(_ text: String?, _ name: String) throws -> Int64? {
            guard let text else { return nil }
            guard let n = Int64(text.trimmingCharacters(in: .whitespaces)) else {
                throw fail("\(name) \"\(InertText.display(text))\" is not a whole number")
            }
            return n
        }

        /// A finite number from a CSV field.
        func number(_ text: String?, _ name: String) throws -> Double? {
            guard let text else { return nil }
            guard let n = Double(text.trimmingCharacters(in: .whitespaces)), n.isFinite else {
                throw fail("\(name) \"\(InertText.display(text))\" is not a number")
            }
            return n
        }

        /// `-1.500` (seconds, CSV) as milliseconds.
        func milliseconds(_ text: String?, _ name: String) throws -> Int64? {
            guard let text else { return nil }
            guard let seconds = Double(text), seconds.isFinite else { throw fail("\(name) \"\(InertText.display(text))\" is not a number of seconds") }
            return try milliseconds(seconds: seconds, name)
        }

        func milliseconds(seconds: Double, _ name: String) throws -> Int64 {
            guard let ms = Int64(exactly: (seconds * 1000).rounded()), ms.magnitude < 1_000_000_000_000 else {
                throw fail("\(name) \(seconds) s is out of range")
            }
            return ms
        }

        func nanoseconds(_ seconds: Double, _ name: String) throws -> Int64 {
            guard let ns = Int64(exactly: (seconds * 1e9).rounded()), ns.magnitude < 1_000_000_000_000_000 else {
                throw fail("\(name) \(seconds) s is out of range")
            }
            return ns
        }

        /// The CSV export's clock columns.
        func clock(csv field: (String) -> String?) throws -> ClockStatus {
            var kernel: ClockStatus.Kernel?
            switch field("clock_synchronized") {
            case nil: break
            case let flag? where flag == "true" || flag == "false":
                kernel = ClockStatus.Kernel(
                    synchronized: flag == "true",
                    estimatedErrorMicroseconds: try integer(field("clock_estimated_error_us"), "clock_estimated_error_us") ?? 0,
                    maximumErrorMicroseconds: try integer(field("clock_maximum_error_us"), "clock_maximum_error_us") ?? 0)
            case let other?:
                throw fail("clock_synchronized \"\(InertText.display(other))\" is not true or false")
            }
            var gps: ClockStatus.GPSOffset?
            if let ns = try integer(field("gps_offset_ns"), "gps_offset_ns") {
                guard let method = field("gps_offset_method").flatMap(ClockStatus.OffsetMethod.init(rawValue:)) else {
                    throw fail("gps_offset_method is not toff, pps or tpv")
                }
                gps = ClockStatus.GPSOffset(nanoseconds: ns, method: method)
            }
            return ClockStatus(kernel: kernel, gpsOffset: gps)
        }
    }
}

extension ISOInstant {
    /// Unix milliseconds of `2026-11-21T23:47:12.345Z` (as `milliseconds`
    /// writes it; years 0000–9999), or nil.
    public static func parseMilliseconds(_ text: String) -> Int64? {
        let b = Array(text.utf8)
        guard b.count == 24, b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x54, b[13] == 0x3A, b[16] == 0x3A, b[19] == 0x2E,
              b[23] == 0x5A else { return nil }
        func n(_ from: Int, _ count: Int) -> Int64? {
            var v: Int64 = 0
            for i in from..<(from + count) {
                guard (0x30...0x39).contains(b[i]) else { return nil }
                v = v * 10 + Int64(b[i] - 0x30)
            }
            return v
        }
        guard let y = n(0, 4), let m = n(5, 2), let d = n(8, 2), let hh = n(11, 2), let mm = n(14, 2),
              let ss = n(17, 2), let ms = n(20, 3), (1...12).contains(m), (1...31).contains(d), hh < 24, mm < 60, ss < 60
        else { return nil }
        // Days from civil (H. Hinnant's algorithm).
        let yy = m <= 2 ? y - 1 : y
        let era = (yy >= 0 ? yy : yy - 399) / 400
        let yoe = yy - era * 400
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146_097 + doe - 719_468
        return ((days * 24 + hh) * 60 + mm) * 60_000 + ss * 1000 + ms
    }
}

/// RFC 4180 records with the line each starts on: quoted fields may hold
/// commas, doubled quotes and line breaks; CRLF or LF ends a record.
struct CSVRecords {
    var line: Int
    var fields: [String]

    static func parse(_ text: String) throws -> [CSVRecords] {
        var records: [CSVRecords] = []
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var inQuotes = false, afterQuote = false
        var line = 1, recordLine = 1
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = scalars.next()
        func endRecord() {
            fields.append(String(field))
            records.append(CSVRecords(line: recordLine, fields: fields))
            fields = []
            field = String.UnicodeScalarView()
        }
        while let c = pending {
            pending = scalars.next()
            if inQuotes {
                if c == "\"" {
                    if pending == "\"" { field.append(c); pending = scalars.next() } else { inQuotes = false; afterQuote = true }
                } else {
                    if c == "\n" { line += 1 }
                    field.append(c)
                }
                continue
            }
            switch c {
            case "\"" where field.isEmpty && !afterQuote:
                inQuotes = true
            case ",":
                fields.append(String(field))
                field = String.UnicodeScalarView()
                afterQuote = false
            case "\r" where pending == "\n":
                break
            case "\n":
                endRecord()
                afterQuote = false
                line += 1
                recordLine = line
            default:
                if afterQuote { throw MarkImport.Problem(place: "line \(line)", problem: "has text after a closing quote") }
                field.append(c)
            }
        }
        if inQuotes { throw MarkImport.Problem(place: "line \(recordLine)", problem: "has a quote that is never closed") }
        if !field.isEmpty || !fields.isEmpty { endRecord() }
        return records
    }
}
