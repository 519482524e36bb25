import TestSupport
import Testing
@testable import Dashboard

/// Issue 29, item 1: one input state machine consumes every control string
/// in every encoding a terminal delivers (7-bit, raw 8-bit, UTF-8-encoded
/// C1) whole, in both readers: the plain mode's bytes (`KeyDecoder`) and
/// the scalars curses hands the full screen (fed to `TerminalInputParser`).
@Suite struct TerminalInputParserTests {
    /// How an introducer or terminator travels.
    enum Encoding: CaseIterable { case sevenBit, raw8Bit, utf8 }

    /// The five string families: 7-bit final after ESC, and the C1 code.
    static let families: [(name: String, afterEscape: UInt8, c1: UInt8)] = [
        ("OSC", 0x5D, 0x9D), ("DCS", 0x50, 0x90), ("APC", 0x5F, 0x9F), ("PM", 0x5E, 0x9E), ("SOS", 0x58, 0x98),
    ]

    static func c1(_ code: UInt8, _ encoding: Encoding) -> [UInt8] {
        switch encoding {
        case .sevenBit: return [0x1B, code - 0x40]
        case .raw8Bit: return [code]
        case .utf8: return Array(String(Character(Unicode.Scalar(code))).utf8)
        }
    }

    /// Terminators: ST in three encodings, BEL, CAN, SUB.
    static let terminators: [[UInt8]] = [c1(0x9C, .sevenBit), c1(0x9C, .raw8Bit), c1(0x9C, .utf8), [0x07], [0x18], [0x1A]]

    /// Contents that would be commands if they ran as keys: clear and
    /// confirm, delete and quit, a sight typed as keys, a note, Space (a
    /// mark), other C1 controls, escape sequences that are not ST, a long run.
    static let contents = ["Cy", "dq", "sAldebaran, 30 00.0\r", "n", " ", "\u{9B}A\u{90}q", "\u{1B}[A\u{1B}dq\u{1B}OP", "x".padding(toLength: 600, withPad: "d", startingAt: 0)]
        .map { Array($0.utf8) }

    /// Bytes in, keys out, through the plain mode's decoder.
    static func viaBytes(_ bytes: [UInt8]) -> [Key] {
        var d = KeyDecoder()
        return d.feed(bytes)
    }

    /// The same bytes as curses hands them to the full screen: UTF-8
    /// decoded to scalars, an invalid byte as the same code point.
    static func viaScalars(_ bytes: [UInt8]) -> [Key] {
        var parser = TerminalInputParser()
        var keys: [Key] = []
        var i = 0
        while i < bytes.count {
            var length = 1
            switch bytes[i] {
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: break
            }
            if i + length <= bytes.count, let text = String(validating: bytes[i..<(i + length)], as: UTF8.self),
               let v = text.unicodeScalars.first?.value {
                keys += parser.feed(v)
                i += length
            } else {
                keys += parser.feed(UInt32(bytes[i]))
                i += 1
            }
        }
        return keys
    }

    static func typed(_ text: String) -> [Key] { text.map { $0 == " " ? .space : .character($0) } }

    @Test("Every family, introducer encoding, terminator and content: only the text around the string is keys")
    func corpusWalk() {
        var walked = 0
        for family in Self.families {
            for encoding in Encoding.allCases {
                let opener = encoding == .sevenBit ? [0x1B, family.afterEscape] : Self.c1(family.c1, encoding)
                for terminator in Self.terminators {
                    for content in Self.contents {
                        let paste = Array("ab".utf8) + opener + content + terminator + Array("Cy".utf8)
                        let expected = Self.typed("abCy")
                        for keys in [Self.viaBytes(paste), Self.viaScalars(paste)] {
                            let commands = keys.filter { [.character("d"), .character("q"), .character("s"), .character("n"), .space, .up, .function(1)].contains($0) }
                            #expect(commands.isEmpty, "\(family.name) \(encoding) \(terminator) \(content): \(keys)")
                            #expect(keys == expected, "\(family.name) \(encoding) \(terminator): \(keys)")
                        }
                        walked += 1
                    }
                }
            }
        }
        #expect(walked == 5 * 3 * 6 * 8)
    }

    @Test("The issue's pastes: UTF-8 APC and DCS strings run nothing")
    func issuePastes() {
        for paste in ["\u{9F}Cy\u{9C}", "\u{90}dq\u{9C}", "\u{98}d\u{9C}q", "\u{9E}Cy\u{1B}\\"] {
            let bytes = Array(paste.utf8)
            let expectedTail: [Key] = paste.hasSuffix("q") ? [.character("q")] : []
            #expect(Self.viaBytes(bytes) == expectedTail, "\(paste.unicodeScalars.map { $0.value })")
            #expect(Self.viaScalars(bytes) == expectedTail, "\(paste.unicodeScalars.map { $0.value })")
        }
    }

    @Test("An ESC inside a string is the string's unless it makes ST: nothing after it runs")
    func escapeInsideAString() {
        #expect(Self.viaBytes(Array("\u{1B}]0;x\u{1B}[ACy".utf8)) == [])
        #expect(Self.viaScalars(Array("\u{9D}0;x\u{1B}dq".utf8)) == [])
        #expect(Self.viaBytes(Array("\u{9D}0;x\u{1B}dq\u{1B}\\Cy".utf8)) == Self.typed("Cy"))
        #expect(Self.viaBytes(Array("\u{90}\u{1B}\u{1B}\\q".utf8)) == Self.typed("q"), "ESC ESC \\ ends it too")
    }

    @Test("A key curses decoded from a string's bytes is dropped with the string; at ground it is the key")
    func decodedKeys() {
        var p = TerminalInputParser()
        #expect(p.feed(0x9F) == [])
        #expect(p.feed(decoded: .function(1)) == [])
        #expect(p.isInString, "curses' key was the string's bytes: the string goes on")
        #expect(p.feed(0x9C) == [])
        #expect(p.feed(decoded: .up) == [.up])
        #expect(p.feed(0x1B) == [])
        #expect(p.feed(decoded: .up) == [], "Alt-↑ is no key, never Esc (which quits) and ↑")
    }

    @Test("Escape sequences with no key are dropped whole: Alt+letter, ESC 7, a stray ST, SS2, 8-bit CSI")
    func unknownSequences() {
        #expect(Self.viaBytes(Array("\u{1B}d\u{1B}7\u{1B}\\\u{1B}(Bq".utf8)) == [.character("q")])
        #expect(Self.viaBytes([0x9B, 0x36, 0x6E, 0x71]) == [.character("q")])
        #expect(Self.viaScalars(Array("\u{9B}2Jq\u{8F}Pq".utf8)) == [.character("q"), .function(1), .character("q")])
    }

    @Test("A runaway sequence ends after 32 parameters; an open string ends at a pause")
    func bounded() {
        var p = TerminalInputParser()
        _ = p.feed(0x1B)
        _ = p.feed(0x5B)
        for _ in 0..<40 { _ = p.feed(0x31) }
        #expect(!p.isPending)
        #expect(p.feed(0x71) == [.character("q")])
        _ = p.feed(0x9D)
        #expect(p.feed(0x71) == [] && p.isInString)
        #expect(p.pause() == [])
        #expect(p.feed(0x71) == [.character("q")])
    }

    /// Property: a paste made of plain text and control strings (any
    /// family, encoding, terminator; any content but a terminator) gives
    /// exactly the keys of its plain text, in both readers, split anywhere.
    @Test("Random pastes of text and control strings: exactly the text's keys, split anywhere")
    func randomPastes() {
        var g = SplitMix64(seed: 0x2929)
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ,.;:?/東é".unicodeScalars)
        for _ in 0..<3000 {
            var bytes: [UInt8] = []
            var outside = ""
            for _ in 0..<Int.random(in: 1...6, using: &g) {
                if Bool.random(using: &g) {
                    let text = String(String.UnicodeScalarView((0..<Int.random(in: 0...6, using: &g)).map { _ in letters.randomElement(using: &g)! }))
                    outside += text
                    bytes += Array(text.utf8)
                } else {
                    let family = Self.families.randomElement(using: &g)!
                    let encoding = Encoding.allCases.randomElement(using: &g)!
                    bytes += encoding == .sevenBit ? [0x1B, family.afterEscape] : Self.c1(family.c1, encoding)
                    for _ in 0..<Int.random(in: 0...12, using: &g) {
                        // Any ASCII byte, raw C1 or whole UTF-8 character
                        // but a terminator or ESC (walked above).
                        switch Int.random(in: 0..<4, using: &g) {
                        case 0: bytes.append(UInt8.random(in: 0x80...0x9B, using: &g))
                        case 1: bytes += Array(String(["é", "東", "\u{9D}", "\u{9B}", "\u{85}", "𝄞"].randomElement(using: &g)!).utf8)
                        default:
                            var b = UInt8.random(in: 0...0x7F, using: &g)
                            if [0x07, 0x18, 0x1A, 0x1B].contains(b) { b = UInt8(ascii: "d") }
                            bytes.append(b)
                        }
                    }
                    bytes += Self.terminators.randomElement(using: &g)!
                }
            }
            let expected = Self.typed(outside)
            #expect(Self.viaBytes(bytes) == expected, "\(bytes)")
            var split = KeyDecoder()
            let cut = Int.random(in: 0...bytes.count, using: &g)
            #expect(split.feed(Array(bytes[..<cut])) + split.feed(Array(bytes[cut...])) == expected, "\(bytes) cut at \(cut)")
        }
    }
}
