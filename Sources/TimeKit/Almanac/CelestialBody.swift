import Foundation

/// A body the almanac knows: the Sun, the Moon, four planets, or a star
/// of the catalogue (by its almanac name).
public enum CelestialBody: Hashable, Sendable, CustomStringConvertible {
    case sun, moon, venus, mars, jupiter, saturn
    case star(String)

    public static let solarSystem: [CelestialBody] = [.sun, .moon, .venus, .mars, .jupiter, .saturn]

    public var name: String {
        switch self {
        case .sun: "Sun"
        case .moon: "Moon"
        case .venus: "Venus"
        case .mars: "Mars"
        case .jupiter: "Jupiter"
        case .saturn: "Saturn"
        case .star(let name): name
        }
    }

    public var description: String { name }
    public var isStar: Bool { if case .star = self { true } else { false } }

    /// Typical brightness (visual magnitude) for sight planning; stars carry their own.
    var typicalMagnitude: Double {
        switch self {
        case .sun: -26.7
        case .moon: -12.0
        case .venus: -4.2
        case .mars: 0.5
        case .jupiter: -2.2
        case .saturn: 0.6
        case .star: 2.0
        }
    }
}
