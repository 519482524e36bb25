import ArgumentParser

/// A command that can print its result as JSON: it takes `--json` from
/// `OutputOptions` and says here what its JSON holds (the flag's help).
protocol JSONCommand: ParsableCommand {
    /// The `--json` line of this command's `--help`.
    static var jsonHelp: String { get }
}

/// The output options every subcommand with a JSON form shares
/// (`@OptionGroup var output: OutputOptions<Self>`): one declaration of
/// `--json` instead of one per command. The help text is the command's own
/// (`Command.jsonHelp`), since each says what its JSON holds, so `--help`,
/// the man page and the completions read as they did.
struct OutputOptions<Command: JSONCommand>: ParsableArguments {
    @Flag(help: ArgumentHelp(Command.jsonHelp))
    var json = false
}
