import Dashboard
import Foundation
import TimeKit

/// The shell around the pure dashboard: owns the terminal, the clock and
/// every file descriptor; turns the world into events, feeds `update`, draws
/// `render`'s frame and performs effects.
struct DashboardRunner {
    var noColor: Bool

    /// The state the dashboard opens with: stored data and settings are
    /// loaded here, before the terminal is taken over.
    func makeInitialState(now: Date) throws -> AppState {
        let config = ConfigFile.locate()
        let loaded = config.load()
        var state = AppState(now: now, localZone: TimeZone.current, panels: [.marks, .mars, .calls])
        state.settings = loaded.settings
        state.marks = try MarksShell.initialState(settings: loaded.settings)
        state.configNotice = loaded.summary(path: config.url.path)
        state.language = UILanguage.resolve(setting: loaded.settings.language.rawValue,
                                            environment: ProcessInfo.processInfo.environment)
        state.localeLanguage = UILanguage.resolve(setting: "auto", environment: ProcessInfo.processInfo.environment)
        state.calls = CallsSetup.initialState(now: now, settings: loaded.settings)
        state.mars = MarsPanelLoader.initialState(now: now, environment: ProcessInfo.processInfo.environment,
                                                  settings: loaded.settings)
        return state
    }

    /// Runs until the user quits or a signal arrives; returns the exit code
    /// (0 for a quit key, 128 + signal number for a signal).
    func run() throws -> Int32 {
        try Terminal.requireInteractive()
        var state = try makeInitialState(now: WallClock.now())
        let wake = try WakePipe()
        let inbox = EventInbox(wake: wake)
        let signals = SignalWatcher(wake: wake)
        defer { withExtendedLifetime(signals) {} }
        let themeName = state.settings.theme.rawValue
        let terminal = try Terminal(noColor: noColor) { Theme.named(themeName, depth: $0) }
        defer { terminal.close() }

        var effects = EffectRunner(terminal: terminal, inbox: inbox)
        effects.marks = try MarksShell.start(inbox: inbox, settings: state.marks.settings)
        defer { effects.marks?.stop() }
        var size = terminal.size
        state.screenSize = size
        terminal.draw(render(state, size: size))

        while true {
            let now = WallClock.now()
            let timeout = min(WallClock.millisecondsToNextSecond(after: now), effects.millisecondsToNextBell(now),
                              state.calls.frameIntervalMilliseconds(at: now) ?? Int32.max)
            var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wake.readFd, events: Int16(POLLIN), revents: 0)]
            _ = poll(&fds, 2, timeout)
            if let signal = wake.drain().first(where: { SignalWatcher.watched.contains(Int32($0)) }) {
                _ = effects.perform(state.calls.pendingSave(now: now, force: true).map(Effect.calls))
                return 128 + Int32(signal)
            }
            // Keys first: each carries the instant it was read.
            var events: [Event] = terminal.readPending(clock: WallClock.now).map { input in
                switch input {
                case .key(let key, let at): return .key(key, at: at)
                case .resize(let newSize):
                    size = newSize
                    return .resize(newSize)
                }
            }
            events += inbox.drain()
            var index = 0
            while index < events.count {
                let (next, requested) = update(state, events[index])
                state = next
                let (outcome, followUps) = effects.perform(requested)
                if outcome == .quit { return 0 }
                // Results of effects (a stored mark, a loaded call) are events too.
                events.insert(contentsOf: followUps, at: index + 1)
                index += 1
            }
            effects.ringDueBells(WallClock.now())
            (state, _) = update(state, .tick(WallClock.now()))
            terminal.draw(render(state, size: size))
        }
    }
}

/// Performs the effects `update` asks for; what comes back (a stored record,
/// an error to show) returns to `update` as events.
struct EffectRunner {
    enum Outcome { case `continue`, quit }

    /// Rings the bell: curses' `beep` on screen, BEL in plain mode.
    let ringBell: () -> Void
    /// Offers text to the terminal's clipboard (OSC 52); nil in plain mode.
    var clipboard: ((String) -> Bool)?
    /// Redraws in another theme at once; nil in plain mode.
    var themeChanged: ((String) -> Void)?

    /// Writes one key to the config file (atomically; never over an invalid
    /// file) and reports the outcome as an event.
    static func saveSetting(table: String, key: String, value: String) -> Event {
        let file = ConfigFile.locate()
        let typed: ConfigDocument.Value = value == "true" || value == "false" ? .boolean(value == "true") : .string(value)
        do {
            _ = try file.set(table, key, to: typed)
            return .settingSaved(path: file.url.path)
        } catch {
            return .settingNotSaved("\(error)".replacingOccurrences(of: "timedeck: ", with: ""))
        }
    }
    let inbox: EventInbox
    /// The marks store and watchers (nil in tests of the runner itself).
    var marks: MarksShell?
    /// Bells still to ring, for double beeps spaced briefly apart without
    /// blocking the loop.
    private var pendingBells: [Date] = []
    static let bellSpacing: TimeInterval = 0.15

    init(terminal: Terminal, inbox: EventInbox) {
        self.init(bell: { terminal.bell() }, inbox: inbox)
        clipboard = { terminal.offerToClipboard($0) }
        themeChanged = { name in terminal.applyTheme { Theme.named(name, depth: $0) } }
    }

    init(bell: @escaping () -> Void, inbox: EventInbox) {
        ringBell = bell
        self.inbox = inbox
    }

    mutating func perform(_ effects: [Effect]) -> (Outcome, [Event]) {
        var followUps: [Event] = []
        for effect in effects {
            switch effect {
            case .calls(let callEffect):
                followUps += CallsSetup.perform(callEffect)
            case .quit:
                return (.quit, followUps)
            case .saveSetting(let table, let key, let value):
                followUps.append(Self.saveSetting(table: table, key: key, value: value))
                if table == "display" && key == "theme" { themeChanged?(value) }
            case .writeSnapshot(let document):
                do {
                    let path = try SnapshotFiles.write(document)
                    followUps.append(.snapshotSaved(path: path, copied: clipboard?(document.text) ?? false))
                } catch {
                    followUps.append(.snapshotFailed("\(error)"))
                }
            case .bell(let times):
                guard times > 0 else { continue }
                ringBell()
                let now = WallClock.now()
                for i in 1..<max(1, times) { pendingBells.append(now.addingTimeInterval(Double(i) * Self.bellSpacing)) }
            case .marks(let marksEffect):
                // Queued for the store worker: its results come back through
                // the inbox (`.held` once the mark is durable in the journal).
                if let marks {
                    if let event = marks.perform(marksEffect) { followUps.append(event) }
                } else if case .record(let mark) = marksEffect {
                    // No store: say so rather than drop the sight silently.
                    followUps.append(.marks(.recordFailed(mark, reason: "no database open")))
                }
            case .saveMarsSettings(let settings):
                if let failure = MarsPanelLoader.save(settings) {
                    followUps.append(failure)
                }
            }
        }
        return (.continue, followUps)
    }

    mutating func ringDueBells(_ now: Date) {
        let due = pendingBells.filter { $0 <= now }
        guard !due.isEmpty else { return }
        pendingBells.removeAll { $0 <= now }
        ringBell()
    }

    func millisecondsToNextBell(_ now: Date) -> Int32 {
        guard let next = pendingBells.min() else { return Int32.max }
        return Int32(max(1, (next.timeIntervalSince(now) * 1000).rounded(.up)))
    }
}
