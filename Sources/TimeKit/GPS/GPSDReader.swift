import Foundation

/// Decodes gpsd JSON lines. Pure and total: any byte string gives a report or
/// nil, never a crash (it is fuzzed), and unknown classes and fields are
/// ignored as gpsd_json(5) asks of clients.
public enum GPSDReader {
    /// Longest line accepted. gpsd's own limit is GPS_JSON_RESPONSE_MAX,
    /// 4096 bytes in 3.22; a SKY with 100+ satellites stays well under this.
    public static let maximumLineBytes = 16_384
    /// Deepest {…}/[…] nesting accepted; gpsd sends at most 3.
    static let maximumDepth = 8

    /// The report in one line (without or with its trailing CR/LF), or nil
    /// for anything that is not a gpsd JSON object with a `class`.
    public static func parse(line: String) -> GPSDReport? {
        parse(bytes: Array(line.utf8))
    }

    /// As `parse(line:)`, for raw bytes read from the socket.
    public static func parse<Bytes: Collection>(bytes: Bytes) -> GPSDReport? where Bytes.Element == UInt8 {
        guard bytes.count <= maximumLineBytes, nestingIsShallow(bytes) else { return nil }
        guard case .object(let fields)? = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)),
              case .string(let className)? = fields["class"]
        else { return nil }
        switch className {
        case "TPV": return .tpv(fix(fields))
        case "SKY": return .sky(sky(fields))
        case "VERSION":
            return .version(GPSDVersion(release: string(fields["release"]) ?? "?",
                                        protocolMajor: integer(fields["proto_major"]),
                                        protocolMinor: integer(fields["proto_minor"])))
        case "DEVICES":
            guard case .array(let list)? = fields["devices"] else { return .devices([]) }
            return .devices(list.compactMap { entry in
                guard case .object(let d) = entry, let path = string(d["path"]) else { return nil }
                return GPSDDevice(path: path, driver: string(d["driver"]))
            })
        case "TOFF", "PPS":
            guard let offset = timeOffset(fields) else { return .other(className: className) }
            return className == "TOFF" ? .toff(offset) : .pps(offset)
        case "ERROR":
            return .error(message: string(fields["message"]) ?? "")
        default:
            return .other(className: className)
        }
    }

    static func fix(_ f: [String: JSONValue]) -> GPSDFix {
        var position: GeoPosition?
        if let lat = number(f["lat"]), let lon = number(f["lon"]) {
            position = try? GeoPosition(latitudeDegrees: lat, longitudeDegrees: lon)
        }
        let mode = integer(f["mode"]).flatMap { (0...3).contains($0) ? $0 : nil } ?? 0
        return GPSDFix(device: string(f["device"]),
                       mode: mode,
                       timeUnixNanoseconds: string(f["time"]).flatMap(GPSDTime.unixNanoseconds(iso:)),
                       position: position,
                       altitudeMeters: number(f["altHAE"]) ?? number(f["alt"]),
                       speedMetersPerSecond: number(f["speed"]),
                       trackDegrees: number(f["track"]),
                       timeErrorSeconds: number(f["ept"]))
    }

    static func sky(_ f: [String: JSONValue]) -> GPSDSky {
        var satellites: [[String: JSONValue]]?
        if case .array(let list)? = f["satellites"] {
            satellites = list.compactMap { if case .object(let o) = $0 { return o } else { return nil } }
        }
        let usedCount = satellites.map { list in list.filter { $0["used"] == .bool(true) }.count }
        return GPSDSky(device: string(f["device"]),
                       satellitesVisible: integer(f["nSat"]) ?? satellites?.count,
                       satellitesUsed: integer(f["uSat"]) ?? usedCount,
                       hdop: number(f["hdop"]),
                       pdop: number(f["pdop"]))
    }

    static func timeOffset(_ f: [String: JSONValue]) -> GPSDTimeOffset? {
        guard let rs = integer64(f["real_sec"]), let rn = integer64(f["real_nsec"]),
              let cs = integer64(f["clock_sec"]), let cn = integer64(f["clock_nsec"]),
              let real = nanoseconds(seconds: rs, nanos: rn), let clock = nanoseconds(seconds: cs, nanos: cn)
        else { return nil }
        return GPSDTimeOffset(realUnixNanoseconds: real, clockUnixNanoseconds: clock)
    }

    static func nanoseconds(seconds: Int64, nanos: Int64) -> Int64? {
        guard (0..<1_000_000_000).contains(nanos), abs(seconds) < 9_000_000_000 else { return nil }
        return seconds * 1_000_000_000 + nanos
    }

    /// A finite JSON number (not a Boolean, not a string of digits).
    static func number(_ value: JSONValue?) -> Double? {
        guard case .number(let d)? = value, d.isFinite else { return nil }
        return d
    }

    static func integer(_ value: JSONValue?) -> Int? {
        guard let d = number(value), d == d.rounded(), abs(d) < 1e9 else { return nil }
        return Int(d)
    }

    static func integer64(_ value: JSONValue?) -> Int64? {
        guard let d = number(value), d == d.rounded(), abs(d) < 9e15 else { return nil }
        return Int64(d)
    }

    static func string(_ value: JSONValue?) -> String? {
        guard case .string(let s)? = value else { return nil }
        return s
    }

    /// Rejects nesting deeper than `maximumDepth` before the JSON parser sees
    /// it, so a line of ten thousand `[` cannot exhaust the stack.
    static func nestingIsShallow<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        var depth = 0
        var inString = false
        var escaped = false
        for b in bytes {
            if inString {
                if escaped { escaped = false } else if b == 0x5C { escaped = true } else if b == 0x22 { inString = false }
                continue
            }
            switch b {
            case 0x22: inString = true
            case 0x7B, 0x5B:
                depth += 1
                if depth > maximumDepth { return false }
            case 0x7D, 0x5D: depth -= 1
            default: break
            }
        }
        return true
    }
}

/// Any JSON value, decoded strictly by type: a number is never a Boolean and
/// a Boolean never a number (NSNumber bridging blurs the two on Linux).
enum JSONValue: Decodable, Equatable {
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let d = try? c.decode(Double.self) { self = .number(d) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONValue].self) { self = .array(a) }
        else { self = .object(try c.decode([String: JSONValue].self)) }
    }
}
