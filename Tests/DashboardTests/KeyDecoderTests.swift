import TestSupport
import Testing
@testable import Dashboard

@Suite struct KeyDecoderTests {
    func decode(_ bytes: [UInt8]) -> [Key] {
        var d = KeyDecoder()
        return d.feed(bytes)
    }

    @Test func printableControlAndSpecialBytes() {
        #expect(decode(Array("q ?".utf8)) == [.character("q"), .space, .character("?")])
        #expect(decode([3, 9, 13, 127]) == [.control("c"), .tab, .enter, .backspace])
    }

    @Test func escapeSequences() {
        #expect(decode(Array("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D".utf8)) == [.up, .down, .right, .left])
        #expect(decode(Array("\u{1B}[1;2C\u{1B}[1;2D\u{1B}[Z\u{1B}[3~\u{1B}OP".utf8)) == [.shiftRight, .shiftLeft, .backTab, .delete, .function(1)])
    }

    @Test func sequencesSplitAcrossReadsStillDecode() {
        var d = KeyDecoder()
        #expect(d.feed([27]) == [])
        #expect(d.feed([UInt8(ascii: "[")]) == [])
        #expect(d.feed([UInt8(ascii: "C")]) == [.right])
        let tokyo = Array("東".utf8)
        #expect(d.feed([tokyo[0]]) == [])
        #expect(d.feed(Array(tokyo[1...])) == [.character("東")])
    }

    @Test func loneEscapeIsFlushedAsEscape() {
        var d = KeyDecoder()
        #expect(d.feed([27]) == [])
        #expect(d.flushEscape() == [.escape])
        #expect(d.flushEscape() == [])
    }

    @Test func invalidBytesAreDroppedAndDecodingResumes() {
        #expect(decode([0xFF, 0xC3, 0x28, UInt8(ascii: "a")]) == [.character("("), .character("a")])
        #expect(decode(Array("\u{1B}[99;99;99;99;99;99;99;99X".utf8) + [UInt8(ascii: "b")]).last == .character("b"))
    }

    /// Random input, weighted towards the bytes that start sequences.
    static func randomBytes(_ g: inout SplitMix64, count: Int, escapes: Bool = true) -> [UInt8] {
        (0..<count).map { _ -> UInt8 in
            let b: UInt8
            switch Int.random(in: 0..<10, using: &g) {
            case 0: b = 27
            case 1: b = [UInt8(ascii: "["), UInt8(ascii: "O"), UInt8(ascii: "~"), UInt8(ascii: ";")].randomElement(using: &g) ?? 0
            case 2, 3: b = UInt8.random(in: 0x80...0xFF, using: &g)
            case 4: b = UInt8.random(in: 0...31, using: &g)
            default: b = UInt8.random(in: 0...255, using: &g)
            }
            // Without sequences: no ESC, no raw 8-bit C1 and no UTF-8 lead
            // byte that could encode one (C2 80…9F).
            if !escapes, b == 27 || (0x80...0x9F).contains(b) || b == 0xC2 { return 28 }
            return b
        }
    }

    @Test("Feeding the same bytes split anywhere gives the same keys and the same pending bytes")
    func splitsNeverChangeTheKeys() {
        var g = SplitMix64(seed: 0x7469_6D65_6465_636B)
        for _ in 0..<1500 {
            let bytes = Self.randomBytes(&g, count: Int.random(in: 0...24, using: &g))
            var whole = KeyDecoder()
            let expected = whole.feed(bytes)
            var single = KeyDecoder()
            let oneByOne = bytes.flatMap { single.feed([$0]) }
            #expect(oneByOne == expected, "bytes \(bytes) one at a time")
            #expect(single == whole)
            let cut = Int.random(in: 0...bytes.count, using: &g)
            var split = KeyDecoder()
            let twoReads = split.feed(Array(bytes[..<cut])) + split.feed(Array(bytes[cut...]))
            #expect(twoReads == expected, "bytes \(bytes) split at \(cut)")
            #expect(expected.count <= bytes.count)
        }
    }

    @Test("Without escape sequences, every printable byte comes out as its key, in order")
    func printableBytesAreNeverLost() {
        var g = SplitMix64(seed: 42)
        for _ in 0..<1500 {
            let bytes = Self.randomBytes(&g, count: Int.random(in: 0...24, using: &g), escapes: false)
            let printable = bytes.filter { (0x20...0x7E).contains($0) }.map { Key.character(Character(Unicode.Scalar($0))) }
            let asciiKeys = decode(bytes).filter { key in
                if case .character(let c) = key { return c.isASCII }
                return false
            }
            #expect(asciiKeys == printable, "bytes \(bytes)")
        }
    }

    /// A control string (OSC…) left open by the garbage swallows what
    /// follows until the shell's pause ends it (issue 20), so the typing is
    /// modelled after that pause, as the plain runner does it.
    @Test("After any garbage and a pause, plain typing comes through: at most one byte ends what was pending")
    func decodingRecoversAfterGarbage() {
        var g = SplitMix64(seed: 7)
        for _ in 0..<1500 {
            var d = KeyDecoder()
            _ = d.feed(Self.randomBytes(&g, count: Int.random(in: 0...24, using: &g)))
            if d.isWaitingAfterEscape { _ = d.flushEscape() }
            let keys = d.feed(Array(repeating: UInt8(ascii: "q"), count: 32))
            #expect(keys.filter { $0 == .character("q") }.count >= 31 && keys.last == .character("q"))
            #expect(d == KeyDecoder(), "bytes still pending after plain typing")
        }
    }

    @Test func ctrlSpaceAndFunctionKeys() {
        #expect(decode([0]) == [.controlSpace])
        #expect(Key.controlSpace.label == "Ctrl-Space")
        #expect(decode(Array("\u{1B}[24~\u{1B}[15~\u{1B}[11~\u{1B}[21~".utf8)) == [.function(12), .function(5), .function(1), .function(10)])
        #expect(decode(Array("\u{1B}[24;2~".utf8)) == [])
    }

    @Test func aLoneEscapeAfterOtherKeysInOneReadWaitsForTheFlush() {
        var decoder = KeyDecoder()
        // "→" and then Esc, typed quickly, arrive in one read.
        #expect(decoder.feed(Array("\u{1B}[C\u{1B}".utf8)) == [.right])
        #expect(decoder.isWaitingAfterEscape, "the shell must know to flush the Esc")
        #expect(decoder.flushEscape() == [.escape])
        #expect(!decoder.isWaitingAfterEscape)
    }
}

/// Issue 20, item 2: OSC, DCS, APC, PM and SOS strings and 8-bit C1
/// controls are consumed whole, never decoded as keys.
@Suite struct ControlStringKeyTests {
    func decode(_ text: String) -> [Key] {
        var d = KeyDecoder()
        return d.feed(Array(text.utf8))
    }

    func typed(_ text: String) -> [Key] { text.map { $0 == " " ? .space : .character($0) } }

    @Test("The note-editor paste: the OSC string is swallowed, C and y are only text", arguments: [
        "ab\u{1B}]0;x\u{07}Cy",          // OSC ended by BEL
        "ab\u{1B}]0;x\u{1B}\\Cy",        // OSC ended by ESC \
        "ab\u{1B}P+q544e\u{1B}\\Cy",     // DCS
        "ab\u{1B}_apc\u{1B}\\Cy",        // APC
        "ab\u{1B}^pm\u{1B}\\Cy",         // PM
        "ab\u{1B}Xsos\u{1B}\\Cy",        // SOS
        "ab\u{9D}0;x\u{9C}Cy",           // 8-bit OSC … 8-bit ST
        "ab\u{90}dcs\u{9C}Cy",           // 8-bit DCS
        "ab\u{9B}6nCy",                  // 8-bit CSI
        "ab\u{85}\u{8D}Cy",              // other C1 controls: dropped
    ])
    func swallowed(paste: String) {
        #expect(decode(paste) == typed("abCy"))
    }

    @Test("A string split across reads is still swallowed whole")
    func split() {
        var d = KeyDecoder()
        #expect(d.feed(Array("ab\u{1B}]0;".utf8)) == typed("ab"))
        #expect(d.feed(Array("x".utf8)) == [])
        #expect(d.feed(Array("\u{07}Cy".utf8)) == typed("Cy"))
    }

    @Test("An unterminated string ends at the next pause, and typing works again")
    func unterminated() {
        var d = KeyDecoder()
        #expect(d.feed(Array("\u{1B}]0;never ends".utf8)) == [])
        #expect(d.isWaitingAfterEscape)
        #expect(d.flushEscape() == [])
        #expect(d.feed(Array("q".utf8)) == [.character("q")])
    }

    @Test("Introducers known in both encodings")
    func introducers() {
        for introducer in "]P_^X".unicodeScalars { #expect(TerminalInputParser.opensString(afterEscape: introducer.value)) }
        #expect(!TerminalInputParser.opensString(afterEscape: UInt32(UInt8(ascii: "["))))
        for c1: UInt32 in [0x90, 0x98, 0x9D, 0x9E, 0x9F] { #expect(TerminalInputParser.opensString(c1: c1)) }
        #expect(!TerminalInputParser.opensString(c1: 0x9C))
    }
}
