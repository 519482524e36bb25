import Foundation
import TimeKit

/// Everything that can happen to the dashboard. The shell samples the clock
/// once per event and passes the instant in, so `update` never reads a clock.
public enum Event: Equatable, Sendable {
    /// The second boundary passed (or the shell woke for another reason).
    case tick(Date)
    /// A setting was written to the config file at `path`.
    case settingSaved(path: String)
    /// A setting could not be written; the message says why and what to do.
    case settingNotSaved(FileProblem)
    /// A snapshot was written (`path` of the text file); `copied` when it was
    /// also offered to the clipboard.
    case snapshotSaved(path: String, copied: Bool)
    /// A snapshot could not be written; the message says why.
    case snapshotFailed(FileProblem)
    /// A key, stamped with the real-time clock right after it was read.
    case key(Key, at: Date)
    /// The process is about to end (a signal, input closed): pending saves
    /// are asked for at once.
    case shutdown(Date)
    /// The terminal changed size.
    case resize(Size)
    /// The process was stopped (SIGSTOP, Ctrl-Z) and continued at `at`;
    /// keys read at once from then on may have been pressed up to
    /// `stoppedSeconds` earlier (the marks panel flags their marks).
    case resumedAfterStop(at: Date, stoppedSeconds: Double)
    /// Store results and clock/gpsd observations for the marks panel.
    case marks(MarksEvent)
    /// Store results for the call planner.
    case calls(CallsEvent)
    /// Store results for the Mars panel.
    case mars(MarsEvent)
    /// Store results for the sights panel.
    case sights(SightsEvent)
    /// The stored forecast, a new forecast, or why a fetch failed.
    case weather(WeatherEvent)
    /// A call, setting or Mars choice waits durably for a database another
    /// process holds (saved once it is free).
    case storeWritesWaiting
    /// Writes that waited for the database are now saved.
    case storeWritesSaved(count: Int)
}
