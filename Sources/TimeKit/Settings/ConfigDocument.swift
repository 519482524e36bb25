import Foundation

/// A TOML document as timedeck's config uses it, kept line by line so that a
/// setting can be changed without disturbing the user's comments, order or
/// other keys.
///
/// The accepted language is the part of TOML a flat config needs: comments,
/// `[table]` headers, `key = value` with bare or quoted keys, basic and
/// literal strings, integers, floats, booleans and one-line arrays of those.
/// Anything else (dotted keys, inline tables, multi-line strings, dates) is
/// reported with its line number instead of being guessed at.
public struct ConfigDocument: Equatable, Sendable {
    public enum Value: Equatable, Sendable, CustomStringConvertible {
        case string(String)
        case integer(Int)
        case float(Double)
        case boolean(Bool)
        case array([Value])

        /// The value written as TOML.
        public var description: String {
            switch self {
            case .string(let s): return ConfigDocument.quoted(s)
            case .integer(let i): return String(i)
            case .float(let d):
                let text = String(d)
                return text.contains(".") || text.contains("e") || text.contains("n") ? text : text + ".0"
            case .boolean(let b): return b ? "true" : "false"
            case .array(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
            }
        }

        public var typeName: String {
            switch self {
            case .string: return "a string"
            case .integer: return "an integer"
            case .float: return "a number"
            case .boolean: return "true or false"
            case .array: return "an array"
            }
        }
    }

    /// One `key = value` line.
    public struct Entry: Equatable, Sendable {
        public var table: String
        public var key: String
        public var value: Value
        /// 1-based line number in the text.
        public var line: Int
    }

    /// A problem in the text, with the line it is on.
    public struct SyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
        public var line: Int
        public var message: String
        /// The key on that line as `table.key`, when it could be read.
        public var key: String? = nil
        /// True when the line was read (a key set a second time, whose
        /// first value counts): it blocks no writing, since where the key
        /// is is known; only a line that cannot be read does.
        public var wasRead = false
        public var description: String { "line \(line): \(message)" }
    }

    public private(set) var lines: [String]
    public private(set) var entries: [Entry]
    /// Every line that could not be read, in order. Each was skipped on its
    /// own (see `init(readingAround:)`); `init(parsing:)` throws the first.
    public private(set) var syntaxErrors: [SyntaxError]

    /// Parses `text`; throws the first syntax error found.
    public init(parsing text: String) throws(SyntaxError) {
        self.init(readingAround: text)
        if let first = syntaxErrors.first { throw first }
    }

    /// Parses `text`, skipping what cannot be read instead of giving up.
    ///
    /// The format is line-based (no value spans lines), so a bad
    /// `key = value` line is skipped alone and the lines around it keep their
    /// meaning. Two cases would change the meaning of later lines, and are
    /// handled so that nothing is guessed: after a table header that cannot
    /// be read (or repeats a table), the keys up to the next good header are
    /// ignored, since their table is unknown; a multi-line string (`"""`,
    /// `'''`) is skipped to its closing quotes, since its text could look
    /// like keys. A key set twice keeps its first value.
    public init(readingAround text: String) {
        // Split on the scalar: "\r\n" is one Character, so a Character
        // split would read a file with Windows line endings as one line
        // (found by fuzzing, issue 8). A trailing "\r" stays on its line.
        lines = text.isEmpty ? [] : text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }
        if lines.last == "" { lines.removeLast() }
        entries = []
        syntaxErrors = []
        var table: String? = ""
        var seen: Set<String> = []
        var tables: Set<String> = [""]
        var index = 0
        while index < lines.count {
            let number = index + 1
            let raw = lines[index]
            index += 1
            var scanner = Scanner(raw, line: number)
            scanner.skipSpaces()
            if scanner.atEndOrComment { continue }
            if scanner.peek == "[" {
                do throws(SyntaxError) {
                    let name = try scanner.tableHeader()
                    guard tables.insert(name).inserted else {
                        // Read, but a second time: its keys are set aside, and
                        // `set` still writes into the first (wasRead).
                        throw SyntaxError(line: number, message: "the table [\(name)] appears twice; merge the two", wasRead: true)
                    }
                    table = name
                } catch {
                    table = nil
                    syntaxErrors.append(SyntaxError(line: number, message: error.message
                        + "; the keys under it, up to the next [table], are ignored", wasRead: error.wasRead))
                }
                continue
            }
            do throws(SyntaxError) {
                let entry = try Self.entry(&scanner, line: number)
                guard let table else { continue }  // under an unreadable header: reported there
                guard seen.insert(table + "\u{0}" + entry.key).inserted else {
                    let place = table.isEmpty ? "the top level" : "[\(table)]"
                    throw SyntaxError(line: number, message: "the key '\(entry.key)' is set twice in \(place); the first one counts",
                                      wasRead: true)
                }
                entries.append(Entry(table: table, key: entry.key, value: entry.value, line: number))
            } catch {
                var located = error
                var rescan = Scanner(raw, line: number)
                rescan.skipSpaces()
                if let key = try? rescan.key(), let table { located.key = table.isEmpty ? key : "\(table).\(key)" }
                syntaxErrors.append(located)
                if let delimiter = Self.multiLineOpening(raw), let close = lines[index...].firstIndex(where: { $0.contains(delimiter) }) {
                    index = close + 1
                } else if Self.multiLineOpening(raw) != nil {
                    syntaxErrors[syntaxErrors.count - 1].message += "; it is never closed, so the rest of the file is ignored"
                    index = lines.count
                }
            }
        }
    }

    /// Reads `key = value` from the rest of a line.
    static func entry(_ scanner: inout Scanner, line number: Int) throws(SyntaxError) -> (key: String, value: Value) {
        let key = try scanner.key()
        scanner.skipSpaces()
        guard scanner.take("=") else {
            throw SyntaxError(line: number, message: "expected '=' after the key '\(key)'")
        }
        scanner.skipSpaces()
        let value = try scanner.value()
        scanner.skipSpaces()
        guard scanner.atEndOrComment else {
            throw SyntaxError(line: number, message: "unexpected text after the value of '\(key)'")
        }
        return (key, value)
    }

    /// The closing quotes a line's multi-line string needs (`"""` or `'''`
    /// opened after `=` and not closed on the same line), if it opens one.
    static func multiLineOpening(_ line: String) -> String? {
        guard let equals = line.firstIndex(of: "=") else { return nil }
        let value = line[line.index(after: equals)...].drop { $0 == " " || $0 == "\t" }
        for delimiter in ["\"\"\"", "'''"] where value.hasPrefix(delimiter) {
            return value.dropFirst(3).contains(delimiter) ? nil : delimiter
        }
        return nil
    }

    /// The whole document as text (a final newline included).
    public var text: String { lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n" }

    public func entry(_ table: String, _ key: String) -> Entry? {
        entries.first { $0.table == table && $0.key == key }
    }

    /// The document with `table.key` set to `value`: the existing line is
    /// rewritten in place (keeping its trailing comment), or the key is added
    /// at the end of its table, or the table is added at the end.
    public func setting(_ table: String, _ key: String, to value: Value) -> ConfigDocument {
        var newLines = lines
        let assignment = "\(Self.bareOrQuoted(key)) = \(value)"
        if let existing = entry(table, key) {
            let old = newLines[existing.line - 1]
            let indent = String(old.prefix { $0 == " " || $0 == "\t" })
            newLines[existing.line - 1] = indent + assignment + Self.trailingComment(of: old)
        } else if let last = entries.last(where: { $0.table == table })?.line ?? headerLine(of: table) {
            newLines.insert(assignment, at: last)
        } else {
            if let lastLine = newLines.last, !lastLine.trimmingSpaces.isEmpty { newLines.append("") }
            if !table.isEmpty { newLines.append("[\(table)]") }
            newLines.append(assignment)
        }
        // Lines that could not be read are kept as they were.
        return ConfigDocument(readingAround: newLines.joined(separator: "\n") + "\n")
    }

    func headerLine(of table: String) -> Int? {
        if table.isEmpty { return entries.isEmpty ? nil : 0 }
        return lines.firstIndex { line in
            var scanner = Scanner(line, line: 0)
            scanner.skipSpaces()
            return scanner.peek == "[" && (try? scanner.tableHeader()) == table
        }.map { $0 + 1 }
    }

    static func trailingComment(of line: String) -> String {
        var scanner = Scanner(line, line: 0)
        scanner.skipSpaces()
        guard (try? scanner.key()) != nil else { return "" }
        scanner.skipSpaces()
        guard scanner.take("=") else { return "" }
        scanner.skipSpaces()
        guard (try? scanner.value()) != nil else { return "" }
        let rest = scanner.remainder
        return rest.trimmingSpaces.hasPrefix("#") ? rest : ""
    }

    static func quoted(_ s: String) -> String { QuotedString.literal(s) }

    static func bareOrQuoted(_ key: String) -> String {
        key.unicodeScalars.allSatisfy(Scanner.isBare) && !key.isEmpty ? key : quoted(key)
    }
}

extension String {
    var trimmingSpaces: Substring {
        let start = firstIndex { $0 != " " && $0 != "\t" } ?? endIndex
        let end = lastIndex { $0 != " " && $0 != "\t" && $0 != "\r" }.map { index(after: $0) } ?? start
        return self[start..<max(start, end)]
    }
}
