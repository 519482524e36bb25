import TestSupport
import Testing
@testable import TimeKit

/// Sample lines are the examples of gpsd_json(5) (gpsd 3.x documentation).
@Suite("gpsd JSON reader")
struct GPSDReaderTests {
    static let tpv = #"{"class":"TPV","device":"/dev/pts/1","time":"2005-06-08T10:34:48.283Z","ept":0.005,"lat":46.498293369,"lon":7.567411672,"alt":1343.127,"eph":36.000,"epv":32.321,"track":10.3788,"speed":0.091,"climb":-0.085,"mode":3}"#
    static let sky = #"{"class":"SKY","device":"/dev/pts/1","time":"2005-07-08T11:28:07.114Z","xdop":1.55,"hdop":1.24,"pdop":1.99,"satellites":[{"PRN":23,"el":6,"az":84,"ss":0,"used":false},{"PRN":28,"el":7,"az":160,"ss":0,"used":false},{"PRN":8,"el":66,"az":189,"ss":44,"used":true}]}"#
    static let version = #"{"class":"VERSION","release":"2.40dev","rev":"06f62e14eae9886cde907dae61c124c53eb1101f","proto_major":3,"proto_minor":1}"#
    static let devices = #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/pts/1","flags":1,"driver":"SiRF binary"},{"class":"DEVICE","path":"/dev/pts/3","flags":4,"driver":"AIVDM"}]}"#
    static let toff = #"{"class":"TOFF","device":"/dev/ttyUSB0","real_sec":1330212592,"real_nsec":343182,"clock_sec":1330212592,"clock_nsec":343184,"precision":-2}"#

    @Test("TPV: mode, time, position, altitude")
    func tpvLine() throws {
        guard case .tpv(let fix)? = GPSDReader.parse(line: Self.tpv) else { Issue.record("not TPV"); return }
        #expect(fix.mode == 3)
        #expect(fix.device == "/dev/pts/1")
        #expect(fix.timeUnixNanoseconds == 1_118_226_888_283_000_000)  // Python: datetime(2005,6,8,10,34,48,283000,utc)
        #expect(fix.position?.latitudeDegrees == 46.498293369)
        #expect(fix.position?.longitudeDegrees == 7.567411672)
        #expect(fix.altitudeMeters == 1343.127)
        #expect(fix.timeErrorSeconds == 0.005)
        #expect(fix.hasFix)
    }

    @Test("SKY counts satellites used from the list when uSat is absent")
    func skyLine() {
        #expect(GPSDReader.parse(line: Self.sky) == .sky(GPSDSky(device: "/dev/pts/1", satellitesVisible: 3,
                                                                 satellitesUsed: 1, hdop: 1.24, pdop: 1.99)))
    }

    @Test("VERSION, DEVICES, TOFF, ERROR and unknown classes")
    func otherLines() {
        #expect(GPSDReader.parse(line: Self.version) == .version(GPSDVersion(release: "2.40dev", protocolMajor: 3, protocolMinor: 1)))
        #expect(GPSDReader.parse(line: Self.devices) == .devices([GPSDDevice(path: "/dev/pts/1", driver: "SiRF binary"),
                                                                  GPSDDevice(path: "/dev/pts/3", driver: "AIVDM")]))
        guard case .toff(let o)? = GPSDReader.parse(line: Self.toff) else { Issue.record("not TOFF"); return }
        #expect(o.gpsMinusSystemNanoseconds == -2)
        #expect(GPSDReader.parse(line: #"{"class":"ERROR","message":"Unrecognized request"}"#) == .error(message: "Unrecognized request"))
        #expect(GPSDReader.parse(line: #"{"class":"WATCH","enable":true}"#) == .other(className: "WATCH"))
        #expect(GPSDReader.parse(line: #"{"class":"ATT","heading":1}"#) == .other(className: "ATT"))
    }

    @Test("A TPV without a fix, or with wrong types, has no position")
    func partialTPV() {
        guard case .tpv(let a)? = GPSDReader.parse(line: #"{"class":"TPV","mode":1}"#) else { Issue.record("a"); return }
        #expect(a.mode == 1 && a.position == nil && !a.hasFix)
        guard case .tpv(let b)? = GPSDReader.parse(line: #"{"class":"TPV","mode":3,"lat":"46.4","lon":7.5,"time":5}"#)
        else { Issue.record("b"); return }
        #expect(b.position == nil && b.timeUnixNanoseconds == nil)
        guard case .tpv(let c)? = GPSDReader.parse(line: #"{"class":"TPV","mode":9,"lat":95,"lon":7.5}"#)
        else { Issue.record("c"); return }
        #expect(c.mode == 0 && c.position == nil)
        guard case .tpv(let d)? = GPSDReader.parse(line: #"{"class":"TPV","mode":true,"lat":true,"lon":false}"#)
        else { Issue.record("d"); return }
        #expect(d.mode == 0 && d.position == nil)
    }

    @Test("Garbage gives nil", arguments: [
        "", "\n", "{", "}", "[]", "null", "42", #"{"class":1}"#, #"{"nope":"TPV"}"#, "not json at all",
        String(repeating: "[", count: 100_000), String(repeating: "{\"a\":", count: 5000),
        "{\"class\":\"TPV\"" + String(repeating: " ", count: 20_000) + "}", "\u{FF}\u{FE}", "{\"class\":\"TPV\"",
    ])
    func garbage(line: String) {
        #expect(GPSDReader.parse(line: line) == nil)
    }

    @Test("Random mutations of valid lines never crash")
    func fuzz() {
        var rng = SplitMix64(seed: 0x7464_636B)
        let seeds = [Self.tpv, Self.sky, Self.version, Self.devices, Self.toff].map { Array($0.utf8) }
        var parsed = 0
        for _ in 0..<3000 {
            var bytes = seeds[Int(rng.next() % UInt64(seeds.count))]
            for _ in 0..<(1 + rng.next() % 6) {
                let i = Int(rng.next() % UInt64(bytes.count))
                switch rng.next() % 4 {
                case 0: bytes[i] = UInt8(truncatingIfNeeded: rng.next())
                case 1: bytes.remove(at: i)
                case 2:
                    let pool = Array("{}[]\",:-.0e9".utf8)
                    bytes.insert(pool[Int(rng.next() % UInt64(pool.count))], at: i)
                default: bytes = Array(bytes[..<i])
                }
                if bytes.isEmpty { bytes = [0x7B] }
            }
            if GPSDReader.parse(bytes: bytes) != nil { parsed += 1 }
        }
        // Many mutations still parse (a changed digit), many do not: both paths ran.
        #expect(parsed > 100 && parsed < 3000)
    }

    @Test("gpsd times", arguments: [
        ("2005-06-08T10:34:48.283Z", Int64(1_118_226_888_283_000_000)),
        ("2016-12-31T23:59:59Z", Int64(1_483_228_799_000_000_000)),
        ("2016-12-31T23:59:60.5Z", Int64(1_483_228_800_500_000_000)),  // leap second folds into the next
        ("2024-02-29T00:00:00.000000001Z", Int64(1_709_164_800_000_000_001)),
    ])
    func times(text: String, expected: Int64) {
        #expect(GPSDTime.unixNanoseconds(iso: text) == expected)
    }

    @Test("Bad gpsd times", arguments: [
        "2023-02-29T00:00:00Z", "2024-13-01T00:00:00Z", "2024-01-01T24:00:00Z", "2024-01-01T00:00:00",
        "2024-01-01T00:00:00+01:00", "2024-01-01T00:00:00.Z", "2024-01-01T00:00:00.1234567890Z", "x",
        "9999-12-31T23:59:59Z", "0000-01-01T00:00:00Z",  // beyond Int64 nanoseconds: refused, not a crash
    ])
    func badTimes(text: String) {
        #expect(GPSDTime.unixNanoseconds(iso: text) == nil)
    }
}
