import Foundation

/// A place on the Earth as the end of a light path: a ground station given
/// by geodetic latitude, longitude and height on the WGS-84 ellipsoid, or one
/// of the DSN's 70 m antennas by its published terrestrial coordinates.
///
/// The terrestrial (ITRS) vector is turned into the GCRS with the almanac's
/// Earth rotation (`EarthOrientation`: IAU 2006 precession, IAU 2000B
/// nutation, GAST from UT1). Polar motion (under 0.6″, so under 20 m at the
/// surface: ≤ 0.07 µs of light time) and the frame bias (23 mas, under 1 m)
/// are left out.
public struct EarthStation: Equatable, Sendable {
    /// `Goldstone (DSS-14)` for a DSN antenna, nil for a place typed as numbers.
    public var name: String?
    /// Geodetic latitude, degrees north (WGS-84).
    public var latitudeDegrees: Double
    /// Longitude, degrees east in (−180, 180].
    public var longitudeEastDegrees: Double
    /// Height above the WGS-84 ellipsoid, metres.
    public var heightMetres: Double
    /// Earth-fixed (ITRS) position, km.
    public var itrsKm: Vector3

    /// WGS-84 semi-major axis (km) and flattening.
    public static let equatorialRadiusKm = 6378.137
    public static let flattening = 1 / 298.257223563
    static var eccentricitySquared: Double { flattening * (2 - flattening) }

    /// A station by geodetic coordinates on WGS-84.
    public init(latitudeDegrees: Double, longitudeEastDegrees: Double, heightMetres: Double = 0, name: String? = nil) {
        self.name = name
        self.latitudeDegrees = latitudeDegrees
        self.longitudeEastDegrees = longitudeEastDegrees
        self.heightMetres = heightMetres
        itrsKm = Self.itrs(latitudeDegrees: latitudeDegrees, longitudeEastDegrees: longitudeEastDegrees,
                           heightKm: heightMetres / 1000)
    }

    /// A station by its Earth-fixed Cartesian position (metres), as the DSN publishes them.
    public init(name: String, itrsMetres x: Double, _ y: Double, _ z: Double) {
        self.name = name
        itrsKm = Vector3(x / 1000, y / 1000, z / 1000)
        (latitudeDegrees, longitudeEastDegrees, heightMetres) = Self.geodetic(itrsKm: itrsKm)
    }

    /// Geodetic → Earth-fixed Cartesian (km) on WGS-84.
    public static func itrs(latitudeDegrees: Double, longitudeEastDegrees: Double, heightKm: Double) -> Vector3 {
        let phi = latitudeDegrees * .pi / 180, lambda = longitudeEastDegrees * .pi / 180
        let e2 = eccentricitySquared
        let n = equatorialRadiusKm / (1 - e2 * sin(phi) * sin(phi)).squareRoot()
        return Vector3((n + heightKm) * cos(phi) * cos(lambda), (n + heightKm) * cos(phi) * sin(lambda),
                       (n * (1 - e2) + heightKm) * sin(phi))
    }

    /// Earth-fixed Cartesian (km) → geodetic latitude, longitude (degrees) and height (m), by iteration.
    public static func geodetic(itrsKm r: Vector3) -> (Double, Double, Double) {
        let e2 = eccentricitySquared
        let p = (r.x * r.x + r.y * r.y).squareRoot()
        var phi = atan2(r.z, p * (1 - e2))
        var h = 0.0
        for _ in 0..<8 {
            let n = equatorialRadiusKm / (1 - e2 * sin(phi) * sin(phi)).squareRoot()
            h = p / cos(phi) - n
            phi = atan2(r.z, p * (1 - e2 * n / (n + h)))
        }
        return (phi * 180 / .pi, atan2(r.y, r.x) * 180 / .pi, h * 1000)
    }

    /// The station's position relative to the geocentre in the GCRS (km) at
    /// UTC `unixSeconds`: R = (N·P)ᵀ · R3(−GAST) · r_ITRS.
    public func gcrsKm(unixSeconds: Double, leapSeconds: LeapSecondTable, ut1: UT1Table) -> Vector3 {
        let orientation = EarthOrientation(time: AlmanacTime(unixSeconds: unixSeconds, leapSeconds: leapSeconds, ut1: ut1))
        return orientation.trueOfDate.transposed * (Matrix3.rz(-orientation.gastDegrees * .pi / 180) * itrsKm)
    }

    /// The station near one instant, for the light-time iteration: the
    /// precession-nutation of `unixSeconds` is kept and only the Earth's turn
    /// is added for other instants. Over the ≤ 22 min of a Mars light time the
    /// frame moves by centimetres (precession 0.002″, nutation less): the
    /// Earth orientation is then computed once, not at every step.
    public func track(near unixSeconds: Double, leapSeconds: LeapSecondTable, ut1: UT1Table) -> Track {
        let orientation = EarthOrientation(time: AlmanacTime(unixSeconds: unixSeconds, leapSeconds: leapSeconds, ut1: ut1))
        return Track(celestialFromTrue: orientation.trueOfDate.transposed, gastRadians: orientation.gastDegrees * .pi / 180,
                     unixSeconds: unixSeconds, itrsKm: itrsKm)
    }

    /// See `track(near:leapSeconds:ut1:)`.
    public struct Track: Sendable {
        var celestialFromTrue: Matrix3
        var gastRadians: Double
        var unixSeconds: Double
        var itrsKm: Vector3

        /// The Earth's turn per second of UT1 (IERS 2010 eq. 5.15: 1.00273781191135448 turns a day).
        static let radiansPerSecond = 2 * Double.pi * 1.00273781191135448 / 86400

        /// The station relative to the geocentre (GCRS, km) at UTC `u`.
        public func gcrsKm(unixSeconds u: Double) -> Vector3 {
            celestialFromTrue * (Matrix3.rz(-(gastRadians + Self.radiansPerSecond * (u - unixSeconds))) * itrsKm)
        }
    }

    /// The DSN's three complexes by their 70 m antennas: Earth-fixed
    /// coordinates (ITRF93, epoch 2003.0) from DSN No. 810-005, module 301
    /// "Coverage and Geometry", Rev. M (2020), as NAIF's earth_topo_201023.tf
    /// repeats them. Plate motion (≤ 5 cm a year) is left out.
    public static let deepSpaceNetwork: [(keys: [String], station: EarthStation)] = [
        (["goldstone", "gdscc", "dss-14", "dss14", "dss 14"],
         EarthStation(name: "Goldstone (DSS-14)", itrsMetres: -2_353_621.420, -4_641_341.472, 3_677_052.318)),
        (["canberra", "cdscc", "dss-43", "dss43", "dss 43"],
         EarthStation(name: "Canberra (DSS-43)", itrsMetres: -4_460_894.917, 2_682_361.507, -3_674_748.152)),
        (["madrid", "mdscc", "dss-63", "dss63", "dss 63"],
         EarthStation(name: "Madrid (DSS-63)", itrsMetres: 4_849_092.518, -360_180.3480, 4_115_109.251)),
    ]

    /// A station as a user types it: a DSN complex's name, or `LAT,LON[,HEIGHT_M]`.
    public static func parse(_ text: String) throws -> EarthStation {
        func fail(_ reason: InputReason) -> InputError {
            InputError(field: .station, input: text, reason: reason, accepted: .station)
        }
        let key = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !key.isEmpty else { throw fail(.empty) }
        if let found = deepSpaceNetwork.first(where: { $0.keys.contains(key) }) { return found.station }
        let parts = key.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2 || parts.count == 3 else {
            throw fail(parts.count == 1 ? .notAStation : .stationNumbers)
        }
        var latText = parts[0]
        var south = false
        if let last = latText.last, "ns".contains(last) {
            south = last == "s"
            latText.removeLast()
            guard !latText.hasPrefix("-") && !latText.hasPrefix("+") else { throw fail(.signAndNorthSouth) }
        }
        guard LongitudeParser.isPlainDecimal(latText), var latitude = Double(latText) else {
            throw fail(.latitudeNotDegrees)
        }
        if south { latitude = -latitude }
        guard abs(latitude) <= 90 else { throw fail(.latitudeOutside(latText)) }
        let longitude: Double
        do {
            longitude = try LongitudeParser.parse(parts[1])
        } catch {
            throw fail(.stationLongitude)
        }
        var height = 0.0
        if parts.count == 3 {
            guard LongitudeParser.isPlainDecimal(parts[2]), let metres = Double(parts[2]) else {
                throw fail(.heightNotMetres)
            }
            guard metres >= -500 && metres <= 100_000 else { throw fail(.heightOutside(parts[2])) }
            height = metres
        }
        return EarthStation(latitudeDegrees: latitude, longitudeEastDegrees: longitude, heightMetres: height)
    }

    /// `Goldstone (DSS-14)` or `35.4259°N 116.8895°W, 1001 m`.
    public var label: String {
        if let name { return name }
        let lat = FixedText.decimal(abs(latitudeDegrees), places: 4) + (latitudeDegrees < 0 ? "°S" : "°N")
        let lon = FixedText.decimal(abs(longitudeEastDegrees), places: 4) + (longitudeEastDegrees < 0 ? "°W" : "°E")
        return lat + " " + lon + ", " + FixedText.decimal(heightMetres, places: 0) + " m"
    }
}
