import Foundation

extension GeoPosition {
    /// A position from any finite angles: latitude clamped to ±90°, longitude
    /// wrapped into −180…+180.
    public init(wrappingLatitude latitude: Double, longitude: Double) {
        var lon = (longitude + 180).truncatingRemainder(dividingBy: 360)
        if lon < 0 { lon += 360 }
        latitudeDegrees = max(-90, min(90, latitude))
        longitudeDegrees = lon - 180
    }

    /// The position reached by steering `courseDegrees` true for
    /// `distanceNauticalMiles` (plane sailing with mid-latitude: good to a
    /// few metres over the hours a running fix spans).
    public func sailing(courseDegrees: Double, distanceNauticalMiles d: Double) -> GeoPosition {
        let c = courseDegrees * .pi / 180
        let dLat = d * cos(c) / 60
        let midLat = (latitudeDegrees + dLat / 2) * .pi / 180
        let dLon = d * sin(c) / (60 * max(cos(midLat), 1e-6))
        return GeoPosition(wrappingLatitude: latitudeDegrees + dLat, longitude: longitudeDegrees + dLon)
    }

    /// `self` moved by north and east offsets in nautical miles.
    func offset(northNauticalMiles n: Double, eastNauticalMiles e: Double) -> GeoPosition {
        let dLat = n / 60
        let midLat = (latitudeDegrees + dLat / 2) * .pi / 180
        return GeoPosition(wrappingLatitude: latitudeDegrees + dLat,
                           longitude: longitudeDegrees + e / (60 * max(cos(midLat), 1e-6)))
    }
}
