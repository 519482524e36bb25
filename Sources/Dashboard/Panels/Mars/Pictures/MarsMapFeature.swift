/// The major features drawn on the sunclock map, from their published
/// planetocentric coordinates (IAU/USGS Gazetteer of Planetary Nomenclature,
/// east longitude, rounded to 0.1°). No MOLA relief is bundled (see
/// docs/DATA.md): the map is the graticule, these outlines and the sites.
struct MarsMapFeature: Equatable, Sendable {
    enum Shape: Equatable, Sendable {
        /// A volcano: a small caret.
        case mountain
        /// An impact basin or a large crater: a ring of this radius (degrees of latitude).
        case basin(radiusDegrees: Double)
        /// A canyon: a line from the feature's point to this one.
        case trough(toLatitude: Double, toLongitudeEast: Double)
    }

    var name: String
    var latitude: Double
    var longitudeEast: Double
    var shape: Shape

    static let all: [MarsMapFeature] = [
        MarsMapFeature(name: "Olympus Mons", latitude: 18.7, longitudeEast: -133.8, shape: .mountain),
        MarsMapFeature(name: "Ascraeus Mons", latitude: 11.9, longitudeEast: -104.1, shape: .mountain),
        MarsMapFeature(name: "Pavonis Mons", latitude: 1.5, longitudeEast: -113.0, shape: .mountain),
        MarsMapFeature(name: "Arsia Mons", latitude: -8.3, longitudeEast: -120.1, shape: .mountain),
        MarsMapFeature(name: "Elysium Mons", latitude: 24.8, longitudeEast: 146.9, shape: .mountain),
        // Valles Marineris, centred near 13.9°S 59.2°W, about 4000 km (~65°) long.
        MarsMapFeature(name: "Valles Marineris", latitude: -7.0, longitudeEast: -92.0,
                       shape: .trough(toLatitude: -14.0, toLongitudeEast: -33.0)),
        MarsMapFeature(name: "Hellas Planitia", latitude: -42.4, longitudeEast: 70.5, shape: .basin(radiusDegrees: 17)),
        MarsMapFeature(name: "Argyre Planitia", latitude: -49.7, longitudeEast: -44.0, shape: .basin(radiusDegrees: 12)),
        MarsMapFeature(name: "Isidis Planitia", latitude: 12.9, longitudeEast: 87.0, shape: .basin(radiusDegrees: 9)),
        MarsMapFeature(name: "Gale", latitude: -5.4, longitudeEast: 137.8, shape: .basin(radiusDegrees: 1.3)),
        MarsMapFeature(name: "Jezero", latitude: 18.4, longitudeEast: 77.6, shape: .basin(radiusDegrees: 0.8)),
    ]
}
