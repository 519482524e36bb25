import TimeKit

/// Work that `update` asks the shell to do; performed by the executable's
/// effect runner, never inside `update`.
public enum Effect: Equatable, Sendable {
    /// Leave the dashboard and restore the terminal.
    case quit
    /// Ring the terminal bell `times` times, briefly apart.
    case bell(times: Int)
    /// Remember the Mars panel's longitude, site and view between runs.
    case saveMarsSettings(MarsSettings)
}
