import Dashboard
import Foundation
@testable import DeckShell

/// A `TerminalDevice` for running the real runners in process (ratatui's
/// `TestBackend`, Bubble Tea's teatest): keys and resizes go in through a
/// queue, every frame drawn comes out, bells and clipboard offers are
/// counted. A pipe stands in for stdin's readiness, so the real `poll`
/// wakes the loop when a key is queued (`poller`).
final class TestTerminal: TerminalDevice, @unchecked Sendable {  // every field behind `lock`
    private let lock = NSCondition()
    private var queued: [Queued] = []
    private var currentSize: Size
    private var drawn: [Frame] = []
    private var bells = 0
    private var offers: [String] = []
    private var themes = 0
    private var closes = 0
    private var repaints = 0
    /// Read end: readable while input is queued; the loop polls it as stdin.
    let inputFd: Int32
    private let signalFd: Int32

    private enum Queued {
        case key(Key)
        case resize(Size)
    }

    init(size: Size = Size(columns: 120, rows: 40)) {
        currentSize = size
        var fds: [Int32] = [0, 0]
        precondition(pipe(&fds) == 0, "cannot make the test terminal's pipe")
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        inputFd = fds[0]
        signalFd = fds[1]
    }

    deinit {
        Glibc.close(inputFd)
        Glibc.close(signalFd)
    }

    // MARK: What a test does

    func press(_ keys: Key...) {
        enqueue(keys.map { .key($0) })
    }

    /// Each character of `text` as a key (`" "` is the space bar).
    func type(_ text: String) {
        enqueue(text.map { .key(.character($0)) })
    }

    /// The terminal becomes `size` (curses' KEY_RESIZE).
    func resize(to size: Size) {
        enqueue([.resize(size)])
    }

    var frames: [Frame] { lock.withLock { drawn } }
    var lastFrame: Frame? { lock.withLock { drawn.last } }
    var bellCount: Int { lock.withLock { bells } }
    /// How many times the runner said the screen may show something else.
    var repaintCount: Int { lock.withLock { repaints } }
    var clipboardOffers: [String] { lock.withLock { offers } }
    var themeChanges: Int { lock.withLock { themes } }
    var closeCount: Int { lock.withLock { closes } }

    /// Waits (at most `seconds`) for a frame drawn that satisfies
    /// `condition`, checking the newest frame each time one is drawn.
    func waitForFrame(_ seconds: Double = 20, where condition: (Frame) -> Bool) -> Frame? {
        let deadline = Date().addingTimeInterval(seconds)
        lock.lock()
        defer { lock.unlock() }
        while true {
            if let last = drawn.last, condition(last) { return last }
            if !lock.wait(until: deadline) { return drawn.last.flatMap { condition($0) ? $0 : nil } }
        }
    }

    /// Waits (at most `seconds`) until the bell has rung `count` times.
    func waitForBells(_ count: Int, _ seconds: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        lock.lock()
        defer { lock.unlock() }
        while bells < count {
            if !lock.wait(until: deadline) { return bells >= count }
        }
        return true
    }

    /// Waits for a frame whose text contains `text`.
    func waitForText(_ text: String, _ seconds: Double = 20) -> Frame? {
        waitForFrame(seconds) { $0.lines.joined(separator: "\n").contains(text) }
    }

    /// The real `poll(2)`, with this terminal's pipe in stdin's place.
    var poller: LoopPoller { .system(input: inputFd) }

    /// Opens this terminal for `DashboardRunner` (never refusing).
    var opener: TerminalOpener {
        TerminalOpener(requireInteractive: {}, open: { _, _ in self })
    }

    private func enqueue(_ items: [Queued]) {
        lock.withLock { queued += items }
        var byte: UInt8 = 1
        _ = write(signalFd, &byte, 1)
    }

    // MARK: TerminalDevice

    var size: Size { lock.withLock { currentSize } }

    func readPending(clock: () -> Date) -> [TerminalInput] {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(inputFd, &buffer, buffer.count) > 0 {}
        let items: [Queued] = lock.withLock {
            defer { queued.removeAll() }
            return queued
        }
        return items.map { item in
            switch item {
            case .key(let key): return .key(key, at: clock())
            case .resize(let size):
                lock.withLock { currentSize = size }
                return .resize(size)
            }
        }
    }

    func draw(_ frame: Frame) {
        lock.withLock {
            drawn.append(frame)
            lock.broadcast()
        }
    }

    func repaintAll() { lock.withLock { repaints += 1 } }

    func bell() {
        lock.withLock {
            bells += 1
            lock.broadcast()
        }
    }

    func applyTheme(_ theme: (ColorDepth) -> Theme) {
        _ = theme(.eight)
        lock.withLock { themes += 1 }
    }

    func offerToClipboard(_ text: String) -> Bool {
        lock.withLock { offers.append(text) }
        return true
    }

    func close() { lock.withLock { closes += 1 } }
}
