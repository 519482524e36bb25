import Foundation

/// A point on the Earth in decimal degrees: latitude north positive,
/// longitude east positive (WGS 84, as gpsd reports it).
public struct GeoPosition: Equatable, Hashable, Sendable {
    /// −90 … +90, north positive.
    public var latitudeDegrees: Double
    /// −180 … +180, east positive.
    public var longitudeDegrees: Double

    /// Why a pair of numbers is not a position.
    public enum InvalidPosition: Error, Hashable, Sendable, CustomStringConvertible {
        case latitudeOutOfRange(Double)
        case longitudeOutOfRange(Double)

        public var description: String {
            switch self {
            case .latitudeOutOfRange(let v):
                return "latitude \(v)° is outside −90° … +90°; give it as e.g. \"27 28.02 S\" or -27.467"
            case .longitudeOutOfRange(let v):
                return "longitude \(v)° is outside −180° … +180°; give it as e.g. \"153 22.84 E\" or 153.381"
            }
        }
    }

    /// A validated position; NaN, infinities and out-of-range values throw.
    public init(latitudeDegrees: Double, longitudeDegrees: Double) throws {
        guard latitudeDegrees.isFinite, abs(latitudeDegrees) <= 90 else {
            throw InvalidPosition.latitudeOutOfRange(latitudeDegrees)
        }
        guard longitudeDegrees.isFinite, abs(longitudeDegrees) <= 180 else {
            throw InvalidPosition.longitudeOutOfRange(longitudeDegrees)
        }
        self.latitudeDegrees = latitudeDegrees
        self.longitudeDegrees = longitudeDegrees
    }

    /// `27° 28'.02 S  153° 22'.84 E`: degrees and decimal minutes the way
    /// navigators write them in a sight log, latitude and longitude separated
    /// by two spaces.
    public var navigatorText: String {
        "\(latitudeText)  \(longitudeText)"
    }

    /// `27° 28'.02 S`. Latitude degrees are padded to two digits (`05° …`).
    public var latitudeText: String {
        Self.degreesMinutes(latitudeDegrees, degreeDigits: 2, positive: "N", negative: "S")
    }

    /// `153° 22'.84 E`. Longitude degrees are padded to three digits
    /// (`005° …`), the logbook habit that keeps the columns aligned.
    public var longitudeText: String {
        Self.degreesMinutes(longitudeDegrees, degreeDigits: 3, positive: "E", negative: "W")
    }

    /// `-27.467000, 153.380667`: decimal degrees with six decimals
    /// (about 0.1 m), as used in exports.
    public var decimalText: String {
        "\(Self.decimal(latitudeDegrees)), \(Self.decimal(longitudeDegrees))"
    }

    /// Decimal degrees with six decimals, never `-0.000000`.
    public static func decimal(_ degrees: Double) -> String {
        let micro = (degrees * 1_000_000).rounded(.toNearestOrAwayFromZero)
        let value = micro == 0 ? 0 : micro / 1_000_000
        return String(format: "%.6f", value)
    }

    /// Degrees and minutes to 0.01′. The value is rounded to whole hundredths
    /// of a minute *before* it is split, so 27° 59.995′ becomes `28° 00'.00`
    /// and never `27° 60'.00`. A value that rounds to zero gets the positive
    /// hemisphere letter (`00° 00'.00 N`).
    static func degreesMinutes(_ degrees: Double, degreeDigits: Int, positive: String, negative: String) -> String {
        let hundredths = Int64((abs(degrees) * 6000).rounded(.toNearestOrAwayFromZero))
        let whole = hundredths / 6000
        let minuteHundredths = hundredths % 6000
        let minutes = minuteHundredths / 100
        let fraction = minuteHundredths % 100
        let hemisphere = (degrees < 0 && hundredths > 0) ? negative : positive
        var degreeText = String(whole)
        while degreeText.count < degreeDigits { degreeText = "0" + degreeText }
        let minuteText = minutes < 10 ? "0\(minutes)" : "\(minutes)"
        let fractionText = fraction < 10 ? "0\(fraction)" : "\(fraction)"
        return "\(degreeText)° \(minuteText)'.\(fractionText) \(hemisphere)"
    }
}
