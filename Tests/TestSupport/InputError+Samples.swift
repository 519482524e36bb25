import TimeKit

// The shared parsers' refusals, every reason (CommandMessage.inputRefused's samples).

extension InputReason {
    /// Every case of `InputReason` (each instant part, each separator);
    /// `samplesCoverEveryCase` breaks the build when a case is added without one.
    public static let samples: [InputReason] = InstantPart.allCases.map(InputReason.missingOrShort)
        + InstantPart.allCases.map { .notDigits($0, count: $0 == .year ? 4 : 2) }
        + InstantSeparator.allCases.map(InputReason.expected)
        + [.empty, .yearOutside(1600), .noSuchMonth(13), .noSuchDay(day: 29, year: 2021, month: 2),
           .noSuchDay(day: 31, year: 2021, month: 11), .expectedT, .tooManyFractionDigits, .pointWithoutDigits,
           .hourPast23(24), .minutePast59(60), .leapSecond, .secondPast59(61), .noZone, .offsetOutOfRange, .expectedZone,
           .textAfterInstant, .tooLong, .underOneMillisecond, .overHundredYears, .noAmount, .expectedNumber(at: "x"),
           .needsUnit("5"), .unknownUnit("q"), .emptyTimePart, .yearsOrMonths, .notDegrees, .signAndEastWest, .over360("400"),
           .outsideLongitudes("400"), .expectedHoursAndMinutes, .hoursDigits, .minutesDigits, .secondsDigits,
           .marsSecondsRange, .fractionDigits, .minutesRange, .marsMidnight, .hoursRange, .notAStation, .stationNumbers,
           .signAndNorthSouth, .latitudeNotDegrees, .latitudeOutside("91"), .stationLongitude, .heightNotMetres,
           .heightOutside("200000"), .expectedSolAndTime, .notWholeNumber, .notABody(closeNames: ["Vega", "Venus", "Regor"]),
           .notAnAltitude, .altitudeOutside, .minutesOver60("75")]

    /// Compiles only while every case is listed above (a new case breaks the build here).
    static func samplesCoverEveryCase(_ r: InputReason) -> Bool {
        switch r {
        case .empty, .missingOrShort, .notDigits, .expected, .yearOutside, .noSuchMonth, .noSuchDay, .expectedT,
             .tooManyFractionDigits, .pointWithoutDigits, .hourPast23, .minutePast59, .leapSecond, .secondPast59, .noZone,
             .offsetOutOfRange, .expectedZone, .textAfterInstant, .tooLong, .underOneMillisecond, .overHundredYears, .noAmount,
             .expectedNumber, .needsUnit, .unknownUnit, .emptyTimePart, .yearsOrMonths, .notDegrees, .signAndEastWest, .over360,
             .outsideLongitudes, .expectedHoursAndMinutes, .hoursDigits, .minutesDigits, .secondsDigits, .marsSecondsRange,
             .fractionDigits, .minutesRange, .marsMidnight, .hoursRange, .notAStation, .stationNumbers, .signAndNorthSouth,
             .latitudeNotDegrees, .latitudeOutside, .stationLongitude, .heightNotMetres, .heightOutside, .expectedSolAndTime,
             .notWholeNumber, .notABody, .notAnAltitude, .altitudeOutside, .minutesOver60: true
        }
    }
}

extension InputField {
    /// Every field (both Mars clocks).
    public static let samples: [InputField] = [.instant, .duration, .longitude, .station, .body, .marsTime(.mean),
                                               .marsTime(.solar), .solAndTime, .sol, .altitude, .altitudeOption,
                                               .altitudeOfSight(2)]

    static func samplesCoverEveryCase(_ f: InputField) -> Bool {
        switch f {
        case .instant, .duration, .longitude, .station, .body, .marsTime, .solAndTime, .sol, .altitude, .altitudeOption,
             .altitudeOfSight: true
        }
    }
}

extension InputError {
    /// Every reason, every field and every accepted form at least once
    /// (the reasons walked in order, the fields and forms cycled beside them).
    public static let samples: [InputError] = InputReason.samples.enumerated().map { k, reason in
        InputError(field: InputField.samples[k % InputField.samples.count], input: "nonsense",
                   reason: reason, accepted: InputAccepted.allCases[k % InputAccepted.allCases.count])
    }
}
