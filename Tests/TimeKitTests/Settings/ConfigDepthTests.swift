import Testing
@testable import TimeKit

/// Issue 20, item 5: a value nested 30,000 deep crashed every reader of the
/// config (SIGSEGV: the array parser recursed before refusing the nesting).
@Suite struct ConfigDepthTests {
    static let deep = "[marks]\nposition = " + String(repeating: "[", count: 30_000) + String(repeating: "]", count: 30_000) + "\nbell = false\n"

    @Test func deeplyNestedArrayIsASyntaxErrorNotACrash() {
        #expect(throws: ConfigDocument.SyntaxError.self) { try ConfigDocument(parsing: Self.deep) }
        let lenient = ConfigDocument(readingAround: Self.deep)
        #expect(lenient.syntaxErrors.first?.message.contains("nested") == true)
    }

    @Test func settingsAroundTheDeepLineStillApply() {
        let (settings, problems) = Settings.parse(Self.deep)
        #expect(settings.bell == false)
        #expect(problems.contains { $0.line == 2 })
    }
}
