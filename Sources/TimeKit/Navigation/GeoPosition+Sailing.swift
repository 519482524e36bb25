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

    /// Great-circle distance (nm, 1′ of arc = 1 nm) and initial true
    /// bearing (degrees, 0..<360) from `self` to `other`.
    public func distanceAndBearing(to other: GeoPosition) -> (nauticalMiles: Double, bearingDegrees: Double) {
        let r = Double.pi / 180
        let (la1, la2) = (latitudeDegrees * r, other.latitudeDegrees * r)
        let dLon = (other.longitudeDegrees - longitudeDegrees) * r
        let h = pow(sin((la2 - la1) / 2), 2) + cos(la1) * cos(la2) * pow(sin(dLon / 2), 2)
        let arc = 2 * asin(min(1, h.squareRoot()))
        var bearing = atan2(sin(dLon) * cos(la2), cos(la1) * sin(la2) - sin(la1) * cos(la2) * cos(dLon)) / r
        if bearing < 0 { bearing += 360 }
        return (arc / r * 60, bearing >= 359.9999999 ? 0 : bearing)
    }
}

extension GeoPosition {
    /// The point `arcDegrees` along the great circle leaving `self` on
    /// `bearingDegrees` true (the spherical "destination" formula).
    public func greatCircle(bearingDegrees: Double, arcDegrees: Double) -> GeoPosition {
        let r = Double.pi / 180
        let (lat, b, d) = (latitudeDegrees * r, bearingDegrees * r, arcDegrees * r)
        let lat2 = asin(max(-1, min(1, sin(lat) * cos(d) + cos(lat) * sin(d) * cos(b))))
        let lon2 = longitudeDegrees * r + atan2(sin(b) * sin(d) * cos(lat), cos(d) - sin(lat) * sin(lat2))
        return GeoPosition(wrappingLatitude: lat2 / r, longitude: lon2 / r)
    }
}
