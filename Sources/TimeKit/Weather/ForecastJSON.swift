import Foundation

/// A JSON document as a value tree (for forecasts; GPSDReader has its own Codable `JSONValue`), read by a small strict scanner
/// (RFC 8259): Foundation's `JSONSerialization` boxes every number in an
/// `NSNumber` and took 4–6 ms for a 16-day forecast on Linux; this takes a
/// fraction of that (docs/PERFORMANCE.md). Objects keep their members in
/// order; a repeated key's last value wins on lookup, as in most readers.
enum ForecastJSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([ForecastJSON])
    case object([(key: String, value: ForecastJSON)])

    static func == (a: ForecastJSON, b: ForecastJSON) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case let (.bool(x), .bool(y)): x == y
        case let (.number(x), .number(y)): x == y
        case let (.string(x), .string(y)): x == y
        case let (.array(x), .array(y)): x == y
        case let (.object(x), .object(y)): x.map(\.key) == y.map(\.key) && x.map(\.value) == y.map(\.value)
        default: false
        }
    }

    /// The member `key` of an object (nil: absent, or not an object).
    subscript(key: String) -> ForecastJSON? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// Why a text is not JSON, with the byte offset.
    struct SyntaxError: Error, Equatable { var offset: Int; var what: String }

    /// Deepest nesting accepted (a forecast is three levels deep).
    static let maximumDepth = 32

    static func parse(_ data: Data) throws(SyntaxError) -> ForecastJSON {
        let result: Result<ForecastJSON, SyntaxError> = data.withUnsafeBytes { raw in
            var scanner = Scanner(bytes: raw.bindMemory(to: UInt8.self))
            do throws(SyntaxError) {
                scanner.skipSpace()
                let value = try scanner.value(depth: 0)
                scanner.skipSpace()
                guard scanner.index == scanner.bytes.count else { throw scanner.error("text after the document") }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        func error(_ what: String) -> SyntaxError { SyntaxError(offset: index, what: what) }

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func expect(_ literal: StaticString, _ value: ForecastJSON) throws(SyntaxError) -> ForecastJSON {
            let count = literal.utf8CodeUnitCount
            guard index + count <= bytes.count else { throw error("unexpected end") }
            for i in 0..<count where bytes[index + i] != literal.utf8Start[i] { throw error("unexpected character") }
            index += count
            return value
        }

        mutating func value(depth: Int) throws(SyntaxError) -> ForecastJSON {
            guard depth < ForecastJSON.maximumDepth else { throw error("nested too deeply") }
            guard let c = current else { throw error("unexpected end") }
            switch c {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try expect("true", .bool(true))
            case UInt8(ascii: "f"): return try expect("false", .bool(false))
            case UInt8(ascii: "n"): return try expect("null", .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw error("unexpected character")
            }
        }

        mutating func object(depth: Int) throws(SyntaxError) -> ForecastJSON {
            index += 1
            var members: [(key: String, value: ForecastJSON)] = []
            skipSpace()
            if current == UInt8(ascii: "}") { index += 1; return .object(members) }
            while true {
                skipSpace()
                guard current == UInt8(ascii: "\"") else { throw error("expected a member name") }
                let key = try string()
                skipSpace()
                guard current == UInt8(ascii: ":") else { throw error("expected ':'") }
                index += 1
                skipSpace()
                members.append((key, try value(depth: depth + 1)))
                skipSpace()
                switch current {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "}"): index += 1; return .object(members)
                default: throw error("expected ',' or '}'")
                }
            }
        }

        mutating func array(depth: Int) throws(SyntaxError) -> ForecastJSON {
            index += 1
            var elements: [ForecastJSON] = []
            skipSpace()
            if current == UInt8(ascii: "]") { index += 1; return .array(elements) }
            while true {
                skipSpace()
                elements.append(try value(depth: depth + 1))
                skipSpace()
                switch current {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "]"): index += 1; return .array(elements)
                default: throw error("expected ',' or ']'")
                }
            }
        }

        /// A string; invalid UTF-8 is refused, escapes are decoded.
        mutating func string() throws(SyntaxError) -> String {
            index += 1
            let start = index
            // Fast path: no escapes.
            while index < bytes.count {
                let c = bytes[index]
                if c == UInt8(ascii: "\"") {
                    let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
                    index += 1
                    guard let text = String(validating: slice, as: UTF8.self) else { throw error("invalid UTF-8") }
                    return text
                }
                if c == UInt8(ascii: "\\") { break }
                guard c >= 0x20 else { throw error("control character in a string") }
                index += 1
            }
            var out = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            while index < bytes.count {
                let c = bytes[index]
                index += 1
                switch c {
                case UInt8(ascii: "\""):
                    guard let text = String(validating: out, as: UTF8.self) else { throw error("invalid UTF-8") }
                    return text
                case UInt8(ascii: "\\"):
                    guard let e = current else { throw error("unexpected end") }
                    index += 1
                    switch e {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"):
                        var scalar = try hex4()
                        if (0xD800..<0xDC00).contains(scalar), current == UInt8(ascii: "\\"),
                           index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") {
                            index += 2
                            let low = try hex4()
                            guard (0xDC00..<0xE000).contains(low) else { throw error("bad surrogate pair") }
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        }
                        // A lone surrogate becomes U+FFFD, as decoders do.
                        out.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
                    default: throw error("bad escape")
                    }
                default:
                    guard c >= 0x20 else { throw error("control character in a string") }
                    out.append(c)
                }
            }
            throw error("unterminated string")
        }

        mutating func hex4() throws(SyntaxError) -> UInt32 {
            guard index + 4 <= bytes.count else { throw error("unexpected end") }
            var v: UInt32 = 0
            for _ in 0..<4 {
                let c = bytes[index]
                let d: UInt32
                switch c {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - 0x30)
                case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - 0x61 + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - 0x41 + 10)
                default: throw error("bad \\u escape")
                }
                v = v * 16 + d
                index += 1
            }
            return v
        }

        /// A number per the JSON grammar. Up to 15 significant digits with a
        /// small decimal exponent, it is one exact integer divided or
        /// multiplied by an exact power of ten: a single IEEE operation, so
        /// correctly rounded (`1.7` is the same `Double` as the literal).
        /// Anything else goes through the standard library's reader.
        mutating func number() throws(SyntaxError) -> Double {
            let start = index
            var negative = false
            if current == UInt8(ascii: "-") { negative = true; index += 1 }
            var mantissa: UInt64 = 0, digits = 0, scale = 0
            func isDigit(_ c: UInt8?) -> Bool { c.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
            guard isDigit(current) else { throw error("bad number") }
            if current == UInt8(ascii: "0") {
                index += 1
                guard !isDigit(current) else { throw error("leading zero") }
            } else {
                while isDigit(current) {
                    if digits < 19 { mantissa = mantissa * 10 + UInt64(bytes[index] - 0x30) }
                    digits += 1
                    index += 1
                }
            }
            if current == UInt8(ascii: ".") {
                index += 1
                guard isDigit(current) else { throw error("bad number") }
                while isDigit(current) {
                    if digits < 19 { mantissa = mantissa * 10 + UInt64(bytes[index] - 0x30); scale -= 1 }
                    digits += 1
                    index += 1
                }
            }
            var exponent = 0
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                index += 1
                var negativeExponent = false
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { negativeExponent = current == UInt8(ascii: "-"); index += 1 }
                guard isDigit(current) else { throw error("bad exponent") }
                while isDigit(current) {
                    if exponent < 10_000 { exponent = exponent * 10 + Int(bytes[index] - 0x30) }
                    index += 1
                }
                if negativeExponent { exponent = -exponent }
            }
            let power = scale + exponent
            if digits <= 15, abs(power) <= 22 {
                let m = Double(mantissa)
                let value = power < 0 ? m / Self.powers[-power] : m * Self.powers[power]
                return negative ? -value : value
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            guard let value = Double(text), value.isFinite else { throw error("number out of range") }
            return value
        }

        static let powers: [Double] = (0...22).map { p in (0..<p).reduce(1.0) { acc, _ in acc * 10 } }
    }
}
