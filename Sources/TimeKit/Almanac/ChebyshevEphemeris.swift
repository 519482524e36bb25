import Foundation

/// JPL DE421 trimmed to the series the almanac needs, read from
/// `almanac-ephemeris.bin` (written by scripts/generate-almanac-data.py).
///
/// Layout (little-endian): magic `TDALMNC1`; Float64 Earth/Moon mass ratio;
/// UInt32 series count; per series Int32 code, Float64 first Julian day (TDB),
/// Float64 days per record, UInt32 coefficients per axis, UInt32 records;
/// then records × 3 axes × coefficients Float64 in km.
public struct ChebyshevEphemeris: Sendable {
    /// One body's Chebyshev series.
    public struct Series: Sendable {
        public var code: Int
        public var firstJulianDayTDB: Double
        public var daysPerRecord: Double
        public var coefficientsPerAxis: Int
        public var recordCount: Int
        /// The whole file (memory-mapped when read from disk) and where this
        /// series' coefficients start in it: nothing is copied at load, and
        /// only the pages an evaluation touches are read.
        var file: Data
        var byteOffset: Int

        public var lastJulianDayTDB: Double { firstJulianDayTDB + daysPerRecord * Double(recordCount) }

        /// Position (km) and velocity (km/day) at `julianDayTDB`; nil out of range.
        public func state(atJulianDayTDB jd: Double) -> (position: Vector3, velocityPerDay: Vector3)? {
            let offset = jd - firstJulianDayTDB
            guard offset >= 0, jd <= lastJulianDayTDB else { return nil }
            let index = min(Int(offset / daysPerRecord), recordCount - 1)
            let x = 2 * (offset - Double(index) * daysPerRecord) / daysPerRecord - 1
            let n = coefficientsPerAxis
            // Chebyshev T_k(x) and T'_k(x) by recurrence.
            var t = [Double](repeating: 0, count: n), dt = [Double](repeating: 0, count: n)
            t[0] = 1
            if n > 1 { t[1] = x; dt[1] = 1 }
            if n > 2 {
                for k in 2..<n {
                    t[k] = 2 * x * t[k - 1] - t[k - 2]
                    dt[k] = 2 * t[k - 1] + 2 * x * dt[k - 1] - dt[k - 2]
                }
            }
            var p = [0.0, 0.0, 0.0], v = [0.0, 0.0, 0.0]
            let base = byteOffset + index * 3 * n * 8
            file.withUnsafeBytes { raw in
                for axis in 0..<3 {
                    let start = base + axis * n * 8
                    var sp = 0.0, sv = 0.0
                    for k in 0..<n {
                        // Little-endian in the file; a no-op on the hosts Swift runs on here.
                        let c = Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start + k * 8,
                                                                                         as: UInt64.self)))
                        sp += c * t[k]; sv += c * dt[k]
                    }
                    p[axis] = sp; v[axis] = sv
                }
            }
            let scale = 2 / daysPerRecord
            return (Vector3(p[0], p[1], p[2]), Vector3(v[0] * scale, v[1] * scale, v[2] * scale))
        }
    }

    public enum Code {
        public static let earthMoonBarycentre = 3
        public static let moonGeocentric = 301
        public static let sun = 10
        public static let venus = 2
        public static let mars = 4
        public static let jupiter = 5
        public static let saturn = 6
    }

    public var earthMoonMassRatio: Double
    public var series: [Int: Series]

    /// The Julian days (TDB) every series covers.
    public var coverageJulianDaysTDB: ClosedRange<Double> {
        let first = series.values.map(\.firstJulianDayTDB).max() ?? 0
        let last = series.values.map(\.lastJulianDayTDB).min() ?? 0
        return first...max(first, last)
    }

    public struct FormatError: Error, CustomStringConvertible {
        public var reason: String
        public var description: String {
            "almanac ephemeris unreadable: \(reason). Reinstall timedeck or regenerate Resources/almanac-ephemeris.bin "
                + "with scripts/generate-almanac-data.py."
        }
    }

    /// Parses the resource's bytes.
    public init(data: Data) throws {
        var reader = ByteReader(data: data)
        guard reader.take(8) == Array("TDALMNC1".utf8) else { throw FormatError(reason: "bad magic") }
        guard let ratio = reader.double(), let count = reader.uint32() else { throw FormatError(reason: "short header") }
        earthMoonMassRatio = ratio
        series = [:]
        for _ in 0..<count {
            guard let code = reader.int32(), let jd0 = reader.double(), let days = reader.double(),
                  let n = reader.uint32(), let records = reader.uint32()
            else { throw FormatError(reason: "short series header") }
            let bytes = Int(records) * 3 * Int(n) * 8
            let start = reader.offset
            guard reader.skip(bytes) else { throw FormatError(reason: "short series \(code)") }
            series[Int(code)] = Series(code: Int(code), firstJulianDayTDB: jd0, daysPerRecord: days,
                                       coefficientsPerAxis: Int(n), recordCount: Int(records), file: data,
                                       byteOffset: start)
        }
        for code in [Code.earthMoonBarycentre, Code.moonGeocentric, Code.sun, Code.venus, Code.mars,
                     Code.jupiter, Code.saturn] where series[code] == nil {
            throw FormatError(reason: "series \(code) missing")
        }
    }

    /// Reads `almanac-ephemeris.bin` through `ResourceLocator`.
    public static func loadBundled() throws -> ChebyshevEphemeris {
        try ChebyshevEphemeris(data: Data(contentsOf: ResourceLocator.url(for: "almanac-ephemeris.bin"),
                                          options: .alwaysMapped))
    }
}

/// Little-endian reads from the file's bytes.
struct ByteReader {
    var data: Data
    var offset = 0

    init(data: Data) { self.data = data }

    mutating func skip(_ n: Int) -> Bool {
        guard n >= 0, offset + n <= data.count else { return false }
        offset += n
        return true
    }

    mutating func take(_ n: Int) -> [UInt8]? {
        guard offset + n <= data.count else { return nil }
        defer { offset += n }
        let start = data.startIndex + offset
        return Array(data[start..<start + n])
    }

    mutating func uint64() -> UInt64? {
        guard let b = take(8) else { return nil }
        return b.enumerated().reduce(0) { $0 | (UInt64($1.element) << (8 * UInt64($1.offset))) }
    }

    mutating func uint32() -> UInt32? {
        guard let b = take(4) else { return nil }
        return b.enumerated().reduce(0) { $0 | (UInt32($1.element) << (8 * UInt32($1.offset))) }
    }

    mutating func int32() -> Int32? { uint32().map { Int32(bitPattern: $0) } }
    mutating func double() -> Double? { uint64().map { Double(bitPattern: $0) } }
}
