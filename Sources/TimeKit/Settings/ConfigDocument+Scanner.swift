import Foundation

extension ConfigDocument {
    /// A cursor over one line of config text.
    struct Scanner {
        let scalars: [Unicode.Scalar]
        var position = 0
        let line: Int

        init(_ text: String, line: Int) {
            scalars = Array(text.unicodeScalars)
            self.line = line
        }

        var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }
        var atEndOrComment: Bool { peek == nil || peek == "#" || peek == "\r" && position == scalars.count - 1 }
        var remainder: String {
            var s = String.UnicodeScalarView()
            s.append(contentsOf: scalars[min(position, scalars.count)...])
            return String(s)
        }

        static func isBare(_ c: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "_" || c == "-"
        }

        func error(_ message: String) -> SyntaxError { SyntaxError(line: line, message: message) }

        mutating func skipSpaces() {
            while let c = peek, c == " " || c == "\t" { position += 1 }
        }

        mutating func take(_ c: Unicode.Scalar) -> Bool {
            guard peek == c else { return false }
            position += 1
            return true
        }

        mutating func tableHeader() throws(SyntaxError) -> String {
            _ = take("[")
            if peek == "[" { throw error("arrays of tables ([[…]]) are not used in timedeck's config") }
            skipSpaces()
            let name = try key(inHeader: true)
            skipSpaces()
            if peek == "." { throw error("nested tables are not used in timedeck's config; use a plain [table]") }
            guard take("]") else { throw error("expected ']' to close the table name") }
            skipSpaces()
            guard atEndOrComment else { throw error("unexpected text after the table header") }
            return name
        }

        mutating func key(inHeader: Bool = false) throws(SyntaxError) -> String {
            if peek == "\"" { return try basicString() }
            if peek == "'" { return try literalString() }
            var s = String.UnicodeScalarView()
            while let c = peek, Self.isBare(c) {
                s.append(c)
                position += 1
            }
            if s.isEmpty { throw error("expected a key (letters, digits, '_' or '-') or a [table]") }
            skipSpaces()
            if peek == "." && !inHeader { throw error("dotted keys are not used in timedeck's config; put the key under its [table]") }
            return String(s)
        }

        mutating func value() throws(SyntaxError) -> Value {
            guard let c = peek else { throw error("expected a value after '='") }
            switch c {
            case "\"":
                if scalars.count >= position + 3 && scalars[position + 1] == "\"" && scalars[position + 2] == "\"" {
                    throw error("multi-line strings are not used in timedeck's config")
                }
                return .string(try basicString())
            case "'": return .string(try literalString())
            case "[": return try array()
            case "{": throw error("inline tables are not used in timedeck's config")
            case "t", "f": return try boolean()
            default: return try number()
            }
        }

        mutating func boolean() throws(SyntaxError) -> Value {
            let word = bareWord()
            switch word {
            case "true": return .boolean(true)
            case "false": return .boolean(false)
            default: throw error("expected true or false, found '\(word)' (strings need quotes)")
            }
        }

        mutating func bareWord() -> String {
            var s = String.UnicodeScalarView()
            while let c = peek, c != " ", c != "\t", c != ",", c != "]", c != "#", c != "\r" {
                s.append(c)
                position += 1
            }
            return String(s)
        }

        mutating func number() throws(SyntaxError) -> Value {
            let word = bareWord()
            let digits = word.replacingOccurrences(of: "_", with: "")
            if let i = Int(digits), !digits.isEmpty { return .integer(i) }
            let isFloat = digits.contains { "0123456789".contains($0) }
                && digits.allSatisfy { "0123456789+-.eE".contains($0) }
            if isFloat, let d = Double(digits) { return .float(d) }
            if ["inf", "+inf", "-inf", "nan", "+nan", "-nan"].contains(digits) {
                throw error("'\(word)' is not allowed here; give a finite number")
            }
            if word.contains("-") && word.contains(":") || word.count == 10 && word.filter({ $0 == "-" }).count == 2 {
                throw error("dates are not used in timedeck's config; write times as strings like \"06:00\"")
            }
            throw error("cannot read the value '\(word)': strings need quotes, numbers digits, booleans true/false")
        }

        mutating func array() throws(SyntaxError) -> Value {
            _ = take("[")
            var items: [Value] = []
            while true {
                skipSpaces()
                if take("]") { return .array(items) }
                if peek == nil || peek == "#" { throw error("arrays must be closed on the same line with ']'") }
                // Refused before descending: a value nested 30,000 deep used
                // to recurse until the stack overflowed (issue 20).
                if peek == "[" { throw error("nested arrays are not used in timedeck's config") }
                let item = try value()
                items.append(item)
                skipSpaces()
                if take(",") { continue }
                if peek == nil || peek == "#" { throw error("arrays must be closed on the same line with ']'") }
                guard take("]") else { throw error("expected ',' or ']' in the array") }
                return .array(items)
            }
        }

        mutating func literalString() throws(SyntaxError) -> String {
            _ = take("'")
            var s = String.UnicodeScalarView()
            while let c = peek {
                position += 1
                if c == "'" { return String(s) }
                s.append(c)
            }
            throw error("the string is not closed with '")
        }

        mutating func basicString() throws(SyntaxError) -> String {
            _ = take("\"")
            var s = String.UnicodeScalarView()
            while let c = peek {
                position += 1
                if c == "\"" { return String(s) }
                if c != "\\" {
                    if c.value < 0x20 && c != "\t" { throw error("control characters must be escaped in strings") }
                    s.append(c)
                    continue
                }
                guard let e = peek else { break }
                position += 1
                switch e {
                case "\"": s.append("\"")
                case "\\": s.append("\\")
                case "n": s.append("\n")
                case "t": s.append("\t")
                case "r": s.append("\r")
                case "b": s.append("\u{8}")
                case "f": s.append("\u{C}")
                case "u", "U":
                    let count = e == "u" ? 4 : 8
                    guard position + count <= scalars.count else { throw error("a \\\(e) escape needs \(count) hex digits") }
                    var hex = String.UnicodeScalarView()
                    hex.append(contentsOf: scalars[position..<position + count])
                    position += count
                    guard let v = UInt32(String(hex), radix: 16), let scalar = Unicode.Scalar(v) else {
                        throw error("'\\\(e)\(String(hex))' is not a valid Unicode escape")
                    }
                    s.append(scalar)
                default: throw error("unknown escape '\\\(e)' in a string")
                }
            }
            throw error("the string is not closed with \"")
        }
    }
}
