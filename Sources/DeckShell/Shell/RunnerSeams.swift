import Foundation
import TimeKit

/// What a runner takes from the process besides the store and the screen:
/// the run loop's clock and poll, the environment the config file is found
/// from, and whether signals are caught. The defaults are the program's;
/// in-process tests hand their own (a test process's signals are not the
/// dashboard's to take, and its config file is a temporary one).
struct RunnerSeams {
    var clock: LoopClock = .wall
    var poller: LoopPoller = .system
    /// Where `ConfigFile.locate` looks (`TIMEDECK_CONFIG`, `XDG_CONFIG_HOME`, `HOME`).
    var environment: [String: String] = ProcessEnvironment.values
    /// Installs `SignalWatcher` (and `TerminalRescue`) for the run.
    var watchesSignals = true
}
