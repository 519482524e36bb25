import Dashboard
import Foundation
import TimeKit

/// How the run loop meets the person: the full screen (curses) or plain
/// lines. The loop is the same for both; only input decoding and output
/// differ, so a save, a signal or a quit is handled once for both modes.
protocol ScreenStrategy {
    /// Milliseconds until this screen needs the loop again without input
    /// (an animation frame, an Esc waiting to be told apart from a
    /// sequence); nil when it does not.
    func wakeMilliseconds(_ state: AppState, now: Date) -> Int32?
    /// Reads what is waiting on stdin as events. The first key is stamped
    /// `wokeAt`, the real-time clock read the moment `poll` said input was
    /// there (nothing runs between the two); later keys of the same pass
    /// with the clock as they are read. nil: input is closed.
    mutating func readInput(ready: Bool, wokeAt: Date) -> [Event]?
    /// Whether `changed` is called: keeping each old state costs a copy of
    /// the whole state per event, which only plain mode needs.
    var observesChanges: Bool { get }
    /// Called for every change of state, as it happens (if `observesChanges`).
    mutating func changed(from old: AppState, to new: AppState)
    /// Called once per pass of the loop, after every event of the pass.
    mutating func present(_ state: AppState)
    /// The process was stopped and has continued: what was on the screen
    /// may be gone.
    mutating func continuedAfterStop()
    /// Whether a quit waits (briefly) for marks on their way to the store,
    /// to say them: plain mode speaks them, the full screen has nothing to show.
    var saysStoredMarksBeforeQuitting: Bool { get }
}

/// The one program loop (for the full screen and `--plain`): `poll` on
/// stdin and the wake pipe with a timeout that ends just after the next
/// whole UTC second (or earlier when something falls due), then keys, then
/// events from other threads, then a tick; every event goes through
/// `Program.send`, which hands every effect to the `EffectRunner`.
struct RunLoop<Screen: ScreenStrategy> {
    var program: Program
    var screen: Screen
    var effects: EffectRunner
    let wake: WakePipe
    let inbox: EventInbox
    /// The clock every event is stamped with (the real one but in tests).
    var clock: LoopClock = .wall
    /// How a pass waits for input (`poll(2)` but in tests).
    var poller: LoopPoller = .system

    /// Runs until the user quits (0), input closes (0) or a signal arrives
    /// (128 + its number). Pending saves are performed on every exit path.
    mutating func run() -> Int32 {
        screen.present(program.state)
        var passEnded = clock.now()
        var resumed: (at: Date, stoppedSeconds: Double)?
        while true {
            let now = clock.now()
            let (ready, wokeAt, storeFolderChanged) = waitForInput(now: now)
            let woken = wake.drain()
            if let signal = woken.first(where: { SignalWatcher.watched.contains(Int32($0)) }) {
                program.shutDown(at: clock.now(), performer: &effects)
                return 128 + Int32(signal)
            }
            if woken.contains(UInt8(SignalWatcher.resumed)) {
                screen.continuedAfterStop()
                let at = clock.now()
                resumed = (at, at.timeIntervalSince(passEnded))
            }
            guard var events = screen.readInput(ready: ready, wokeAt: wokeAt) else {
                if let signal = settleMarks() { return signal }
                program.shutDown(at: clock.now(), performer: &effects)
                return 0
            }
            // Stopped and continued: keys read now (this pass, or the next
            // when the continue interrupted `poll`) may have been pressed
            // while the process was stopped, so their stamps can be late by
            // up to the stop. Said after them; forgotten after a second.
            if let (at, stopped) = resumed {
                if events.contains(where: { if case .key = $0 { true } else { false } }) {
                    events.append(.resumedAfterStop(at: at, stoppedSeconds: stopped))
                    resumed = nil
                } else if clock.now().timeIntervalSince(at) > 1 {
                    resumed = nil
                }
            }
            events += inbox.drain()
            let tickAt = clock.now()
            events += effects.everyPass(now: tickAt, storeFolderChanged: storeFolderChanged)
            events.append(.tick(tickAt))
            var changes: [(AppState, AppState)] = []
            for event in events {
                if screen.observesChanges {
                    program.send(event, to: &effects) { old, new in changes.append((old, new)) }
                    for (old, new) in changes { screen.changed(from: old, to: new) }
                    changes.removeAll()
                } else {
                    program.send(event, to: &effects)
                }
                if program.state.isQuitting {
                    if screen.saysStoredMarksBeforeQuitting, let signal = settleMarks() { return signal }
                    return 0
                }
            }
            effects.ringDueBells(clock.now())
            screen.present(program.state)
            passEnded = clock.now()
        }
    }

    /// Input closed (`printf ' ' | timedeck --plain`): marks still on their
    /// way to the store are waited for, a few seconds at most, and their
    /// results go through the program as usual, so what was stored is said
    /// before the goodbye. Returns an exit status if a signal came meanwhile.
    private mutating func settleMarks() -> Int32? {
        let deadline = clock.now().addingTimeInterval(3)
        // Held in the journal is safe but not yet stored: wait for the
        // number too (a busy database ends the wait at the deadline).
        while program.state.awaitsStore, clock.now() < deadline {
            var fds = [pollfd(fd: wake.readFd, events: Int16(POLLIN), revents: 0)]
            poller.poll(&fds, 50)
            if let signal = wake.drain().first(where: { SignalWatcher.watched.contains(Int32($0)) }) {
                program.shutDown(at: clock.now(), performer: &effects)
                return 128 + Int32(signal)
            }
            for event in inbox.drain() {
                var changes: [(AppState, AppState)] = []
                program.send(event, to: &effects) { old, new in changes.append((old, new)) }
                for (old, new) in changes { screen.changed(from: old, to: new) }
            }
        }
        return nil
    }

    /// Sleeps in `poll` until input, a wake byte, the next second or the
    /// first deadline (a rested call change to save, a bell, a frame).
    /// Returns whether stdin has input (or hung up), and the clock read
    /// the moment `poll` returned: a key's instant is taken before any
    /// other work (a sighting mark is only as exact as this stamp).
    /// Also whether the store's folder changed (another process wrote).
    private func waitForInput(now: Date) -> (ready: Bool, wokeAt: Date, storeFolderChanged: Bool) {
        var timeout = min(WallClock.millisecondsToNextSecond(after: now), effects.millisecondsToNextBell(now))
        if let frame = screen.wakeMilliseconds(program.state, now: now) { timeout = min(timeout, frame) }
        if let deadline = program.nextDeadline {
            timeout = min(timeout, Int32(max(1, (deadline.timeIntervalSince(now) * 1000).rounded(.up))))
        }
        var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: wake.readFd, events: Int16(POLLIN), revents: 0)]
        if let watch = effects.storeWatchDescriptor { fds.append(pollfd(fd: watch, events: Int16(POLLIN), revents: 0)) }
        poller.poll(&fds, timeout)
        let wokeAt = clock.now()
        return (fds[0].revents & Int16(POLLIN | POLLHUP) != 0, wokeAt, fds.count > 2 && fds[2].revents != 0)
    }
}
