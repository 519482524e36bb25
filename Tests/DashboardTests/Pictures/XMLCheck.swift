import Foundation

/// A small XML well-formedness check for the SVG tests (Foundation's
/// `XMLDocument` is not on Linux): one root element, tags nested and
/// closed, attributes quoted and unique, `&` only in the five entities or
/// character references, no `<` in text or attribute values, no control
/// characters. Returns the first problem, or nil; the element names in
/// order and each `<text>`'s content (unescaped, its `<tspan>`s' included)
/// and its `<tspan>`s with their attributes, for further checks.
struct XMLCheck {
    var problem: String?
    var elements: [String] = []
    typealias Span = (attributes: [String: String], content: String)
    var texts: [(attributes: [String: String], content: String, spans: [Span])] = []

    init(_ xml: String) {
        let s = Array(xml.unicodeScalars)
        var i = 0
        var stack: [String] = []
        var rootSeen = false
        var currentText: (attributes: [String: String], content: String, spans: [Span])?
        var currentSpan: Span?
        func fail(_ what: String) { if problem == nil { problem = "\(what) at \(i)" } }
        func unescape(_ raw: [Unicode.Scalar]) -> String? {
            var out = String.UnicodeScalarView(), j = 0
            while j < raw.count {
                let c = raw[j]
                if c == "<" { return nil }
                if c.value < 0x20 && c != "\n" && c != "\t" && c != "\r" { return nil }
                if c != "&" { out.append(c); j += 1; continue }
                guard let end = raw[j...].firstIndex(of: ";") else { return nil }
                let name = String(String.UnicodeScalarView(raw[(j + 1)..<end]))
                switch name {
                case "amp": out.append("&")
                case "lt": out.append("<")
                case "gt": out.append(">")
                case "quot": out.append("\"")
                case "apos": out.append("'")
                default:
                    guard name.hasPrefix("#"), let v = name.hasPrefix("#x") ? UInt32(name.dropFirst(2), radix: 16) : UInt32(name.dropFirst()),
                          let scalar = Unicode.Scalar(v) else { return nil }
                    out.append(scalar)
                }
                j = end + 1
            }
            return String(out)
        }
        if xml.hasPrefix("<?xml") {
            guard let end = xml.range(of: "?>") else { problem = "unterminated declaration"; return }
            i = xml.unicodeScalars.distance(from: xml.unicodeScalars.startIndex, to: end.upperBound)
        }
        while i < s.count, problem == nil {
            if s[i] != "<" {
                var j = i
                while j < s.count, s[j] != "<" { j += 1 }
                guard let text = unescape(Array(s[i..<j])) else { fail("bad text"); break }
                if stack.isEmpty, !text.allSatisfy(\.isWhitespace) { fail("text outside the root") }
                if currentText != nil { currentText?.content += text }
                if currentSpan != nil { currentSpan?.content += text }
                i = j
                continue
            }
            guard let close = s[i...].firstIndex(of: ">") else { fail("unterminated tag"); break }
            var tag = Array(s[(i + 1)..<close])
            i = close + 1
            if tag.first == "/" {
                let name = String(String.UnicodeScalarView(tag.dropFirst())).trimmingCharacters(in: .whitespaces)
                guard stack.last == name else { fail("</\(name)> closes \(stack.last ?? "nothing")"); break }
                stack.removeLast()
                if name == "text", let t = currentText { texts.append(t); currentText = nil }
                if name == "tspan", let span = currentSpan { currentText?.spans.append(span); currentSpan = nil }
                continue
            }
            let selfClosing = tag.last == "/"
            if selfClosing { tag.removeLast() }
            let body = String(String.UnicodeScalarView(tag))
            guard let name = body.split(separator: " ", maxSplits: 1).first.map(String.init), !name.isEmpty,
                  name.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || "-_:".unicodeScalars.contains($0) || ("0"..."9").contains($0) })
            else { fail("bad element name"); break }
            if stack.isEmpty { if rootSeen { fail("second root"); break }; rootSeen = true }
            // Attributes: name="value" pairs.
            var attributes: [String: String] = [:]
            var rest = Array(body.unicodeScalars.dropFirst(name.unicodeScalars.count))
            while let first = rest.firstIndex(where: { !$0.properties.isWhitespace }) {
                rest = Array(rest[first...])
                guard let eq = rest.firstIndex(of: "="), eq + 1 < rest.count, rest[eq + 1] == "\"",
                      let endQuote = rest[(eq + 2)...].firstIndex(of: "\"") else { fail("bad attribute in <\(name)>"); break }
                let key = String(String.UnicodeScalarView(rest[..<eq]))
                guard let value = unescape(Array(rest[(eq + 2)..<endQuote])) else { fail("bad value of \(key)"); break }
                guard attributes[key] == nil else { fail("\(key) twice"); break }
                attributes[key] = value
                rest = Array(rest[(endQuote + 1)...])
            }
            elements.append(name)
            if !selfClosing {
                stack.append(name)
                if name == "text" { currentText = (attributes, "", []) }
                if name == "tspan" { currentSpan = (attributes, "") }
            }
        }
        if problem == nil, !stack.isEmpty { problem = "unclosed \(stack)" }
        if problem == nil, !rootSeen { problem = "no root element" }
    }
}
