/// A user-typed value that could not be used: what was wrong, and what is
/// accepted instead. The CLI prints it in the interface language (the
/// commands' catalog renders `field`, `reason` and `accepted`) and exits
/// with status 2; `description` is the English.
public struct InputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Which value it was, e.g. `instant`, `longitude`, `duration`.
    public var field: InputField
    /// The text as typed (shortened if very long).
    public var input: String
    /// What was wrong with it.
    public var reason: InputReason
    /// What forms are accepted.
    public var accepted: InputAccepted

    public init(field: InputField, input: String, reason: InputReason, accepted: InputAccepted) {
        self.field = field
        self.input = input.count > 80 ? String(input.prefix(77)) + "..." : input
        self.reason = reason
        self.accepted = accepted
    }

    /// What was wrong, in English.
    public var problem: String { reason.english }

    public var description: String {
        "invalid \(field.english) '\(input)': \(reason.english). Accepted: \(accepted.english)"
    }
}
