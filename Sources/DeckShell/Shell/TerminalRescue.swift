import Foundation

/// The terminal as it was before the dashboard took it, and the previous
/// handlers of the fault signals, for `TerminalRescue`'s handler, which can
/// capture nothing. Written before the handlers are installed.
nonisolated(unsafe) private var rescueTermios = termios()
nonisolated(unsafe) private var rescueHasTermios = false
nonisolated(unsafe) private let rescuePrevious = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)

/// The last resort for signals that end the process with no way back to the
/// run loop (a fault: SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP,
/// SIGSYS). Its handler runs on an alternate stack (a stack overflow is a
/// SIGSEGV), does only async-signal-safe things — puts back the saved
/// termios and leaves the alternate screen — and then ends the process by
/// the same signal with its default action (exit status 128 + number, a
/// core dump where enabled). Handing it on to the Swift runtime's crash
/// reporter instead left the process waiting forever after its report on
/// a terminal (measured: still running 36 s after a SIGSEGV), so the
/// dashboard gives up that report; the CLI subcommands keep it. Signals
/// that can be handled cleanly go through `SignalWatcher` instead.
enum TerminalRescue {
    static let faults: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS]
    /// Leave the alternate screen, show the cursor, reset attributes, new line.
    private static let reset: StaticString = "\u{1B}[?1049l\u{1B}[?25h\u{1B}[0m\r\ntimedeck: ended by a fatal signal; the terminal was restored.\r\n"

    /// Saves the terminal's state and installs the handlers; call before the
    /// terminal is changed.
    static func install() {
        if tcgetattr(0, &rescueTermios) == 0 { rescueHasTermios = true }
        installAlternateStack()
        for sig in faults {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signalNumber in
                if rescueHasTermios { _ = tcsetattr(0, TCSANOW, &rescueTermios) }
                _ = TerminalRescue.reset.withUTF8Buffer { write(1, $0.baseAddress, $0.count) }
                // The default action, delivered as this returns (the signal
                // is blocked while its handler runs).
                signal(signalNumber, SIG_DFL)
                raise(signalNumber)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_ONSTACK
            sigaction(sig, &action, rescuePrevious + Int(sig))
        }
    }

    /// Puts the previous handlers back (the terminal is restored normally).
    static func uninstall() {
        for sig in faults { sigaction(sig, rescuePrevious + Int(sig), nil) }
    }

    /// A stack for the handler when the thread's own has overflowed (kept
    /// if one is already set, e.g. by the Swift runtime).
    private static func installAlternateStack() {
        var current = stack_t()
        if sigaltstack(nil, &current) == 0, current.ss_flags & Int32(SS_DISABLE) == 0 { return }
        let size = 64 * 1024
        guard let memory = malloc(size) else { return }
        var stack = stack_t(ss_sp: memory, ss_flags: 0, ss_size: size)
        _ = sigaltstack(&stack, nil)
    }
}
