import Foundation
import TimeKit

/// The marks panel's pure update: actions from keys, modal keys (note,
/// clear confirmation), and events from the shell.
extension MarksPanel {
    /// Longest note, as the store enforces it.
    static let noteLimit = MarkNote.maximumCharacters

    /// Applies a key action. `state.now` is the instant the key was read: a
    /// new mark gets exactly that instant.
    static func perform(_ action: MarksAction, in state: AppState) -> (AppState, [Effect]) {
        var next = state
        var m = state.marks
        var effects: [Effect] = []
        // A message lasts until the next thing the user does (a warning
        // about the store file outlasts new marks).
        if action != .record || m.message?.outlastsMarks != true { m.message = nil }
        switch action {
        case .record:
            var mark = MarkComposer.compose(unixNanoseconds: SightingMark.unixNanoseconds(state.now), note: "",
                                            settings: state.markSettings, gps: m.gps, kernel: m.kernel)
            m.pending += 1
            if !m.keyPrefix.isEmpty {
                mark.uniqueKey = "\(m.keyPrefix)-\(m.nextKeySequence)"
                m.nextKeySequence += 1
                // Shown at once, marked as not yet saved, while the shell
                // makes it durable off the key path.
                m.insert([mark])
                m.selected = m.marks.firstIndex { $0.uniqueKey == mark.uniqueKey } ?? 0
            }
            effects = [.marks(.record(mark))]
        case .newer: m.selected = max(0, m.selected - 1)
        case .older: m.selected = min(max(0, m.marks.count - 1), m.selected + 1)
        case .pageNewer: m.selected = max(0, m.selected - pageRows(state))
        case .pageOlder: m.selected = min(max(0, m.marks.count - 1), m.selected + pageRows(state))
        case .newest: m.selected = 0
        case .oldest: m.selected = max(0, m.marks.count - 1)
        case .editNote:
            if let mark = m.selectedMark, let id = mark.id {
                m.mode = .editingNote(id: id, text: mark.note)
                m.message = nil
            } else if let mark = m.selectedMark, let key = mark.uniqueKey {
                // Safe in the journal, waiting for the database: the note
                // is journaled beside it. Not yet held (Space a moment
                // ago): the editor opens all the same, so the text typed
                // next is the note and never commands; Enter waits until
                // the mark is held.
                m.mode = .editingNote(id: nil, text: mark.note, heldKey: key)
                m.message = nil
            } else if m.selectedMark != nil {
                m.message = .init(.markNotStoredYet)
            } else {
                m.message = .init(.noMarkToAnnotate)
            }
        case .delete:
            if let id = m.selectedMark?.id {
                effects = [.marks(.delete(id: id))]
            } else if let mark = m.selectedMark, m.isHeld(mark), let key = mark.uniqueKey {
                // Waiting in the journal: its deletion is journaled after it.
                effects = [.marks(.deleteHeld(key: key))]
            } else if m.selectedMark != nil {
                m.message = .init(.markNotStoredYet)
            } else {
                m.message = .init(.noMarkToDelete)
            }
        case .undo:
            switch m.undo {
            case .delete(let mark)?: effects = [.marks(.restore([mark]))]
            case .clear(let marks)?: effects = [.marks(.restore(marks))]
            case .note(let id, let previous)?: effects = [.marks(.updateNote(id: id, note: previous))]
            case nil: m.message = .init(.nothingToUndo)
            }
            m.undo = nil
        case .clearAll:
            if m.totalCount == 0 {
                m.message = .init(.noMarksToClear)
            } else {
                m.mode = .confirmingClear(count: m.totalCount)
                m.clearAskedUnixNanoseconds = SightingMark.unixNanoseconds(state.now)
            }
        case .toggleBell:
            effects = next.changeSetting(.bell(!state.settings.bell))
            m.message = .init(.bellForNewMarks(on: next.settings.bell))
        case .toggleFlash:
            effects = next.changeSetting(.flash(!state.settings.flash))
            let held = next.settings.flash && next.settings.reducedMotion
            m.message = .init(.flashForNewMarks(on: next.settings.flash, heldOff: held))
        case .dismissNotSaved:
            m.notSaved.removeAll()
            m.lateStamps.removeAll()
        }
        next.marks = m
        return (next, effects)
    }

    /// Keys while typing a note or confirming a clear; nil when browsing.
    /// The mark key never reaches here (`MarkKey`): Space types in the note,
    /// Ctrl-Space and F12 still mark.
    static func captureKey(_ key: Key, in state: AppState) -> (AppState, [Effect])? {
        var next = state
        if key == .control("c") { return nil }  // Ctrl-C still quits, whatever is asked or typed
        switch state.marks.mode {
        case .browsing:
            return nil
        case .confirmingClear(let count):
            next.marks.mode = .browsing
            if key == .character("y") || key == .character("Y") {
                let asked = state.marks.clearAskedUnixNanoseconds ?? SightingMark.unixNanoseconds(state.now)
                return (next, [.marks(.clear(upToUnixNanoseconds: asked))])
            }
            next.marks.message = .init(.keptAllMarks(count: count))
            return (next, [])
        case .editingNote(let id, var text, let heldKey):
            switch key {
            case .enter:
                next.marks.mode = .browsing
                // A held mark may have reached SQLite while the note was typed.
                let stored = id ?? heldKey.flatMap { key in state.marks.marks.first { $0.uniqueKey == key }?.id }
                if let stored { return (next, [.marks(.updateNote(id: stored, note: text))]) }
                guard let heldKey, let mark = state.marks.marks.first(where: { $0.uniqueKey == heldKey }) else {
                    next.marks.message = .init(.noMarkToAnnotate)
                    return (next, [])
                }
                guard state.marks.isHeld(mark) else {
                    // Not in the journal yet: the note waits in the editor.
                    next.marks.mode = .editingNote(id: id, text: text, heldKey: heldKey)
                    next.marks.message = .init(.markNotStoredYet)
                    return (next, [])
                }
                return (next, [.marks(.updateHeldNote(key: heldKey, note: text, expected: mark.note))])
            case .escape:
                next.marks.mode = .browsing
                next.marks.message = .init(.noteNotChanged)
                return (next, [])
            case .backspace, .delete:
                if !text.isEmpty { text.removeLast() }
            case .character(let c):
                if text.count < noteLimit {
                    text.append(c)
                } else {
                    next.marks.message = .init(.notesAreAtMost(characters: noteLimit), isError: true)
                }
            default:
                break
            }
            next.marks.mode = .editingNote(id: id, text: text, heldKey: heldKey)
            return (next, [])
        }
    }


    /// The first confirmation that a new mark is safe (in the journal, or
    /// straight in SQLite): select it, flash it, ring the double bell.
    static func acknowledge(_ mark: SightingMark, in m: inout MarksPanelState, state: AppState) -> [Effect] {
        m.pending = max(0, m.pending - 1)
        if mark.id != nil || !m.marks.contains(where: { $0.uniqueKey != nil && $0.uniqueKey == mark.uniqueKey }) {
            m.insert([mark])
        }
        m.selected = m.marks.firstIndex { mark.uniqueKey != nil ? $0.uniqueKey == mark.uniqueKey : $0.id == mark.id } ?? 0
        if state.marksFlash {
            m.flashKey = MarksPanelState.flashKey(of: mark)
            m.flashUntil = state.now.addingTimeInterval(MarksPanelState.flashSeconds)
        }
        if m.message?.outlastsMarks != true { m.message = nil }
        return state.settings.bell ? [.bell(times: 2)] : []
    }

    /// Results from the store and observations from the shell.
    static func handle(_ event: MarksEvent, in state: AppState) -> (AppState, [Effect]) {
        var next = state
        var m = state.marks
        var effects: [Effect] = []
        switch event {
        case .held(let mark):
            guard let key = mark.uniqueKey, !m.heldKeys.contains(key) else { break }
            let ours = m.marks.contains { $0.id == nil && $0.uniqueKey == key }
            m.heldKeys.insert(key)
            if ours {
                effects = acknowledge(mark, in: &m, state: state)
            } else {
                // Left in the journal by an earlier run or another process.
                m.insert([mark])
            }
        case .recorded(let mark):
            let key = mark.uniqueKey
            let wasHeld = key.map(m.heldKeys.contains) ?? false
            let selectedMark = m.selectedMark
            // Ours and waiting for this answer; else (a journal entry left
            // by another process, imported here) it is simply listed.
            let awaited = m.keyPrefix.isEmpty || m.marks.contains { $0.id == nil && $0.uniqueKey == key }
            if let key { m.heldKeys.remove(key) }
            if wasHeld || !awaited {
                m.insert([mark])
                // Already acknowledged when it reached the journal: keep the
                // selection where it was.
                if let selectedMark {
                    m.selected = m.marks.firstIndex { other in
                        if let key = selectedMark.uniqueKey { return other.uniqueKey == key }
                        return other.id != nil && other.id == selectedMark.id
                    } ?? m.selected
                }
                if m.waitingReason != nil, m.unstored.isEmpty {
                    m.waitingReason = nil
                    m.message = .init(.heldMarksStored)
                }
            } else {
                effects = acknowledge(mark, in: &m, state: state)
            }
        case .storeWaiting(let reason):
            m.waitingReason = reason
            let held = m.unstored.filter(m.isHeld)
            // The store-file warning already says why marks are held.
            if let newest = held.first, m.message?.outlastsMarks != true {
                m.message = .init(.heldInJournal(markTime: newest.markTimeText, more: held.count - 1,
                                                 reason: reason))
            }
        case let .storeFileChanged(deleted, path):
            m.message = .init(.storeFileChanged(deleted: deleted, path: path), isError: true, outlastsMarks: true)
        case let .journalQuarantined(count, path):
            m.message = .init(.journalLinesQuarantined(count: count, path: path), isError: true)
        case .recordFailed(let mark, let reason):
            m.pending = max(0, m.pending - 1)
            if let key = mark.uniqueKey, let i = m.marks.firstIndex(where: { $0.id == nil && $0.uniqueKey == key }) {
                m.marks.remove(at: i)
                m.totalCount = max(0, m.totalCount - 1)
                m.selected = min(m.selected, max(0, m.marks.count - 1))
            }
            m.message = .init(.markNotSaved(reason: reason, markTime: mark.markTimeText, iso: mark.isoText),
                              isError: true)
            m.notSaved.append(NotSavedMark(markTime: mark.markTimeText, iso: mark.isoText, reason: reason))
            effects = [.bell(times: 3)]
        case .noteSaved(let mark, let previous):
            if let i = m.marks.firstIndex(where: { $0.id == mark.id }) { m.marks[i] = mark }
            m.undo = .note(id: mark.id ?? 0, previous: previous)
            m.message = .init(.noteSaved(id: mark.id ?? 0))
        case .heldDeleted(let key):
            guard let mark = m.marks.first(where: { $0.id == nil && $0.uniqueKey == key }) else { break }
            m.marks.removeAll { $0.id == nil && $0.uniqueKey == key }
            m.heldKeys.remove(key)
            m.totalCount = max(0, m.totalCount - 1)
            m.selected = min(m.selected, max(0, m.marks.count - 1))
            // Undo journals the mark again (`.restore` of a mark without an id).
            m.undo = .delete(mark)
            m.message = .init(.markDeleted(id: nil, markTime: mark.markTimeText))
        case let .noteJournaled(key, note):
            for i in m.marks.indices where m.marks[i].uniqueKey == key { m.marks[i].note = note }
            // No undo: the mark has no number to undo it on yet.
            m.undo = nil
            m.message = .init(.noteJournaled)
        case .deleted(let mark):
            m.marks.removeAll { $0.id == mark.id }
            m.totalCount = max(0, m.totalCount - 1)
            m.selected = min(m.selected, max(0, m.marks.count - 1))
            m.undo = .delete(mark)
            m.message = .init(.markDeleted(id: mark.id ?? 0, markTime: mark.markTimeText))
        case .restored(let marks):
            m.insert(marks)
            // One mark: select it where it lands; a whole clear: the newest.
            if marks.count == 1, let only = marks.first { m.selected = m.marks.firstIndex { $0.id == only.id } ?? 0 } else { m.selected = 0 }
            m.message = .init(marks.count == 1 ? .markRestored(id: marks[0].id ?? 0) : .marksRestored(count: marks.count))
        case .cleared(let marks):
            // Only what was asked about went; a mark made since stays.
            let gone = Set(marks.compactMap(\.uniqueKey))
            let goneIDs = Set(marks.compactMap(\.id))
            m.marks.removeAll { mark in mark.id.map(goneIDs.contains) ?? mark.uniqueKey.map(gone.contains) ?? false }
            m.totalCount = max(m.marks.count, m.totalCount - marks.count)
            m.selected = 0
            m.undo = .clear(marks)
            m.message = .init(.marksCleared(count: marks.count))
        case .reloaded(let marks, let total):
            let selectedID = m.selectedMark?.id
            // Marks not yet in SQLite stay on screen until they are.
            let storedKeys = Set(marks.compactMap(\.uniqueKey))
            let keep = m.unstored.filter { !storedKeys.contains($0.uniqueKey ?? "") }
            m.heldKeys = m.heldKeys.intersection(keep.compactMap(\.uniqueKey))
            m.marks = MarkList(sorting: marks + keep)
            m.totalCount = max(total, marks.count) + keep.count
            m.selected = m.marks.firstIndex { $0.id == selectedID } ?? min(m.selected, max(0, m.marks.count - 1))
        case .storeFailed(let reason):
            // A reload that finds the replaced file unreadable says nothing
            // the store-file warning does not already say.
            if m.message?.outlastsMarks != true {
                m.message = .init(.storeError(reason), isError: true)
            }
        case .clock(let kernel):
            m.kernel = kernel
        case .gps(let snapshot):
            m.gps = snapshot
        case let .teamLink(online, toSend):
            m.team?.online = online
            m.team?.toSend = toSend
        case .teamRefused(let count):
            m.team?.refused = count
        case let .teamStationShared(otherMarks, example):
            m.team?.sharedMarks = otherMarks
            m.team?.sharedExample = example
        case .teamMarks(let marks):
            m.team?.others = Array(marks.sorted { MarksPanelState.newestFirst($0.mark, $1.mark) }
                .prefix(MarksPanelState.TeamView.shownLimit))
            m.team?.othersLoaded = true
        }
        next.marks = m
        return (next, effects)
    }

    /// The process was stopped and continued at `at`: marks whose key was
    /// read as it went on are flagged, as their stamp is later than the key
    /// (issue 20). Listed until dismissed (a message would be replaced as
    /// the mark is held and stored a moment later).
    static func noteResumed(at: Date, stoppedSeconds: Double, in state: AppState) -> AppState {
        var next = state
        let late = next.marks.marks.filter { $0.unixNanoseconds >= SightingMark.unixNanoseconds(at) - 50_000_000 }
        if let newest = late.first {
            next.marks.lateStamps.append(state.language.text(.stampedAfterStop(markTime: newest.markTimeText, count: late.count,
                                                                               seconds: Int(stoppedSeconds.rounded(.up)))))
        }
        return next
    }
}
