import ArgumentParser
import Testing
@testable import TimedeckCommands

/// A leaf command parsing its own line (issue 31) gives the value the
/// root's parse gives; every line the root would answer or refuse goes the
/// root's way.
@Suite struct LeafParseTests {
    /// The executable's root, as far as parsing goes (its type is in the
    /// executable target): the same subcommands and root flags.
    struct Root: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "timedeck", version: "test",
                                                        subcommands: TimedeckCommands.subcommands)
        @Flag(name: .customLong("no-color")) var noColor = false
        @Flag var plain = false
    }

    static let lines: [[String]] = [
        ["almanac", "--at", "2024-05-27T02:01:35Z", "--json"],
        ["almanac", "--at", "2024-05-27T02:01:35Z"],
        ["fix", "--json", "--dr", "40 10.0 N, 050 15.0 W", "--course", "250", "--speed", "6", "--eye", "2.5", "--ie", "-1.2",
         "--at", "2024-03-21T06:52:30Z", "--sight", "Vega, 52 19.5, 2024-03-21T06:44:07.412Z",
         "--sight", "Arcturus, 64 32.6, 2024-03-21T06:47:51.088Z"],
        ["noon", "--dr", "40 10.0 N, 050 15.0 W", "--json"], ["polaris", "--dr", "40 N, 50 W"], ["mars", "--json"],
        ["now"], ["now", "--json"], ["marks", "list", "--json"], ["marks", "export", "--format", "csv"],
        ["calls", "next"], ["calls", "list"], ["config", "keys"], ["team", "status"], ["weather", "--json"],
    ]

    @Test(arguments: lines)
    func theLeafParsesAsTheRootDoes(_ line: [String]) throws {
        let leaf = try #require(LeafParse.command(line, among: TimedeckCommands.subcommands), "\(line) not taken")
        let root = try Root.parseAsRoot(line)
        #expect(type(of: leaf) == type(of: root))
        // Every stored property, option wrappers and their values included.
        var leafDump = "", rootDump = ""
        dump(leaf, to: &leafDump)
        dump(root, to: &rootDump)
        #expect(leafDump == rootDump)
        #expect(leafDump.count > 20)
    }

    /// Help, version and completion scripts always go the root's way; any
    /// other line either does too or is parsed by its leaf to the root's
    /// value, and a line the root refuses is never taken.
    @Test(arguments: [[], ["almanac", "--help"], ["almanac", "-h"], ["help", "almanac"], ["almanac", "--version"],
                      ["almanac", "--generate-completion-script", "bash"], ["--generate-completion-script", "zsh"],
                      ["fix", "--json", "--help"], ["marks", "list", "--help"]])
    func answersGoTheRootsWay(_ line: [String]) {
        #expect(LeafParse.command(line, among: TimedeckCommands.subcommands) == nil, "\(line)")
    }

    @Test(arguments: [["almanac", "--at"], ["almanac", "--no-such-option"], ["almanac", "--at", "x", "--json", "--json"],
                      ["Almanac"], ["--no-color", "almanac"], ["marks"], ["marks", "--json"], ["calls", "nxt"],
                      ["fix", "--sight"], ["config"], ["almanac", "--json", "extra", "words"], ["places", "Paris"],
                      ["marks", "add", "--note"], ["noon", "--dr"], ["mars", "--longitude", "x"], ["now", "extra"],
                      ["calls", "set", "H"], ["team", "status", "--bogus"], ["", "almanac"], ["almanac", ""]])
    func aLineIsTakenOnlyWhenTheRootAgrees(_ line: [String]) {
        let leaf = LeafParse.command(line, among: TimedeckCommands.subcommands)
        guard let root = try? Root.parseAsRoot(line) else {
            #expect(leaf == nil, "\(line): the root refuses it, the leaf took it")
            return
        }
        guard let leaf else { return }
        var leafDump = "", rootDump = ""
        dump(leaf, to: &leafDump)
        dump(root, to: &rootDump)
        #expect(leafDump == rootDump, "\(line)")
    }
}
