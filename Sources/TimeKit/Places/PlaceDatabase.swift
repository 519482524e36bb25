import Foundation

/// The bundled GeoNames cities (population 15,000 and more), read straight
/// from `Resources/places.bin` without parsing it into Swift objects.
///
/// The file (layout in scripts/generate-places.py) is memory-mapped; a city
/// becomes a `Place` only when asked for, and search walks the sorted key
/// table in place. Opening it costs a header check, not 34,000 allocations.
public final class PlaceDatabase: Sendable, Equatable {
    /// Two handles are equal when they are the same opened file.
    public static func == (a: PlaceDatabase, b: PlaceDatabase) -> Bool { a === b }

    public enum LoadError: Error, CustomStringConvertible, Equatable {
        case unreadable(path: String, reason: String)
        case badFormat(path: String, reason: String)

        public var description: String {
            switch self {
            case let .unreadable(path, reason):
                return "timedeck: cannot read the place database \(path): \(reason). "
                    + "Reinstall timedeck or set TIMEDECK_RESOURCES to the folder holding places.bin."
            case let .badFormat(path, reason):
                return "timedeck: the place database \(path) is damaged or from another version (\(reason)). "
                    + "Regenerate it with `python3 scripts/generate-places.py`."
            }
        }
    }

    static let magic = Array("TDPLACES".utf8)
    static let version: UInt32 = 1
    static let headerBytes = 8 + 7 * 4
    static let cityBytes = 40

    let data: Data
    public let count: Int
    let keyCount: Int
    let zoneCount: Int
    let countryCount: Int
    let altCount: Int
    let citiesAt: Int
    let altsAt: Int
    let keysAt: Int
    let zonesAt: Int
    let countriesAt: Int
    let poolAt: Int
    let fuzzy = LazyBox<FuzzyIndex>()
    let foldedCountries = LazyBox<[(code: String, name: String)]>()

    /// Opens the database at `url` (memory-mapped).
    public init(contentsOf url: URL) throws {
        let data = try Self.map(url)
        guard data.count >= Self.headerBytes, Array(data.prefix(8)) == Self.magic else {
            throw LoadError.badFormat(path: url.path, reason: "missing TDPLACES header")
        }
        let fields = data.withUnsafeBytes { raw in
            (0..<7).map { Int(raw.loadUnaligned(fromByteOffset: 8 + 4 * $0, as: UInt32.self).littleEndian) }
        }
        guard UInt32(fields[0]) == Self.version else {
            throw LoadError.badFormat(path: url.path, reason: "version \(fields[0]), expected \(Self.version)")
        }
        self.data = data
        count = fields[1]
        keyCount = fields[2]
        zoneCount = fields[3]
        countryCount = fields[4]
        altCount = fields[5]
        citiesAt = Self.headerBytes
        altsAt = citiesAt + count * Self.cityBytes
        keysAt = altsAt + altCount * 4
        zonesAt = keysAt + keyCount * 8
        countriesAt = zonesAt + zoneCount * 4
        poolAt = countriesAt + countryCount * 8
        guard poolAt + fields[6] == data.count else {
            throw LoadError.badFormat(path: url.path, reason: "size \(data.count) does not match its header")
        }
    }

    /// The file's bytes, memory-mapped read-only so that only the pages a
    /// search touches are read (`Data(contentsOf:options: .alwaysMapped)`
    /// copied the whole file on this platform: +3.7 MB RSS at open).
    static func map(_ url: URL) throws -> Data {
        let fd = open(url.path, O_RDONLY)
        guard fd >= 0 else {
            throw LoadError.unreadable(path: url.path, reason: String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_size > 0 else {
            throw LoadError.badFormat(path: url.path, reason: "empty file")
        }
        let size = Int(st.st_size)
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED else {
            throw LoadError.unreadable(path: url.path, reason: String(cString: strerror(errno)))
        }
        return Data(bytesNoCopy: base, count: size, deallocator: .custom { ptr, n in munmap(ptr, n) })
    }

    /// Country codes and names, folded for qualifier matching.
    func countryKeys(_ raw: UnsafeRawBufferPointer) -> [(code: String, name: String)] {
        foldedCountries.get {
            (0..<countryCount).map {
                (SearchFolding.fold(string(raw, ref: u32(raw, countriesAt + $0 * 8))),
                 SearchFolding.fold(string(raw, ref: u32(raw, countriesAt + $0 * 8 + 4))))
            }
        }
    }

    /// The bundled database, opened once on first use.
    public static func bundled() throws -> PlaceDatabase {
        try bundledResult.get()
    }

    private static let bundledResult: Result<PlaceDatabase, Error> = Result {
        try PlaceDatabase(contentsOf: ResourceLocator.url(for: "places.bin"))
    }

    // MARK: - Reading records

    /// The city at `index` (0 is the most populous).
    public func place(at index: Int) -> Place {
        data.withUnsafeBytes { raw in place(at: index, raw) }
    }

    func place(at index: Int, _ raw: UnsafeRawBufferPointer) -> Place {
        let at = citiesAt + index * Self.cityBytes
        let country = Int(u16(raw, at + 36))
        return Place(
            geonameID: Int(u32(raw, at)),
            name: string(raw, ref: u32(raw, at + 16)),
            asciiName: string(raw, ref: u32(raw, at + 20)),
            countryCode: string(raw, ref: u32(raw, countriesAt + country * 8)),
            countryName: string(raw, ref: u32(raw, countriesAt + country * 8 + 4)),
            admin1Code: string(raw, ref: u32(raw, at + 24)),
            latitudeDegrees: Double(Int32(bitPattern: u32(raw, at + 4))) / 1e5,
            longitudeDegrees: Double(Int32(bitPattern: u32(raw, at + 8))) / 1e5,
            population: Int(u32(raw, at + 12)),
            zoneIdentifier: string(raw, ref: u32(raw, zonesAt + Int(u16(raw, at + 34)) * 4))
        )
    }

    /// The alternate names kept for the city at `index` (native scripts,
    /// Japanese forms, exonyms; see docs/DATA.md for which are kept).
    public func alternateNames(at index: Int) -> [String] {
        data.withUnsafeBytes { raw in
            let at = citiesAt + index * Self.cityBytes
            let first = Int(u32(raw, at + 28))
            let n = Int(u16(raw, at + 32))
            return (first..<first + n).map { string(raw, ref: u32(raw, altsAt + $0 * 4)) }
        }
    }

    /// Every distinct IANA zone used by the cities.
    public var zoneIdentifiers: [String] {
        data.withUnsafeBytes { raw in
            (0..<zoneCount).map { string(raw, ref: u32(raw, zonesAt + $0 * 4)) }
        }
    }

    /// ISO code and English name of every country in the file.
    public var countries: [(code: String, name: String)] {
        data.withUnsafeBytes { raw in
            (0..<countryCount).map {
                (string(raw, ref: u32(raw, countriesAt + $0 * 8)), string(raw, ref: u32(raw, countriesAt + $0 * 8 + 4)))
            }
        }
    }

    /// The index of the city with GeoNames id `geonameID`, if bundled.
    public func index(ofGeonameID geonameID: Int) -> Int? {
        data.withUnsafeBytes { raw in
            (0..<count).first { Int(u32(raw, citiesAt + $0 * Self.cityBytes)) == geonameID }
        }
    }

    // MARK: - Raw access

    @inline(__always) func u32(_ raw: UnsafeRawBufferPointer, _ at: Int) -> UInt32 {
        raw.loadUnaligned(fromByteOffset: at, as: UInt32.self).littleEndian
    }

    @inline(__always) func u16(_ raw: UnsafeRawBufferPointer, _ at: Int) -> UInt16 {
        raw.loadUnaligned(fromByteOffset: at, as: UInt16.self).littleEndian
    }

    /// The pool bytes of a `ref` (offset << 8 | length).
    @inline(__always) func bytes(_ raw: UnsafeRawBufferPointer, ref: UInt32) -> UnsafeRawBufferPointer {
        let start = poolAt + Int(ref >> 8)
        return UnsafeRawBufferPointer(rebasing: raw[start..<start + Int(ref & 0xFF)])
    }

    func string(_ raw: UnsafeRawBufferPointer, ref: UInt32) -> String {
        String(decoding: bytes(raw, ref: ref), as: UTF8.self)
    }

    /// Key entry `i`: its folded-key ref, city index and whether it is an alternate name.
    @inline(__always) func key(_ raw: UnsafeRawBufferPointer, _ i: Int) -> (ref: UInt32, city: Int, alternate: Bool) {
        let at = keysAt + i * 8
        let packed = u32(raw, at + 4)
        return (u32(raw, at), Int(packed & 0x7FFF_FFFF), packed >> 31 == 1)
    }

    /// City `index`'s country index into the country table.
    @inline(__always) func countryIndex(_ raw: UnsafeRawBufferPointer, city index: Int) -> Int {
        Int(u16(raw, citiesAt + index * Self.cityBytes + 36))
    }

    /// City `index`'s admin1 ref.
    @inline(__always) func admin1Ref(_ raw: UnsafeRawBufferPointer, city index: Int) -> UInt32 {
        u32(raw, citiesAt + index * Self.cityBytes + 24)
    }
}
