import Foundation

/// The next state and the effects for the shell, for one event. Pure: no
/// clock, no I/O; everything it needs is in `state` and `event`.
///
/// Internal on purpose: the shell reaches it only through `Program.send`,
/// which cannot drop the effects. Tests call it directly (`@testable`).
func update(_ state: AppState, _ event: Event) -> (AppState, [Effect]) {
    var next = state
    let effects = update(&next, event)
    return (next, effects)
}

/// `update` in place, as `Program.send` runs it: a tick (every pass of the
/// loop) changes the state where it is, with no copy.
func update(_ state: inout AppState, _ event: Event) -> [Effect] {
    var effects: [Effect]
    if case .tick(let now) = event {
        effects = tick(&state, now: now)
    } else if let (handled, handledEffects) = PanelRegistry.handle(event, in: state) {
        state = handled
        effects = handledEffects
    } else {
        (state, effects) = dashboardUpdate(state, event)
    }
    PanelRegistry.reactions(to: event, in: &state)
    return effects
}

private func tick(_ state: inout AppState, now: Date) -> [Effect] {
    state.now = now
    if let notice = state.notice, now >= notice.until { state.notice = nil }
    var effects: [Effect] = []
    for panel in PanelRegistry.all { effects += panel.tick(&state) }
    return effects
}

/// The dashboard's own events (the panels' go to `PanelRegistry.handle`).
private func dashboardUpdate(_ state: AppState, _ event: Event) -> (AppState, [Effect]) {
    var next = state
    switch event {
    case .tick(let now):
        let effects = tick(&next, now: now)
        return (next, effects)
    case .storeWritesWaiting:
        next.notice = Notice(.storeWritesWaiting, isProblem: true,
                             until: state.now.addingTimeInterval(Notice.seconds))
        return (next, [])
    case .storeWritesSaved(let count):
        next.notice = Notice(.storeWritesSaved(count: count), until: state.now.addingTimeInterval(Notice.seconds))
        return (next, [])
    case .snapshotSaved(let path, let copied):
        next.notice = Notice(.snapshotSaved(path: path, copied: copied), until: state.now.addingTimeInterval(Notice.seconds))
        return (next, [])
    case .settingSaved(let path):
        next.notice = Notice(.savedTo(path: path), until: state.now.addingTimeInterval(Notice.seconds))
        return (next, [])
    case .settingNotSaved(let problem):
        next.notice = Notice(.settingNotSaved(problem), isProblem: true, until: state.now.addingTimeInterval(Notice.seconds))
        return (next, [])
    case .snapshotFailed(let problem):
        next.notice = Notice(.snapshotNotSaved(problem), isProblem: true, until: state.now.addingTimeInterval(Notice.seconds))
        return (next, [])
    case .resize(let size):
        next.screenSize = size
        return (next, [])
    case .resumedAfterStop:
        // Said by the panels whose work it concerns (`react`).
        return (next, [])
    case .key(let key, let now):
        next.now = now
        return handleKey(key, in: next)
    case .shutdown(let now):
        // A signal or closed input: whatever is waiting to be saved goes now.
        next.now = now
        return flushed(next)
    case .marks, .calls, .mars, .sights, .weather:
        // Handled by `PanelRegistry.handle` before this switch.
        return (next, [])
    }
}

/// Key scopes active in this state, most specific first.
func activeScopes(_ state: AppState) -> [KeyScope] {
    if case .help = state.overlay { return [.help] }
    if case .settings = state.overlay { return [.settings] }
    var scopes: [KeyScope] = []
    if let focus = state.focus { scopes.append(.panel(focus)) }
    scopes.append(.main)
    return scopes
}

func handleKey(_ key: Key, in state: AppState) -> (AppState, [Effect]) {
    if let captured = captureKey(key, in: state) { return captured }
    guard let action = Keymap.action(for: key, in: activeScopes(state)) else { return (state, []) }
    return perform(action, in: state)
}

func perform(_ action: Action, in state: AppState) -> (AppState, [Effect]) {
    if let performed = PanelRegistry.perform(action, in: state) { return performed }
    var next = state
    switch action {
    case .quit:
        next.isQuitting = true
        // A change made in the last moment (a call's time) is saved before leaving.
        let (saved, saves) = flushed(next)
        return (saved, saves + [.quit])
    case .showSettings:
        next.overlay = .settings(selected: 0)
    case .settingsUp, .settingsDown:
        if case .settings(let selected) = state.overlay {
            let count = SettingsOverlay.items.count
            next.overlay = .settings(selected: (selected + (action == .settingsUp ? count - 1 : 1)) % count)
        }
    case .settingsChange(let forward):
        if case .settings(let selected) = state.overlay {
            return SettingsOverlay.change(state, index: selected, forward: forward)
        }
    case .snapshot:
        let document = SnapshotDocument.make(state, size: state.screenSize)
        return (next, [.writeSnapshot(document)])
    case .showHelp:
        next.overlay = .help(scroll: 0)
    case .closeOverlay:
        next.overlay = nil
    case .scrollUp, .scrollDown, .pageUp, .pageDown:
        if case .help(let scroll) = state.overlay { next.overlay = .help(scroll: HelpOverlay.scrolled(state, from: scroll, by: action)) }
    case .tellTime:
        next.timeRequests += 1
    case .focusNext, .focusPrevious:
        next.focus = cycledFocus(state, forward: action == .focusNext)
    case .marks, .calls, .mars, .sights, .weather:
        // Performed by `PanelRegistry.perform` before this switch.
        break
    }
    return (next, [])
}

/// Every panel's pending saves, asked for at once (quit, shutdown).
func flushed(_ state: AppState) -> (AppState, [Effect]) {
    var next = state
    var effects: [Effect] = []
    for panel in PanelRegistry.all {
        let (after, requested) = panel.flush(next)
        next = after
        effects += requested
    }
    return (next, effects)
}

/// The next or previous panel on screen: an idle panel (`isIdle`) is
/// skipped, as it takes no room until it has something to show.
func cycledFocus(_ state: AppState, forward: Bool) -> PanelID? {
    let panels = shownPanels(state)
    guard !panels.isEmpty else { return nil }
    guard let focus = state.focus, let index = panels.firstIndex(of: focus) else { return panels.first }
    let count = panels.count
    return panels[(index + (forward ? 1 : count - 1)) % count]
}

/// A panel in a modal mode (typing a note, editing a call, confirming a
/// deletion) takes keys before the keymap does; the first panel in the
/// registry that returns a result wins. Keys a panel preempts (the mark
/// key, `MarkKey`) come before all of them, and before any overlay.
func captureKey(_ key: Key, in state: AppState) -> (AppState, [Effect])? {
    for panel in PanelRegistry.all {
        if let preempted = panel.preemptKey(key, in: state) { return preempted }
    }
    if state.overlay != nil { return nil }
    for panel in PanelRegistry.all {
        if let captured = panel.captureKey(key, in: state) { return captured }
    }
    return nil
}
