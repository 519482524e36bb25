/// Marks written one at a time as CSV (RFC 4180) or JSON, straight into
/// bytes: `marks list --json` and `marks export` stream a store of any size
/// through it in constant memory.
///
/// The output is byte for byte what `JSONEncoder` (pretty-printed, sorted
/// keys, slashes unescaped) followed by `MarkExport`'s terminal-control
/// escaping gave: C0 controls as `\u001b`, and C1 controls, DEL and the
/// bidirectional controls as `\u009B`-style escapes, so the text is inert
/// on a terminal and the same JSON value. A test holds the two together.
public struct MarkExportWriter {
    public enum Format: Sendable, Equatable {
        /// CSV; with `inertText`, notes and stations go through `InertText`
        /// (output to a terminal).
        case csv(inertText: Bool)
        case json
    }

    private var out: ByteWriter
    public let format: Format
    /// A `station` column (CSV, first) or key (JSON): the team log's views.
    public let withStation: Bool
    /// Marks written so far.
    public private(set) var count = 0

    public init(format: Format, withStation: Bool = false, flush: @escaping ([UInt8]) throws -> Void) {
        self.format = format
        self.withStation = withStation
        self.out = ByteWriter(flush: flush)
    }

    /// The header line (CSV) or the opening bracket (JSON).
    public mutating func begin() throws {
        switch format {
        case .csv:
            if withStation { try out.append("station,") }
            try out.append(MarkExport.csvHeader.joined(separator: ",") + "\r\n")
        case .json:
            try out.append("[")
        }
    }

    /// One mark (with its station in the team log's views, and its sight
    /// if it has one).
    public mutating func add(_ mark: SightingMark, station: String? = nil, sight: ExportedSight? = nil) throws {
        switch format {
        case .csv(let inert): try addCSV(mark, station: station, sight: sight, inert: inert)
        case .json: try addJSON(mark, station: station, sight: sight)
        }
        count += 1
        try out.flushIfFull()
    }

    /// Closes the JSON array (no newline after it) and flushes everything.
    public mutating func end() throws {
        if format == .json { try out.append(count == 0 ? "\n\n]" : "\n]") }
        try out.finish()
    }

    // MARK: CSV

    private mutating func addCSV(_ mark: SightingMark, station: String?, sight: ExportedSight?, inert: Bool) throws {
        let p = mark.position
        if withStation {
            csvField(inert ? InertText.display(station ?? "") : station ?? "")
            out.append(byte: 0x2C)
        }
        // Times and numbers are written as bytes straight into the buffer
        // (never need quoting); only free text goes through `csvField`.
        if let id = mark.id { integer(id) }
        comma(); isoMilliseconds(mark.unixMilliseconds)
        comma(); markTime(mark.unixMilliseconds)
        comma(); isoMilliseconds(mark.correctedUnixMilliseconds)
        comma(); if let c = p.coordinate { decimal6(c.latitudeDegrees) }
        comma(); if let c = p.coordinate { decimal6(c.longitudeDegrees) }
        comma(); if let age = p.fixAgeMilliseconds { seconds(milliseconds: age) }
        comma(); csvField(inert ? InertText.display(mark.note) : mark.note)
        comma(); raw(p.source.rawValue)
        comma(); raw(p.status.rawValue)
        comma(); seconds(milliseconds: SightingMark.milliseconds(mark.correctionNanoseconds))
        comma(); integer(mark.unixNanoseconds)
        comma(); csvField(mark.clock.summary)
        // Issue 28: after the old columns, so a reader of the old ones still works.
        comma(); csvField(inert ? InertText.display(mark.uniqueKey ?? "") : mark.uniqueKey ?? "")
        comma(); if let sight { csvField(inert ? InertText.display(sight.bodyText) : sight.bodyText) }
        comma(); if let sight { raw(MarkExport.exactDegrees(sight.sextantAltitudeDegrees)) }
        let derived = sight?.derived
        comma(); if let derived { raw(MarkExport.fixed(derived.observedAltitudeDegrees, decimals: 6)) }
        comma(); if let derived { raw(MarkExport.fixed(derived.interceptNauticalMiles, decimals: 3)) }
        comma(); if let derived { raw(MarkExport.fixed(derived.azimuthDegrees, decimals: 2)) }
        let kernel = mark.clock.kernel, gps = mark.clock.gpsOffset
        comma(); if let mode = p.fixMode { integer(Int64(mode)) }
        comma(); if let fix = p.fixUnixNanoseconds { integer(fix) }
        comma(); if let kernel { raw(kernel.synchronized ? "true" : "false") }
        comma(); if let kernel { integer(kernel.estimatedErrorMicroseconds) }
        comma(); if let kernel { integer(kernel.maximumErrorMicroseconds) }
        comma(); if let gps { integer(gps.nanoseconds) }
        comma(); if let gps { raw(gps.method.rawValue) }
        out.append(byte: 0x0D)
        out.append(byte: 0x0A)
    }

    private mutating func comma() { out.append(byte: 0x2C) }

    /// One field, quoted when RFC 4180 needs it (a comma, quote, CR or LF
    /// inside) or when it starts or ends with a space (kept visibly).
    private mutating func csvField(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var needsQuotes = bytes.first == 0x20 || bytes.last == 0x20
            if !needsQuotes {
                for b in bytes where b == 0x2C || b == 0x22 || b == 0x0D || b == 0x0A {
                    needsQuotes = true
                    break
                }
            }
            guard needsQuotes else { return appendRaw(bytes) }
            out.append(byte: 0x22)
            for b in bytes {
                if b == 0x22 { out.append(byte: 0x22) }
                out.append(byte: b)
            }
            out.append(byte: 0x22)
        }
    }

    private mutating func appendRaw(_ bytes: UnsafeBufferPointer<UInt8>) {
        for b in bytes { out.append(byte: b) }
    }

    // MARK: JSON

    private mutating func addJSON(_ mark: SightingMark, station: String?, sight: ExportedSight?) throws {
        let p = mark.position
        let kernel = mark.clock.kernel
        let gps = mark.clock.gpsOffset
        raw(count == 0 ? "\n  {\n    \"clock\" : {\n" : ",\n  {\n    \"clock\" : {\n")
        key("estimatedErrorMicroseconds", indent: 6); number(kernel?.estimatedErrorMicroseconds); raw(",\n")
        key("gpsOffsetMethod", indent: 6); string(gps?.method.rawValue); raw(",\n")
        key("gpsOffsetSeconds", indent: 6); double(gps.map { Double($0.nanoseconds) / 1e9 }); raw(",\n")
        key("maximumErrorMicroseconds", indent: 6); number(kernel?.maximumErrorMicroseconds); raw(",\n")
        key("summary", indent: 6); string(mark.clock.summary); raw(",\n")
        key("synchronized", indent: 6)
        raw(kernel.map { $0.synchronized ? "true" : "false" } ?? "null")
        raw("\n    },\n")
        key("correctedUtc"); quoted { $0.isoMilliseconds(mark.correctedUnixMilliseconds) }; raw(",\n")
        key("correctionSeconds"); double(Double(mark.correctionNanoseconds) / 1e9); raw(",\n")
        key("fixAgeSeconds"); double(p.fixAgeMilliseconds.map { Double($0) / 1000 }); raw(",\n")
        key("fixMode"); number(p.fixMode.map(Int64.init)); raw(",\n")
        key("fixTime")
        if let fix = p.fixUnixNanoseconds {
            quoted { $0.isoMilliseconds(SightingMark.milliseconds(fix)) }
        } else {
            raw("null")
        }
        raw(",\n")
        key("fixUnixNanoseconds"); number(p.fixUnixNanoseconds); raw(",\n")
        key("id"); number(mark.id); raw(",\n")
        key("latitude"); double(p.coordinate.map { Self.rounded6($0.latitudeDegrees) }); raw(",\n")
        key("longitude"); double(p.coordinate.map { Self.rounded6($0.longitudeDegrees) }); raw(",\n")
        key("markTime"); quoted { $0.markTime(mark.unixMilliseconds) }; raw(",\n")
        key("note"); string(mark.note); raw(",\n")
        key("positionSource"); string(p.source.rawValue); raw(",\n")
        key("positionStatus"); string(p.status.rawValue); raw(",\n")
        key("positionText"); string(p.summary); raw(",\n")
        key("sight"); jsonSight(sight); raw(",\n")
        if withStation { key("station"); string(station ?? ""); raw(",\n") }
        key("uniqueKey"); string(mark.uniqueKey); raw(",\n")
        key("unixMillis"); number(mark.unixMilliseconds); raw(",\n")
        key("unixNanoseconds"); number(mark.unixNanoseconds); raw(",\n")
        key("utc"); quoted { $0.isoMilliseconds(mark.unixMilliseconds) }
        raw("\n  }")
    }

    /// `{ "azimuthDegrees", "body", "hoDegrees", "hsDegrees",
    /// "interceptNauticalMiles" }` (derived values null when they cannot be
    /// worked out), or null for a mark without a sight.
    private mutating func jsonSight(_ sight: ExportedSight?) {
        guard let sight else { return raw("null") }
        let d = sight.derived
        raw("{\n")
        key("azimuthDegrees", indent: 6); double(d.map { MarkExport.rounded($0.azimuthDegrees, decimals: 2) }); raw(",\n")
        key("body", indent: 6); string(sight.bodyText); raw(",\n")
        key("hoDegrees", indent: 6); double(d.map { MarkExport.rounded($0.observedAltitudeDegrees, decimals: 6) }); raw(",\n")
        key("hsDegrees", indent: 6); double(sight.sextantAltitudeDegrees); raw(",\n")
        key("interceptNauticalMiles", indent: 6)
        double(d.map { MarkExport.rounded($0.interceptNauticalMiles, decimals: 3) })
        raw("\n    }")
    }

    // MARK: Numbers and times as bytes

    /// `body`'s ASCII output between double quotes (no escaping needed).
    private mutating func quoted(_ body: (inout MarkExportWriter) -> Void) {
        out.append(byte: 0x22)
        body(&self)
        out.append(byte: 0x22)
    }

    private mutating func integer(_ value: Int64) {
        if value < 0 {
            out.append(byte: 0x2D)
            if value == .min { return raw("9223372036854775808") }
            return integer(-value)
        }
        var divisor: Int64 = 1
        while divisor <= value / 10 { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            out.append(byte: 0x30 + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// `value` zero-padded to `width` digits (more digits if it has them).
    private mutating func padded(_ value: Int, width: Int) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        guard value >= 0, value < divisor * 10 else { return integer(Int64(value)) }
        var rest = value
        while divisor > 0 {
            out.append(byte: 0x30 + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// As `ISOInstant.milliseconds`: `2026-11-21T23:47:12.345Z`.
    mutating func isoMilliseconds(_ unixMilliseconds: Int64) {
        let f = UTCFields(unixMilliseconds: unixMilliseconds)
        if f.year < 0 { out.append(byte: 0x2D) }
        padded(abs(f.year), width: 4); out.append(byte: 0x2D)
        padded(f.month, width: 2); out.append(byte: 0x2D)
        padded(f.day, width: 2); out.append(byte: 0x54)
        padded(f.hour, width: 2); out.append(byte: 0x3A)
        padded(f.minute, width: 2); out.append(byte: 0x3A)
        padded(f.second, width: 2); out.append(byte: 0x2E)
        padded(f.millisecond, width: 3); out.append(byte: 0x5A)
    }

    /// As `MarkTime.mark`: `21d 23h 47m 12.345s`.
    mutating func markTime(_ unixMilliseconds: Int64) {
        let f = UTCFields(unixMilliseconds: unixMilliseconds)
        padded(f.day, width: 2); raw("d ")
        padded(f.hour, width: 2); raw("h ")
        padded(f.minute, width: 2); raw("m ")
        padded(f.second, width: 2); out.append(byte: 0x2E)
        padded(f.millisecond, width: 3); out.append(byte: 0x73)
    }

    /// As `MarkExport.millisecondsAsSeconds`: `-1.500`.
    private mutating func seconds(milliseconds ms: Int64) {
        if ms < 0 { out.append(byte: 0x2D) }
        let magnitude = ms.magnitude
        integer(Int64(magnitude / 1000))
        out.append(byte: 0x2E)
        padded(Int(magnitude % 1000), width: 3)
    }

    /// As `GeoPosition.decimal`: degrees rounded half away from zero to a
    /// millionth, six decimals, no negative zero (`-27.467000`).
    private mutating func decimal6(_ degrees: Double) {
        let micro = (degrees * 1_000_000).rounded(.toNearestOrAwayFromZero)
        guard micro.isFinite, abs(micro) < 9e15 else { return raw(GeoPosition.decimal(degrees)) }
        let whole = Int64(micro)
        if whole < 0 { out.append(byte: 0x2D) }
        let magnitude = whole.magnitude
        integer(Int64(magnitude / 1_000_000))
        out.append(byte: 0x2E)
        padded(Int(magnitude % 1_000_000), width: 6)
    }

    static func rounded6(_ v: Double) -> Double { (v * 1_000_000).rounded() / 1_000_000 }

    private mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { appendRaw($0) }
    }

    private mutating func raw(_ text: String) {
        var text = text
        text.withUTF8 { appendRaw($0) }
    }

    private mutating func key(_ name: StaticString, indent: Int = 4) {
        for _ in 0..<indent { out.append(byte: 0x20) }
        out.append(byte: 0x22)
        raw(name)
        raw("\" : ")
    }

    private mutating func number(_ value: Int64?) {
        guard let value else { return raw("null") }
        raw(String(value))
    }

    /// As `JSONEncoder` writes a Double: its shortest description, without
    /// a trailing `.0` (`1`, `-0`, `1.5`, `1e-05`, `1e+20`).
    private mutating func double(_ value: Double?) {
        guard let value else { return raw("null") }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        raw(text)
    }

    private mutating func string(_ value: String?) {
        guard var value else { return raw("null") }
        value.withUTF8 { Self.appendJSONString($0, to: &out) }
    }

    private static let hexLower: [UInt8] = Array("0123456789abcdef".utf8)
    private static let hexUpper: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// A JSON string literal of valid UTF-8, escaped as described above.
    static func appendJSONString(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout ByteWriter) {
        out.append(byte: 0x22)
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b >= 0x20 && b < 0x7F && b != 0x22 && b != 0x5C {
                out.append(byte: b)
                i += 1
                continue
            }
            switch b {
            case 0x22: out.append(byte: 0x5C); out.append(byte: 0x22)
            case 0x5C: out.append(byte: 0x5C); out.append(byte: 0x5C)
            case 0x08: out.append(byte: 0x5C); out.append(byte: 0x62)
            case 0x0C: out.append(byte: 0x5C); out.append(byte: 0x66)
            case 0x0A: out.append(byte: 0x5C); out.append(byte: 0x6E)
            case 0x0D: out.append(byte: 0x5C); out.append(byte: 0x72)
            case 0x09: out.append(byte: 0x5C); out.append(byte: 0x74)
            case 0x00..<0x20: escape(UInt32(b), hex: hexLower, to: &out)
            case 0x7F: escape(0x7F, hex: hexUpper, to: &out)
            default:
                // Multi-byte UTF-8: C1 controls (C2 80–9F), the bidi
                // controls (E2 80 8E/8F/AA–AE, E2 81 A6–A9) and the BOM
                // (EF BB BF) are escaped; everything else is copied.
                if b == 0xC2, i + 1 < n, (0x80...0x9F).contains(bytes[i + 1]) {
                    escape(UInt32(bytes[i + 1]), hex: hexUpper, to: &out)
                    i += 2
                    continue
                }
                if b == 0xE2, i + 2 < n {
                    let b1 = bytes[i + 1], b2 = bytes[i + 2]
                    if (b1 == 0x80 && (b2 == 0x8E || b2 == 0x8F || (0xAA...0xAE).contains(b2)))
                        || (b1 == 0x81 && (0xA6...0xA9).contains(b2)) {
                        escape(0x2000 | (UInt32(b1 & 0x3F) << 6) | UInt32(b2 & 0x3F), hex: hexUpper, to: &out)
                        i += 3
                        continue
                    }
                }
                if b == 0xEF, i + 2 < n, bytes[i + 1] == 0xBB, bytes[i + 2] == 0xBF {
                    escape(0xFEFF, hex: hexUpper, to: &out)
                    i += 3
                    continue
                }
                out.append(byte: b)
            }
            i += 1
        }
        out.append(byte: 0x22)
    }

    private static func escape(_ scalar: UInt32, hex: [UInt8], to out: inout ByteWriter) {
        out.append(byte: 0x5C)
        out.append(byte: 0x75)
        for shift in [12, 8, 4, 0] { out.append(byte: hex[Int((scalar >> UInt32(shift)) & 0xF)]) }
    }
}
