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

    @Test func randomBytesNeverCrash() {
        var generator = SystemRandomNumberGenerator()
        var d = KeyDecoder()
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0...12, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = d.feed(bytes)
        }
        _ = d.flushEscape()
    }
}
