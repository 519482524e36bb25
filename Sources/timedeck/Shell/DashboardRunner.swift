import Dashboard
import Foundation
import TimeKit

/// The shell around the pure dashboard: owns the terminal, the clock and
/// every file descriptor; turns the world into events, feeds `update`, draws
/// `render`'s frame and performs effects.
struct DashboardRunner {
    var noColor: Bool

    /// Runs until the user quits or a signal arrives; returns the exit code
    /// (0 for a quit key, 128 + signal number for a signal).
    func run() throws -> Int32 {
        try Terminal.requireInteractive()
        let wake = try WakePipe()
        let signals = SignalWatcher(wake: wake)
        defer { withExtendedLifetime(signals) {} }
        let terminal = try Terminal(noColor: noColor, theme: Theme.mission)
        defer { terminal.close() }

        var state = AppState(now: WallClock.now(), localZone: TimeZone.current, panels: [])
        var effects = EffectRunner(terminal: terminal)
        var size = terminal.size
        terminal.draw(render(state, size: size))

        while true {
            let timeout = min(WallClock.millisecondsToNextSecond(after: WallClock.now()), effects.millisecondsToNextBell(WallClock.now()))
            var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wake.readFd, events: Int16(POLLIN), revents: 0)]
            _ = poll(&fds, 2, timeout)
            if let signal = wake.drain().first(where: { SignalWatcher.watched.contains(Int32($0)) }) {
                return 128 + Int32(signal)
            }
            for input in terminal.readPending(clock: WallClock.now) {
                let event: Event
                switch input {
                case .key(let key, let at): event = .key(key, at: at)
                case .resize(let newSize):
                    size = newSize
                    event = .resize(newSize)
                }
                let (next, requested) = update(state, event)
                state = next
                if effects.perform(requested) == .quit { return 0 }
            }
            effects.ringDueBells(WallClock.now())
            (state, _) = update(state, .tick(WallClock.now()))
            terminal.draw(render(state, size: size))
        }
    }
}

/// Performs the effects `update` asks for.
struct EffectRunner {
    enum Outcome { case `continue`, quit }

    let terminal: Terminal
    /// Bells still to ring, for double beeps spaced briefly apart without
    /// blocking the loop.
    private var pendingBells: [Date] = []
    static let bellSpacing: TimeInterval = 0.15

    init(terminal: Terminal) { self.terminal = terminal }

    mutating func perform(_ effects: [Effect]) -> Outcome {
        for effect in effects {
            switch effect {
            case .quit:
                return .quit
            case .bell(let times):
                guard times > 0 else { continue }
                terminal.bell()
                let now = WallClock.now()
                for i in 1..<max(1, times) { pendingBells.append(now.addingTimeInterval(Double(i) * Self.bellSpacing)) }
            }
        }
        return .continue
    }

    mutating func ringDueBells(_ now: Date) {
        let due = pendingBells.filter { $0 <= now }
        guard !due.isEmpty else { return }
        pendingBells.removeAll { $0 <= now }
        terminal.bell()
    }

    func millisecondsToNextBell(_ now: Date) -> Int32 {
        guard let next = pendingBells.min() else { return Int32.max }
        return Int32(max(1, (next.timeIntervalSince(now) * 1000).rounded(.up)))
    }
}
