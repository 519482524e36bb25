import Foundation

/// Everything that can happen to the dashboard. The shell samples the clock
/// once per event and passes the instant in, so `update` never reads a clock.
public enum Event: Equatable, Sendable {
    /// The second boundary passed (or the shell woke for another reason).
    case tick(Date)
    /// A key, stamped with the real-time clock right after it was read.
    case key(Key, at: Date)
    /// The terminal changed size.
    case resize(Size)
    /// Saving the Mars panel's settings failed (the message says why).
    case marsSettingsNotSaved(String)
}
