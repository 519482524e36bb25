/// A user-typed value that could not be used: what was wrong, and what is
/// accepted instead. The CLI prints `description` and exits with status 2.
public struct InputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Which value it was, e.g. `instant`, `longitude`, `duration`.
    public var field: String
    /// The text as typed (shortened if very long).
    public var input: String
    /// What was wrong with it.
    public var problem: String
    /// What forms are accepted.
    public var accepted: String

    public init(field: String, input: String, problem: String, accepted: String) {
        self.field = field
        self.input = input.count > 80 ? String(input.prefix(77)) + "..." : input
        self.problem = problem
        self.accepted = accepted
    }

    public var description: String {
        "invalid \(field) '\(input)': \(problem). Accepted: \(accepted)"
    }
}
