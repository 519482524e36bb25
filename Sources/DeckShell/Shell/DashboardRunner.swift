import Dashboard
import Foundation
import TimeKit
import TimeStore

/// The shell around the pure dashboard: owns the terminal, the clock and
/// every file descriptor; turns the world into events, feeds `update`, draws
/// `render`'s frame and performs effects.
public struct DashboardRunner {
    public var noColor: Bool
    /// The process's store, made once at the composition root
    /// (`Timedeck.run`) and handed to every panel's loader and effect.
    public let store: StoreHandle
    /// Where the full screen comes from (curses, in the executable).
    public let terminalOpener: TerminalOpener

    /// The run loop's clock and poll, the config file's environment and
    /// whether signals are caught: the real ones, but in-process tests
    /// (`RunnerInProcessTests`), which must not take the test process's signals.
    var seams = RunnerSeams()

    public init(noColor: Bool, store: StoreHandle, terminalOpener: TerminalOpener) {
        self.noColor = noColor
        self.store = store
        self.terminalOpener = terminalOpener
    }

    /// The state the dashboard opens with: stored data and settings are
    /// loaded here, before the terminal is taken over.
    public func makeInitialState(now: Date) throws -> AppState {
        try Self.initialState(now: now, store: store, environment: seams.environment)
    }

    /// The state the dashboard (or plain mode, or a snapshot) opens with;
    /// `environment` says where the config file is (`ConfigFile.locate`).
    public static func initialState(now: Date, store: StoreHandle,
                                    environment: [String: String] = ProcessEnvironment.values) throws -> AppState {
        let loaded = ConfigFile.loadSettings(environment: environment)
        let local = LocalZone.current()
        var state = AppState(now: now, localZone: local.zone)
        state.localZoneName = local.name
        state.settings = loaded.settings
        // Before anything is read: a write by another process from here on
        // is seen by the first background look (and nothing loads twice).
        store.rememberVersion()
        // A TZ that names no zone is said where config problems are.
        state.configNotice = loaded.notices + (local.problem.map { [.localZoneProblem($0)] } ?? [])
        state.localeLanguage = UILanguage.resolve(setting: "auto", environment: environment)
        try PanelServices.loadAll(into: &state, store: store)
        return state
    }

    /// Runs until the user quits or a signal arrives; returns the exit code
    /// (0 for a quit key, 128 + signal number for a signal).
    public func run() throws -> Int32 {
        try terminalOpener.requireInteractive()
        var state = try makeInitialState(now: seams.clock.now())
        state.colorForcedOff = noColor
        let wake = try WakePipe()
        let inbox = EventInbox(wake: wake)
        let signals = seams.watchesSignals ? SignalWatcher(wake: wake) : nil
        defer { withExtendedLifetime(signals) {} }
        let themeName = state.settings.theme.rawValue
        let terminal = try terminalOpener.open(noColor) { Theme.named(themeName, depth: $0) }
        var unfinished: [String] = []
        defer {
            terminal.close()
            Self.sayUnfinished(unfinished)
        }

        var effects = EffectRunner(terminal: terminal, inbox: inbox, store: store)
        effects.configFile = ConfigFile.locate(environment: seams.environment)
        effects.clock = seams.clock
        try effects.startServices(state)
        defer { unfinished = effects.finishStoreWork() }
        state.screenSize = terminal.size
        var loop = RunLoop(program: Program(state: state), screen: FullScreen(terminal: terminal, clock: seams.clock),
                           effects: effects, wake: wake, inbox: inbox, clock: seams.clock, poller: seams.poller)
        return loop.run()
    }
}

/// The case of an enum value without its payload (`save`, not the call it
/// carries): names a job without echoing user text.
func caseName(_ value: some Any) -> String {
    String(String(describing: value).prefix { $0 != "(" }.prefix(40))
}

extension DashboardRunner {
    /// Work a stop could not finish by its deadline, said on stderr once
    /// the screen is back: nothing is abandoned silently.
    static func sayUnfinished(_ unfinished: [String]) {
        guard !unfinished.isEmpty else { return }
        Console.error("timedeck: stopped before this work finished (it was not done): "
                      + unfinished.joined(separator: "; ") + ".\n")
    }
}


/// The full-screen strategy: keys from curses, `render` drawn after each
/// pass (only the changed cells reach the terminal).
struct FullScreen: ScreenStrategy {
    let terminal: TerminalDevice
    /// Stamps the keys after the first of a pass (the loop's clock).
    var clock: LoopClock = .wall
    /// Gives back the pages only the start needed, once it is over.
    var startupPages = StartupPages()
    var saysStoredMarksBeforeQuitting: Bool { false }

    func wakeMilliseconds(_ state: AppState, now: Date) -> Int32? {
        state.frameIntervalMilliseconds(at: now)
    }

    mutating func readInput(ready: Bool, wokeAt: Date) -> [Event]? {
        // The first key read in this pass arrived by the time poll woke.
        var first: Date? = ready ? wokeAt : nil
        let now = clock.now
        let stamp = { () -> Date in
            defer { first = nil }
            return first ?? now()
        }
        return terminal.readPending(clock: stamp).map { input in
            switch input {
            case .key(let key, let at): return .key(key, at: at)
            case .resize(let size): return .resize(size)
            }
        }
    }

    var observesChanges: Bool { false }

    mutating func changed(from old: AppState, to new: AppState) {}

    mutating func continuedAfterStop() { terminal.repaintAll() }

    mutating func present(_ state: AppState) {
        terminal.draw(render(state, size: state.screenSize))
        startupPages.framePresented(at: state.now)
    }
}

/// Performs the effects `update` asks for; what comes back (a stored record,
/// an error to show) returns to `update` as events.
struct EffectRunner: EffectPerforming {

    /// Rings the bell: curses' `beep` on screen, BEL in plain mode.
    let ringBell: () -> Void
    /// Offers text to the terminal's clipboard (OSC 52); nil in plain mode.
    var clipboard: ((String) -> Bool)?
    /// Redraws in another theme at once; nil in plain mode.
    var themeChanged: ((String) -> Void)?

    /// Writes one key to the config file (atomically; never over an invalid
    /// file) and reports the outcome as an event.
    static func saveSetting(_ change: SettingChange, to file: ConfigFile) -> Event {
        do {
            _ = try file.set(change.table, change.key, to: change.value)
            return .settingSaved(path: file.url.path)
        } catch let error as ConfigFile.WriteError {
            return .settingNotSaved(error.problem)
        } catch {
            return .settingNotSaved(.cannotWrite(path: file.url.path, reason: "\(error)"))
        }
    }
    /// Where settings are saved (`ConfigFile.locate()` unless a runner says).
    var configFile = ConfigFile.locate()
    /// The loop's clock, for spacing a double beep.
    var clock: LoopClock = .wall
    let inbox: EventInbox
    /// The process's store (calls and Mars choices are saved through it,
    /// on `storeQueue`'s thread).
    let store: StoreHandle
    let storeQueue: StoreQueue
    private let folderWatch: StoreFolderWatch
    private let look = StoreLook()
    private var lastLookSecond: Int64 = 0
    /// The shown panels' services (`PanelService.start`).
    private var services = PanelServices()
    /// Bells still to ring, for double beeps spaced briefly apart without
    /// blocking the loop.
    private var pendingBells: [Date] = []
    static let bellSpacing: TimeInterval = 0.15

    init(terminal: TerminalDevice, inbox: EventInbox, store: StoreHandle) {
        self.init(bell: { terminal.bell() }, inbox: inbox, store: store)
        clipboard = { terminal.offerToClipboard($0) }
        themeChanged = { name in terminal.applyTheme { Theme.named(name, depth: $0) } }
    }

    init(bell: @escaping () -> Void, inbox: EventInbox, store: StoreHandle) {
        ringBell = bell
        self.inbox = inbox
        self.store = store
        folderWatch = StoreFolderWatch(databasePath: store.url.path)
        storeQueue = .store(post: { inbox.post($0) })
        storeQueue.start()
    }

    /// Starts every shown panel's service (`PanelServices.startAll`).
    mutating func startServices(_ state: AppState) throws {
        services = try PanelServices.startAll(state, context: ServiceContext(
            store: store, inbox: inbox, storeQueue: storeQueue))
    }

    /// The store's folder watch: its descriptor joins the run loop's
    /// `poll`, so a write by another process wakes the loop (nil: inotify
    /// is not available, and every second's tick looks instead).
    var storeWatchDescriptor: Int32? {
        folderWatch.isAvailable ? folderWatch.fd : nil
    }

    /// Once per pass of the run loop, before its tick: each panel
    /// service's look outside (`PanelService.pass`: the kernel clock, the
    /// writes that waited for a busy database), and the look for other writers when the
    /// store's folder changed (or is due: the watch was just attached, the
    /// last look found the database busy, or there is no watch and a new
    /// second began).
    mutating func everyPass(now: Date, storeFolderChanged: Bool) -> [Event] {
        var events: [Event] = []
        var lookDue = storeFolderChanged && folderWatch.drain()
        if !folderWatch.attached && folderWatch.attachDue && folderWatch.attachIfPossible() { lookDue = true }
        let second = Int64(now.timeIntervalSince1970.rounded(.down))
        if !folderWatch.isAvailable && second != lastLookSecond { lookDue = true }
        if look.retryDue() { lookDue = true }
        if lookDue {
            lastLookSecond = second
            look.request(store: store, queue: storeQueue, rereads: services.rereads)
        }
        events += services.pass(now: now)
        return events
    }

    /// Lets queued saves finish (a save from `q` or a signal waits out a
    /// busy database, up to its busy timeout) and stops the store threads.
    /// Returns what could not be finished in time, to be said once the
    /// terminal is restored (nothing is abandoned silently).
    func finishStoreWork() -> [String] {
        let report = storeQueue.stop(deadline: Date().addingTimeInterval(AppDatabase.busyTimeoutSeconds + 1))
        var unfinished = report.abandoned.map(\.label)
        if !report.finished { unfinished.append("a store job still running at exit") }
        return unfinished + services.stopAll()
    }

    mutating func perform(_ effect: Effect) -> [Event] {
        // A panel's effect goes to its service (`PanelServices`).
        if let events = services.perform(effect) { return events }
        switch effect {
        case .quit:
            // The loop ends on `state.isQuitting`, after the saves that
            // came with the quit key were performed.
            return []
        case .saveSetting(let change):
            let saved = Self.saveSetting(change, to: configFile)
            if let theme = change.value(of: DisplayKeys.theme) { themeChanged?(theme.rawValue) }
            return [saved]
        case .writeSnapshot(let document):
            do {
                let path = try SnapshotFiles.write(document)
                return [.snapshotSaved(path: path, copied: clipboard?(document.text) ?? false)]
            } catch {
                return [.snapshotFailed(.cannotWrite(path: SnapshotFiles.folderPath, reason: "\(error)"))]
            }
        case .bell(let times):
            guard times > 0 else { return [] }
            ringBell()
            let now = clock.now()
            for i in 1..<max(1, times) { pendingBells.append(now.addingTimeInterval(Double(i) * Self.bellSpacing)) }
            return []
        case .marks, .mars, .weather, .calls, .sights:
            // Performed by the panel's service above.
            return []
        }
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
