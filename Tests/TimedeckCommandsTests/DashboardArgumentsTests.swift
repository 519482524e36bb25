import Testing
@testable import TimedeckCommands

/// The dashboard opens without ArgumentParser only for its exact plain
/// forms; help, version, typos, repeats and subcommands are parsed as before.
@Suite struct DashboardArgumentsTests {
    @Test func theExactFormsAreTaken() throws {
        let none = try #require(DashboardArguments.match([]))
        #expect(!none.noColor && !none.plain)
        let noColor = try #require(DashboardArguments.match(["--no-color"]))
        #expect(noColor.noColor && !noColor.plain)
        let plain = try #require(DashboardArguments.match(["--plain"]))
        #expect(!plain.noColor && plain.plain)
        for both in [["--no-color", "--plain"], ["--plain", "--no-color"]] {
            let flags = try #require(DashboardArguments.match(both))
            #expect(flags.noColor && flags.plain, "\(both)")
        }
    }

    @Test(arguments: [["--help"], ["-h"], ["--version"], ["--plain", "--plain"], ["--no-colour"], ["--nocolor"], ["-p"],
                      ["--plain", "now"], ["now"], ["--no-color", "--help"], [""], ["--plain "], ["help"],
                      ["--plain", "--no-color", "--plain"], ["--PLAIN"], ["--plain\u{0}"]])
    func everythingElseIsParsed(_ arguments: [String]) {
        #expect(DashboardArguments.match(arguments) == nil, "\(arguments)")
    }
}
