import Foundation

extension PlaceDatabase {
    /// The bundled city nearest to a position (great-circle distance), for
    /// "here" in a place list. Nil only for an empty database.
    ///
    /// A linear scan of the raw records (34,000 cities, well under a
    /// millisecond): no index to build or keep, and only the winner is
    /// decoded into a `Place`.
    public func nearest(latitudeDegrees lat: Double, longitudeDegrees lon: Double) -> Place? {
        guard count > 0 else { return nil }
        return data.withUnsafeBytes { raw -> Place? in
            let φ1 = lat * .pi / 180
            let cosφ1 = cos(φ1)
            var best = -1
            var bestScore = Double.infinity
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
                if score < bestScore {
                    bestScore = score
                    best = i
                }
            }
            return best >= 0 ? place(at: best, raw) : nil
        }
    }

    /// The word that means "the place nearest to me" in a place list.
    public static func isHere(_ query: String) -> Bool {
        query.trimmingCharacters(in: .whitespaces).lowercased() == "here"
    }
}
