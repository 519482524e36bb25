import Dashboard
import Foundation
import TimeKit

/// `timedeck --plain`: the same state, keys and `update` as the dashboard,
/// but output is plain lines announcing changes: no cursor addressing, so it
/// suits screen readers, serial consoles and logs. Works with TERM=dumb.
struct PlainRunner {
    var initialState: AppState

    func run() throws -> Int32 {
        var state = initialState
        let wake = try WakePipe()
        let inbox = EventInbox(wake: wake)
        let signals = SignalWatcher(wake: wake)
        defer { withExtendedLifetime(signals) {} }
        let mode = RawInput()
        defer { mode.restore() }
        var effects = EffectRunner(bell: { Self.say("\u{7}", newline: false) }, inbox: inbox)
        effects.marks = try MarksShell.start(inbox: inbox, settings: state.markSettings)
        defer { effects.marks?.stop() }
        var decoder = KeyDecoder()
        for line in PlainAnnouncer.greeting(state) { Self.say(line) }

        var escapeSince: Date?
        while true {
            let now = WallClock.now()
            var timeout = min(WallClock.millisecondsToNextSecond(after: now), effects.millisecondsToNextBell(now))
            if escapeSince != nil { timeout = min(timeout, 30) }
            var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wake.readFd, events: Int16(POLLIN), revents: 0)]
            _ = poll(&fds, 2, timeout)
            if let signal = wake.drain().first(where: { SignalWatcher.watched.contains(Int32($0)) }) {
                return 128 + Int32(signal)
            }
            var events: [Event] = []
            if fds[0].revents & Int16(POLLIN | POLLHUP) != 0 {
                var buffer = [UInt8](repeating: 0, count: 256)
                let n = read(0, &buffer, buffer.count)
                let at = WallClock.now()
                if n <= 0 { return 0 }  // input closed: nothing more can be asked
                let keys = decoder.feed(Array(buffer[0..<n]))
                events += keys.map { .key($0, at: at) }
                escapeSince = keys.isEmpty && buffer[n - 1] == 27 ? at : nil
            } else if let since = escapeSince, WallClock.now().timeIntervalSince(since) > 0.025 {
                events += decoder.flushEscape().map { .key($0, at: WallClock.now()) }
                escapeSince = nil
            }
            events += inbox.drain()
            var index = 0
            while index < events.count {
                let old = state
                let (next, requested) = update(state, events[index])
                state = next
                for line in PlainAnnouncer.changes(from: old, to: state) { Self.say(line) }
                let (outcome, followUps) = effects.perform(requested)
                if outcome == .quit { return 0 }
                events.insert(contentsOf: followUps, at: index + 1)
                index += 1
            }
            effects.ringDueBells(WallClock.now())
            let old = state
            (state, _) = update(state, .tick(WallClock.now()))
            if let line = PlainAnnouncer.minuteLine(from: old, to: state) { Self.say(line) }
        }
    }

    static func say(_ text: String, newline: Bool = true) {
        let data = Array((newline ? text + "\n" : text).utf8)
        var written = 0
        while written < data.count {
            let n = data[written...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
            if n <= 0 { return }
            written += n
        }
    }
}

/// Puts a terminal on stdin into non-canonical, no-echo mode (keys arrive one
/// at a time; Ctrl-C still sends SIGINT) and restores it. Does nothing when
/// stdin is not a terminal.
final class RawInput {
    private var original = termios()
    private let active: Bool

    init() {
        guard isatty(0) == 1, tcgetattr(0, &original) == 0 else {
            active = false
            return
        }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        active = tcsetattr(0, TCSANOW, &raw) == 0
    }

    func restore() {
        guard active else { return }
        var saved = original
        tcsetattr(0, TCSANOW, &saved)
    }
}
