import ArgumentParser

/// A subcommand's line parsed by that subcommand alone (issue 31).
///
/// ArgumentParser's root parse reflects over the properties of every
/// command in the tree through the Swift runtime's conformance lookups:
/// 16 M of the 61 M instructions `timedeck almanac --at T --json` spent.
/// When the line starts with the names of a leaf command (`almanac`,
/// `marks list`), that command parses the rest by itself, with its own
/// validation, and gives the same value the root parse gives. Anything it
/// cannot parse, and every line asking for help, a version or a completion
/// script, returns nil and goes the ordinary way, so every message, usage
/// line and exit code stays the root's.
public enum LeafParse {
    /// Words that make ArgumentParser answer rather than run (help,
    /// version, completion): those lines always take the root's path.
    static let answered: Set<String> = ["-h", "--help", "-help", "help", "--version"]

    public static func command(_ arguments: [String], among commands: [ParsableCommand.Type]) -> ParsableCommand? {
        guard !arguments.contains(where: { answered.contains($0) || $0.hasPrefix("--generate-completion")
                                          || $0.hasPrefix("--experimental") }) else { return nil }
        var level = commands, rest = arguments[...]
        while let name = rest.first, let type = level.first(where: { $0._commandName == name }) {
            rest = rest.dropFirst()
            let below = type.configuration.subcommands
            guard below.isEmpty else { level = below; continue }
            return try? parse(type, Array(rest))
        }
        return nil
    }

    private static func parse<C: ParsableCommand>(_ type: C.Type, _ arguments: [String]) throws -> ParsableCommand {
        try C.parseAsRoot(arguments)
    }
}
