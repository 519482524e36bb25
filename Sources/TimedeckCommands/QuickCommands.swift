/// The status-bar commands, answered without ArgumentParser when their
/// command line is exactly one of the forms below (issue 31: a command as
/// fast as `date`). ArgumentParser's parse of the root reflects over every
/// subcommand's properties through the Swift runtime's conformance lookups:
/// 14.7 M of the 37.8 M instructions `timedeck now` spent (the README's
/// build). Anything else, `--help` and every typo included, goes the
/// ordinary way, so help, errors and exit codes stay ArgumentParser's.
public enum QuickCommands {
    public enum Command: Equatable, Sendable {
        case now(json: Bool)
        case callsNext(json: Bool)
    }

    /// The command `arguments` (without the program name) name, or nil.
    public static func match(_ arguments: [String]) -> Command? {
        switch arguments {
        case ["now"]: .now(json: false)
        case ["now", "--json"]: .now(json: true)
        case ["calls", "next"]: .callsNext(json: false)
        case ["calls", "next", "--json"]: .callsNext(json: true)
        default: nil
        }
    }

    /// Runs it exactly as its `ParsableCommand` would (the same function).
    public static func run(_ command: Command) throws {
        switch command {
        case .now(let json): NowCommand.answer(json: json)
        case .callsNext(let json): try CallsNextCommand.answer(json: json)
        }
    }
}
