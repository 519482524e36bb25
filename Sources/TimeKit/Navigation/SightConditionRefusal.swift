/// A sight condition or motion given on the command line outside what
/// the reduction accepts (`--eye`, `--ie`, `--temp`, `--pressure`,
/// `--course`, `--speed`), with the value as given. The commands' catalog
/// says it in the interface language; `english` is the sentence they always
/// gave, after the option's name.
public enum SightConditionRefusal: Hashable, Sendable {
    case heightOfEye(metres: Double)
    case indexError(arcminutes: Double)
    case temperature(celsius: Double)
    case pressure(hectopascals: Double)
    case course(degrees: Double)
    case speed(knots: Double)

    /// The option that was refused, the same in every language.
    public var option: String {
        switch self {
        case .heightOfEye: "--eye"
        case .indexError: "--ie"
        case .temperature: "--temp"
        case .pressure: "--pressure"
        case .course: "--course"
        case .speed: "--speed"
        }
    }

    /// The value as the sentence shows it: Swift's own form for the
    /// corrections (`2000.0`), one decimal for course and speed.
    public var valueText: String {
        switch self {
        case .heightOfEye(let v), .indexError(let v), .temperature(let v), .pressure(let v): "\(v)"
        case .course(let v), .speed(let v): PrintfText.fixed(v, places: 1)
        }
    }

    public var english: String {
        let v = valueText
        return switch self {
        case .heightOfEye: "height of eye \(v) m is not 0–1000 m"
        case .indexError: "index error \(v)′ is not within ±60′"
        case .temperature: "\(v) °C is not within −60…60 °C"
        case .pressure: "\(v) hPa is not within 800…1100 hPa"
        case .course: "\(v)° is not a course; give degrees true, 0–360"
        case .speed: "\(v) kn is not a speed; give knots, 0–99"
        }
    }
}
