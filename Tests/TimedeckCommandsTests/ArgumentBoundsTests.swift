import Testing
@testable import TimedeckCommands

/// Issue 29: the command line's size is checked before ArgumentParser sees it.
@Suite struct ArgumentBoundsTests {
    @Test func countAndLength() {
        #expect(ArgumentBounds.refusal(Array(repeating: "x", count: 512)) == nil)
        #expect(ArgumentBounds.refusal(Array(repeating: "x", count: 513))?.contains("513 arguments given") == true)
        #expect(ArgumentBounds.refusal([String(repeating: "n", count: 70_000)])?.contains("argument 1 is 70000 bytes") == true)
        #expect(ArgumentBounds.refusal(["marks", "add", "--note", String(repeating: "é", count: 300)]) == nil)
    }
}
