import Dashboard
import Foundation
import TimeKit
import TimeStore

/// `timedeck --plain`: the same state, keys and `update` as the dashboard,
/// but output is plain lines announcing changes: no cursor addressing, so it
/// suits screen readers, serial consoles and logs. Works with TERM=dumb.
public struct PlainRunner {
    public var initialState: AppState
    public let store: StoreHandle
    /// The clock, poll, config environment and signal watching (see `RunnerSeams`).
    var seams = RunnerSeams()
    /// Where keys are read (stdin; a pipe in `RunnerInProcessTests`).
    var input: Int32 = 0
    /// Where lines go (stdout, written whole; a recorder in tests).
    var output: @Sendable (String) -> Void = PlainRunner.writeToStandardOutput

    public init(initialState: AppState, store: StoreHandle) {
        self.initialState = initialState
        self.store = store
    }

    public func run() throws -> Int32 {
        let wake = try WakePipe()
        let inbox = EventInbox(wake: wake)
        let signals = seams.watchesSignals ? SignalWatcher(wake: wake) : nil
        defer { withExtendedLifetime(signals) {} }
        let mode = RawInput(fd: input)
        var unfinished: [String] = []
        defer {
            mode.restore()
            DashboardRunner.sayUnfinished(unfinished)
        }
        let output = output
        var effects = EffectRunner(bell: { output("\u{7}") }, inbox: inbox, store: store)
        effects.configFile = ConfigFile.locate(environment: seams.environment)
        effects.clock = seams.clock
        try effects.startServices(initialState)
        defer { unfinished = effects.finishStoreWork() }
        for line in PlainAnnouncer.greeting(initialState) { output(line + "\n") }
        var loop = RunLoop(program: Program(state: initialState), screen: PlainScreen(input: input, output: output, clock: seams.clock),
                           effects: effects, wake: wake, inbox: inbox, clock: seams.clock, poller: seams.poller)
        return loop.run()
    }

    /// Writes `text` to stdout whole (retrying short writes).
    @Sendable static func writeToStandardOutput(_ text: String) {
        let data = Array(text.utf8)
        var written = 0
        while written < data.count {
            let n = data[written...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
            if n <= 0 { return }
            written += n
        }
    }
}

/// The plain strategy: bytes from stdin through `KeyDecoder`, a line for
/// each change a person needs to hear about, a line at each new minute.
struct PlainScreen: ScreenStrategy {
    /// Where keys are read: stdin, or the pipe a test writes.
    let input: Int32
    /// Where lines are said (each ends with its line break).
    let output: (String) -> Void
    private var decoder = KeyDecoder()
    /// When a lone Esc arrived: it becomes the Escape key unless the rest
    /// of a sequence follows within 25 ms.
    private var escapeSince: Date?
    /// The loop's clock (for the Esc's 25 ms).
    let clock: LoopClock

    init(input: Int32 = 0, output: @escaping (String) -> Void, clock: LoopClock = .wall) {
        self.input = input
        self.output = output
        self.clock = clock
    }

    func wakeMilliseconds(_ state: AppState, now: Date) -> Int32? {
        escapeSince == nil ? nil : 30
    }

    mutating func readInput(ready: Bool, wokeAt: Date) -> [Event]? {
        if ready {
            var buffer = [UInt8](repeating: 0, count: 256)
            let n = read(input, &buffer, buffer.count)
            // Every byte of this read was there when poll woke.
            let at = wokeAt
            if n <= 0 { return nil }  // input closed: nothing more can be asked
            let keys = decoder.feed(Array(buffer[0..<n]))
            // A lone ESC may end a read that also held other keys ("→" then
            // Esc typed quickly arrive together): wait for it either way.
            escapeSince = decoder.isWaitingAfterEscape ? at : nil
            return keys.map { .key($0, at: at) }
        }
        if let since = escapeSince, clock.now().timeIntervalSince(since) > 0.025 {
            escapeSince = nil
            return decoder.flushEscape().map { .key($0, at: clock.now()) }
        }
        return []
    }

    var observesChanges: Bool { true }

    mutating func changed(from old: AppState, to new: AppState) {
        for line in PlainAnnouncer.changes(from: old, to: new) { output(line + "\n") }
        if let line = PlainAnnouncer.minuteLine(from: old, to: new) { output(line + "\n") }
    }

    mutating func present(_ state: AppState) {}

    mutating func continuedAfterStop() {}

    /// `printf ' q' | timedeck --plain` still says the mark (after the goodbye line).
    var saysStoredMarksBeforeQuitting: Bool { true }
}

/// Puts a terminal on stdin into non-canonical, no-echo mode (keys arrive one
/// at a time; Ctrl-C still sends SIGINT) and restores it. Does nothing when
/// stdin is not a terminal.
final class RawInput {
    private var original = termios()
    private let active: Bool

    private let fd: Int32

    init(fd: Int32 = 0) {
        self.fd = fd
        guard isatty(fd) == 1, tcgetattr(fd, &original) == 0 else {
            active = false
            return
        }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        active = tcsetattr(fd, TCSANOW, &raw) == 0
    }

    func restore() {
        guard active else { return }
        var saved = original
        tcsetattr(fd, TCSANOW, &saved)
    }
}
