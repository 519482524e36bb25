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
            return !escapes && b == 27 ? 28 : b
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

    @Test("After any garbage, plain typing comes through: at most one byte ends what was pending")
    func decodingRecoversAfterGarbage() {
        var g = SplitMix64(seed: 7)
        for _ in 0..<1500 {
            var d = KeyDecoder()
            _ = d.feed(Self.randomBytes(&g, count: Int.random(in: 0...24, using: &g)))
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
