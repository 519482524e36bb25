import Foundation

extension PlaceDatabase {
    /// Within this distance the most populous city wins over the nearest:
    /// the place file lists city districts too ("Paris 04 Hôtel-de-Ville",
    /// "City of Westminster", "Times Square"), and a user in central Paris
    /// means Paris.
    public static let hereRadiusKilometres = 20.0

    /// The place meant by "here" at a position: the most populous bundled
    /// city within `hereRadiusKilometres` (great-circle), else the nearest
    /// one. Nil only for an empty database.
    ///
    /// A linear scan of the raw records (34,000 cities, about a
    /// millisecond): no index to build or keep, and only the winner is
    /// decoded into a `Place`. Cities are stored largest first, so the
    /// first one inside the radius is the most populous there.
    public func nearest(latitudeDegrees lat: Double, longitudeDegrees lon: Double) -> Place? {
        guard count > 0 else { return nil }
        return data.withUnsafeBytes { raw -> Place? in
            let φ1 = lat * .pi / 180
            let cosφ1 = cos(φ1)
            var best = -1
            var bestScore = Double.infinity
            let half = Self.hereRadiusKilometres / 6371.0088 / 2
            let radiusScore = sin(half) * sin(half)
            for i in 0..<count {
                let at = citiesAt + i * Self.cityBytes
                let φ2 = Double(Int32(bitPattern: u32(raw, at + 4))) / 1e5 * .pi / 180
                let λ2 = Double(Int32(bitPattern: u32(raw, at + 8))) / 1e5
                let dφ = φ2 - φ1
                let dλ = (λ2 - lon) * .pi / 180
                // The haversine term: monotonic in the distance, so comparing
                // it is enough (no asin, no square root).
                let s = sin(dφ / 2)
                let t = sin(dλ / 2)
                let score = s * s + cosφ1 * cos(φ2) * t * t
                if score <= radiusScore { return place(at: i, raw) }
                if score < bestScore {
                    bestScore = score
                    best = i
                }
            }
            return best >= 0 ? place(at: best, raw) : nil
        }
    }

    /// The named place a position is at (issue 34: the weather's "place"):
    /// the most populous bundled city within `radiusKilometres`
    /// (great-circle), else nil — never a city far away. Same scan and same
    /// "central Paris means Paris" rule as `nearest`, but no fall-back.
    public func named(latitudeDegrees lat: Double, longitudeDegrees lon: Double,
                      withinKilometres radiusKilometres: Double) -> Place? {
        guard count > 0, radiusKilometres > 0, lat.isFinite, lon.isFinite else { return nil }
        return data.withUnsafeBytes { raw -> Place? in
            let φ1 = lat * .pi / 180
            let cosφ1 = cos(φ1)
            let half = min(radiusKilometres / 6371.0088, .pi) / 2
            let radiusScore = sin(half) * sin(half)
            for i in 0..<count {
                let at = citiesAt + i * Self.cityBytes
                let φ2 = Double(Int32(bitPattern: u32(raw, at + 4))) / 1e5 * .pi / 180
                let λ2 = Double(Int32(bitPattern: u32(raw, at + 8))) / 1e5
                let s = sin((φ2 - φ1) / 2)
                let t = sin((λ2 - lon) * .pi / 180 / 2)
                if s * s + cosφ1 * cos(φ2) * t * t <= radiusScore { return place(at: i, raw) }
            }
            return nil
        }
    }

    /// The word that means "the place nearest to me" in a place list.
    public static func isHere(_ query: String) -> Bool {
        query.trimmingCharacters(in: .whitespaces).lowercased() == "here"
    }
}
