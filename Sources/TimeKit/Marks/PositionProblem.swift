/// Why a typed text is not a position (`GeoPosition.ParseError`), as a
/// value: the commands' catalog says it in the interface language; `english`
/// is the sentence the parser always gave.
public enum PositionProblem: Hashable, Sendable {
    /// No hemisphere letters, and not two signed decimal numbers.
    case notDecimalPair
    case oneLetterEach
    case twoLatitudes
    case twoLongitudes
    case tooLong
    /// A token that is not a number, as typed.
    case notANumber(String)
    /// The character, already inert.
    case unexpectedCharacter(String)
    case numbersAfterLastLetter
    case degreesMinutesSeconds
    case signAndLetter
    case wholeDegrees
    case minutesBelow60
    case wholeMinutes
    case secondsBelow60
    case outOfRange(GeoPosition.InvalidPosition)

    public var english: String {
        switch self {
        case .notDecimalPair: "expected signed decimal degrees \"latitude, longitude\" or hemisphere letters N/S and E/W"
        case .oneLetterEach: "expected one N/S and one E/W letter"
        case .twoLatitudes: "two latitudes (N/S) given"
        case .twoLongitudes: "two longitudes (E/W) given"
        case .tooLong: "too long"
        case .notANumber(let token): "\"\(token)\" is not a number"
        case .unexpectedCharacter(let character): "unexpected character \"\(character)\""
        case .numbersAfterLastLetter: "numbers after the last hemisphere letter"
        case .degreesMinutesSeconds: "each of latitude and longitude needs degrees, then optionally minutes and seconds"
        case .signAndLetter: "use a hemisphere letter or a minus sign, not both"
        case .wholeDegrees: "degrees must be whole when minutes follow"
        case .minutesBelow60: "minutes must be below 60"
        case .wholeMinutes: "minutes must be whole when seconds follow"
        case .secondsBelow60: "seconds must be below 60"
        case .outOfRange(let invalid): invalid.description
        }
    }
}
