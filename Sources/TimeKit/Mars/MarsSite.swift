import Foundation

/// A named place on Mars: a landing site or a landmark.
public struct MarsSite: Equatable, Sendable, Codable, Identifiable {
    /// Stable key, e.g. `curiosity` (what the settings remember).
    public var id: String
    /// Display name, e.g. `Curiosity`.
    public var name: String
    /// Other names a user may type (`gale`, `msl`).
    public var aliases: [String]
    /// Planetocentric latitude, degrees north.
    public var latitude: Double
    /// Longitude, degrees east in (−180, 180].
    public var longitudeEast: Double
    /// Touchdown instant for a mission (ISO-8601 UTC text), nil for landmarks.
    public var landingUTC: String? {
        didSet { landingUnixSeconds = Self.unixSeconds(landingUTC) }
    }
    /// The number the mission gave its landing sol (0 for Viking, Phoenix,
    /// MSL, InSight, Mars 2020; 1 for Pathfinder and the MER rovers).
    public var firstSol: Int?

    public init(id: String, name: String, aliases: [String] = [], latitude: Double, longitudeEast: Double,
                landingUTC: String? = nil, firstSol: Int? = nil) {
        self.id = id
        self.name = name
        self.aliases = aliases
        self.latitude = latitude
        self.longitudeEast = longitudeEast
        self.landingUTC = landingUTC
        self.firstSol = firstSol
        self.landingUnixSeconds = Self.unixSeconds(landingUTC)
    }

    enum CodingKeys: String, CodingKey { case id, name, aliases, latitude, longitudeEast, landingUTC, firstSol }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try c.decode(String.self, forKey: .id), name: try c.decode(String.self, forKey: .name),
                  aliases: try c.decode([String].self, forKey: .aliases),
                  latitude: try c.decode(Double.self, forKey: .latitude),
                  longitudeEast: try c.decode(Double.self, forKey: .longitudeEast),
                  landingUTC: try c.decodeIfPresent(String.self, forKey: .landingUTC),
                  firstSol: try c.decodeIfPresent(Int.self, forKey: .firstSol))
    }

    /// Whether this site is a mission with a sol count.
    public var isMission: Bool { landingUTC != nil }

    /// The landing instant in Unix seconds, if this is a mission and its
    /// instant parses: read once, when `landingUTC` is set (the Mars panel
    /// counts mission sols every second; parsing the text each time was a
    /// tenth of its idle frame).
    public private(set) var landingUnixSeconds: Double?

    static func unixSeconds(_ landingUTC: String?) -> Double? {
        guard let text = landingUTC, let parsed = try? InstantParser.parse(text) else { return nil }
        return parsed.unixSeconds
    }

    /// The mission sol at `marsClock`'s instant: sols begin at local mean
    /// midnight at the site, the landing sol is `firstSol`. The clock must be
    /// evaluated at this site's longitude; `landingTTMinusUTCSeconds` is
    /// TT − UTC at landing. Nil for landmarks.
    public func missionSol(at clock: MarsClock, landingTTMinusUTCSeconds: Double) -> Int? {
        guard let landing = landingUnixSeconds else { return nil }
        let t = Mars24.daysSinceJ2000TT(unixSeconds: landing, ttMinusUTCSeconds: landingTTMinusUTCSeconds)
        let landingLocalSol = (Mars24.marsSolDate(daysSinceJ2000TT: t) + longitudeEast / 360).rounded(.down)
        let nowLocalSol = (clock.marsSolDate + longitudeEast / 360).rounded(.down)
        return Int(nowLocalSol - landingLocalSol) + (firstSol ?? 0)
    }
}
