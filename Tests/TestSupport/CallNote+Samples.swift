import TimeKit

// The position refusals, the sight conditions and call's notes
// (CommandMessage.positionRefused's, sightConditionRefused's and callNote's samples).

extension PositionProblem {
    /// Every case (both ranges); `samplesCoverEveryCase` breaks the build when one is added without a sample.
    public static let samples: [PositionProblem] = [
        .notDecimalPair, .oneLetterEach, .twoLatitudes, .twoLongitudes, .tooLong, .notANumber("1.2.3"),
        .unexpectedCharacter("a"), .numbersAfterLastLetter, .degreesMinutesSeconds, .signAndLetter, .wholeDegrees,
        .minutesBelow60, .wholeMinutes, .secondsBelow60, .outOfRange(.latitudeOutOfRange(95)),
        .outOfRange(.longitudeOutOfRange(190)),
    ]

    static func samplesCoverEveryCase(_ p: PositionProblem) -> Bool {
        switch p {
        case .notDecimalPair, .oneLetterEach, .twoLatitudes, .twoLongitudes, .tooLong, .notANumber, .unexpectedCharacter,
             .numbersAfterLastLetter, .degreesMinutesSeconds, .signAndLetter, .wholeDegrees, .minutesBelow60, .wholeMinutes,
             .secondsBelow60, .outOfRange: true
        }
    }
}

extension SightConditionRefusal {
    public static let samples: [SightConditionRefusal] = [
        .heightOfEye(metres: 2000), .indexError(arcminutes: 90), .temperature(celsius: 99), .pressure(hectopascals: 500),
        .course(degrees: 400), .speed(knots: 200),
    ]

    static func samplesCoverEveryCase(_ r: SightConditionRefusal) -> Bool {
        switch r {
        case .heightOfEye, .indexError, .temperature, .pressure, .course, .speed: true
        }
    }
}

extension CallNote {
    /// Every case and every branch: here from gpsd, from marks.position with
    /// and without a gpsd that had no fix; a past start with and without "tomorrow".
    public static let samples: [CallNote] = [
        .here(place: "London, GB", position: "51° 30'.44 N  000° 07'.67 W", source: .gpsdFix),
        .here(place: "London, GB", position: "51° 30'.44 N  000° 07'.67 W", source: .configured(gpsdWithoutFix: nil, seconds: 2)),
        .here(place: "London, GB", position: "51° 30'.44 N  000° 07'.67 W",
              source: .configured(gpsdWithoutFix: "127.0.0.1:2947", seconds: 2)),
        .local(query: "local", zone: "Europe/Paris"),
        .clockSkipped(zone: "Europe/London", gapMinutes: 60, wall: "2026-03-29T02:30:00", offset: "UTC+01:00"),
        .clockTwice(zone: "Europe/London", first: "UTC+01:00", second: "UTC+00:00"),
        .passed(start: "2020-01-01T10:00:00Z", minutes: 3_642_000, tomorrowTime: nil),
        .passed(start: "2026-12-05T08:00:00Z", minutes: 75, tomorrowTime: "08:00"),
    ]

    static func samplesCoverEveryCase(_ n: CallNote) -> Bool {
        switch n {
        case .here, .local, .clockSkipped, .clockTwice, .passed: true
        }
    }
}
