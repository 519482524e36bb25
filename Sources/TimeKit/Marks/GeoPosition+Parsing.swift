import Foundation

extension GeoPosition {
    /// Why a text is not a position, with an example of what would be.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The text as typed (shortened when too long).
        public var input: String
        /// What was wrong with it.
        public var problem: PositionProblem
        /// What was wrong, in English.
        public var reason: String { problem.english }

        public init(input: String, problem: PositionProblem) {
            self.input = input
            self.problem = problem
        }

        public var description: String {
            "cannot read position \"\(InertText.display(input))\": \(reason). "
                + "Write it as \"27 28.02 S 153 22.84 E\", \"27° 28'.02 S  153° 22'.84 E\" or \"-27.467, 153.3807\"."
        }
    }

    /// Reads a position typed by a person:
    /// - degrees and decimal minutes with hemisphere letters:
    ///   `27 28.02 S 153 22.84 E`, `27°28.02'S 153°22.84'E`, and the
    ///   navigator form this type prints, `27° 28'.02 S  153° 22'.84 E`;
    /// - degrees, minutes and seconds: `27 28 1.2 S 153 22 50.4 E`;
    /// - letters before the numbers: `S 27 28.02 E 153 22.84`;
    /// - signed decimal degrees, latitude first: `-27.467, 153.3807`.
    public init(parsing text: String) throws {
        let tokens = try Self.tokens(text)
        let letters = tokens.filter { if case .hemisphere = $0 { return true } else { return false } }
        if letters.isEmpty {
            let numbers = tokens.compactMap { if case .number(let v) = $0 { return v } else { return nil } }
            // Without letters, "27 28.02" would be ambiguous (27° 28.02' or
            // two decimal numbers?): decimal pairs need a comma or two decimal points.
            let bothDecimal = text.split(whereSeparator: { $0 == " " || $0 == "," }).filter { $0.contains(".") }.count == 2
            guard numbers.count == 2, text.contains(",") || bothDecimal else {
                throw ParseError(input: text, problem: .notDecimalPair)
            }
            try self.init(validating: text, latitude: numbers[0], longitude: numbers[1])
            return
        }
        guard letters.count == 2 else {
            throw ParseError(input: text, problem: .oneLetterEach)
        }
        let groups = try Self.groups(tokens, input: text)
        var latitude: Double?
        var longitude: Double?
        for (letter, numbers) in groups {
            let magnitude = try Self.sexagesimal(numbers, input: text)
            switch letter {
            case "N", "S":
                guard latitude == nil else { throw ParseError(input: text, problem: .twoLatitudes) }
                latitude = letter == "S" ? -magnitude : magnitude
            default:
                guard longitude == nil else { throw ParseError(input: text, problem: .twoLongitudes) }
                longitude = letter == "W" ? -magnitude : magnitude
            }
        }
        guard let lat = latitude, let lon = longitude else {
            throw ParseError(input: text, problem: .oneLetterEach)
        }
        try self.init(validating: text, latitude: lat, longitude: lon)
    }

    private init(validating text: String, latitude: Double, longitude: Double) throws {
        do {
            try self.init(latitudeDegrees: latitude, longitudeDegrees: longitude)
        } catch let error as InvalidPosition {
            throw ParseError(input: text, problem: .outOfRange(error))
        }
    }

    enum Token: Equatable {
        case number(Double)
        case hemisphere(Character)
    }

    /// Splits the text into numbers and hemisphere letters. Degree, minute and
    /// second marks, commas and semicolons are separators; `28'.02` (the
    /// navigator's minute mark before the decimals) reads as 28.02.
    static func tokens(_ text: String) throws -> [Token] {
        guard text.count <= 200 else { throw ParseError(input: String(text.prefix(40)) + "…", problem: .tooLong) }
        var normalized = text.replacingOccurrences(of: "'.", with: ".")
            .replacingOccurrences(of: "′.", with: ".")
        for mark in ["°", "º", "'", "′", "\"", "″", ",", ";"] {
            normalized = normalized.replacingOccurrences(of: mark, with: " ")
        }
        var tokens: [Token] = []
        var current = ""
        func flush() throws {
            guard !current.isEmpty else { return }
            guard let value = Double(current), value.isFinite,
                  current.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") })
            else {
                throw ParseError(input: text, problem: .notANumber(current))
            }
            tokens.append(.number(value))
            current = ""
        }
        for ch in normalized {
            if ch.isWhitespace {
                try flush()
            } else if let upper = ch.uppercased().first, "NSEW".contains(upper), ch.isLetter {
                try flush()
                tokens.append(.hemisphere(upper))
            } else if ch.isASCII && (ch.isNumber || ch == "." || ch == "-" || ch == "+") {
                current.append(ch)
            } else {
                throw ParseError(input: text, problem: .unexpectedCharacter(InertText.display(String(ch))))
            }
        }
        try flush()
        return tokens
    }

    /// Pairs each hemisphere letter with its numbers, letters either all
    /// after (`27 28.02 S`) or all before (`S 27 28.02`) their numbers.
    static func groups(_ tokens: [Token], input: String) throws -> [(Character, [Double])] {
        var result: [(Character, [Double])] = []
        var numbers: [Double] = []
        let lettersFirst: Bool
        if case .hemisphere = tokens.first { lettersFirst = true } else { lettersFirst = false }
        var pendingLetter: Character?
        for token in tokens {
            switch token {
            case .number(let v):
                numbers.append(v)
            case .hemisphere(let letter):
                if lettersFirst {
                    if let previous = pendingLetter { result.append((previous, numbers)); numbers = [] }
                    pendingLetter = letter
                } else {
                    result.append((letter, numbers)); numbers = []
                }
            }
        }
        if lettersFirst, let previous = pendingLetter {
            result.append((previous, numbers)); numbers = []
        }
        guard numbers.isEmpty else {
            throw ParseError(input: input, problem: .numbersAfterLastLetter)
        }
        return result
    }

    /// Degrees [minutes [seconds]] to decimal degrees, all non-negative.
    static func sexagesimal(_ numbers: [Double], input: String) throws -> Double {
        guard (1...3).contains(numbers.count) else {
            throw ParseError(input: input, problem: .degreesMinutesSeconds)
        }
        guard numbers.allSatisfy({ $0 >= 0 && !($0 == 0 && $0.sign == .minus) }) else {
            throw ParseError(input: input, problem: .signAndLetter)
        }
        if numbers.count >= 2 {
            guard numbers[0] == numbers[0].rounded() else {
                throw ParseError(input: input, problem: .wholeDegrees)
            }
            guard numbers[1] < 60 else { throw ParseError(input: input, problem: .minutesBelow60) }
        }
        if numbers.count == 3 {
            guard numbers[1] == numbers[1].rounded() else {
                throw ParseError(input: input, problem: .wholeMinutes)
            }
            guard numbers[2] < 60 else { throw ParseError(input: input, problem: .secondsBelow60) }
        }
        var value = numbers[0]
        if numbers.count >= 2 { value += numbers[1] / 60 }
        if numbers.count == 3 { value += numbers[2] / 3600 }
        return value
    }
}
