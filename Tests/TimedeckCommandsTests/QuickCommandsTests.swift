import Testing
@testable import TimedeckCommands

/// Only the exact status-bar forms skip ArgumentParser; every other line
/// (help, typos, extra options, root flags) gets its parsing and messages.
@Suite struct QuickCommandsTests {
    @Test func theExactFormsAreTaken() {
        #expect(QuickCommands.match(["now"]) == .now(json: false))
        #expect(QuickCommands.match(["now", "--json"]) == .now(json: true))
        #expect(QuickCommands.match(["calls", "next"]) == .callsNext(json: false))
        #expect(QuickCommands.match(["calls", "next", "--json"]) == .callsNext(json: true))
    }

    @Test(arguments: [[], ["now", "--help"], ["now", "-h"], ["now", "--json", "--json"], ["now", "--jsn"], ["--no-color", "now"],
                      ["now", "extra"], ["Now"], ["calls"], ["calls", "next", "--help"], ["calls", "list"], ["next"],
                      ["now\u{0}"], ["--json", "now"], ["calls", "--json", "next"]])
    func everythingElseIsParsed(_ arguments: [String]) {
        #expect(QuickCommands.match(arguments) == nil, "\(arguments)")
    }
}
