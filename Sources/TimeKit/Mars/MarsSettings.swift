import Foundation

/// The Mars panel's choices as saved between runs (the `mars.*` keys of the settings table).
public struct MarsSettings: Equatable, Sendable, Codable {
    public var longitudeEast: Double
    public var siteID: String?
    public var advanced: Bool?
    public var configBasis: MarsConfigBasis?

    public init(longitudeEast: Double, siteID: String?, advanced: Bool?, configBasis: MarsConfigBasis? = nil) {
        self.longitudeEast = longitudeEast
        self.siteID = siteID
        self.advanced = advanced
        self.configBasis = configBasis
    }
}

/// The `[mars]` keys of the config file (`mars.longitude`, `mars.site`).
public struct MarsConfigBasis: Equatable, Sendable, Codable {
    public var longitudeEast: Double?
    public var site: String?

    public init(longitudeEast: Double?, site: String?) {
        self.longitudeEast = longitudeEast
        self.site = site
    }

    public var isEmpty: Bool { longitudeEast == nil && site == nil }
}

