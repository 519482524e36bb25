/// The command line is read only when it is of a size a person types or a
/// script sends. ArgumentParser's cost grows with the square of the
/// argument count (10,000 `--sight` took 8–13 s, 8,000 `--json` 5.9 s), so
/// a longer line is refused before parsing, with a message that says what
/// to do; nothing the program does needs more.
public enum ArgumentBounds {
    /// The most arguments read (a fix of 200 sights is 400).
    public static let maximumCount = 512
    /// The longest single argument, in bytes (a note is at most a few
    /// hundred characters; a position or a URL far less).
    public static let maximumBytes = 64 * 1024

    /// Why `arguments` (without the program's name) are not read, or nil.
    public static func refusal(_ arguments: [String]) -> String? {
        if arguments.count > maximumCount {
            return "timedeck: \(arguments.count) arguments given; at most \(maximumCount) are read. Run the command with fewer (a fix needs one --sight per sight of the round).\n"
        }
        if let long = arguments.firstIndex(where: { $0.utf8.count > maximumBytes }) {
            return "timedeck: argument \(long + 1) is \(arguments[long].utf8.count) bytes; at most \(maximumBytes) are read. Shorten it.\n"
        }
        return nil
    }
}
