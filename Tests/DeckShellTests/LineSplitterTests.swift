import Testing
@testable import DeckShell

@Suite struct LineSplitterTests {
    @Test func splitsOnNewlinesAcrossChunksAndDropsCarriageReturns() {
        var splitter = LineSplitter(maximumLineBytes: 100)
        #expect(splitter.append(Array("{\"a\":1}\r\n{\"b\"".utf8)) == [Array("{\"a\":1}".utf8)])
        #expect(splitter.append(Array(":2}\n\n".utf8)) == [Array("{\"b\":2}".utf8), []])
        #expect(splitter.append(Array("tail".utf8)).isEmpty)
    }

    @Test func aLineOverTheLimitIsDroppedWholeAndTheNextOneKept() {
        var splitter = LineSplitter(maximumLineBytes: 8)
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: 20)
        #expect(splitter.append(long).isEmpty)
        #expect(splitter.append(Array("yy\nok\n".utf8)) == [Array("ok".utf8)])
    }

    @Test func aLineOfExactlyTheLimitIsKept() {
        var splitter = LineSplitter(maximumLineBytes: 4)
        #expect(splitter.append(Array("abcd\nabcde\nz\n".utf8)) == [Array("abcd".utf8), Array("z".utf8)])
    }
}
