import Dashboard
import Foundation
import Synchronization
import TimeStore

/// Tells the run loop when something in the store's folder was written
/// (inotify): another process's commit writes the `-wal` file, a checkpoint
/// the database file, a new store creates them. The run loop polls `fd`
/// beside stdin, so an idle dashboard needs no periodic look for other
/// writers at all: it wakes for the clock, and when the folder changes.
///
/// The folder may not exist yet (a new machine: the first write creates
/// it). Then its nearest existing ancestor is watched for new entries on
/// the same descriptor, and `attachIfPossible` is due again only when one
/// appears (`attachDue`): an idle clock on a new machine makes no path
/// lookup every second. Without inotify (`fd` < 0, e.g. the per-user
/// watch limit reached) the caller falls back to a look on every tick.
final class StoreFolderWatch {
    let fd: Int32
    private let folder: String
    private let prefix: String
    private(set) var attached = false
    /// The ancestor watched while the folder is missing, and its watch.
    private(set) var watchedAncestor: String?
    private var ancestorWatch: Int32 = -1
    private var folderWatch: Int32 = -1
    /// Something appeared in the watched ancestor (or the folder's watch
    /// went away): `attachIfPossible` should be tried.
    private(set) var attachDue = false

    /// Watches the folder of `databasePath` for changes to files whose
    /// names start with the database's file name.
    init(databasePath: String) {
        let url = URL(fileURLWithPath: databasePath)
        folder = url.deletingLastPathComponent().path
        prefix = url.lastPathComponent
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        attachIfPossible()
    }

    deinit {
        if fd >= 0 { close(fd) }
    }

    var isAvailable: Bool { fd >= 0 }

    /// Adds the watch once the folder exists; true when it was added now
    /// (then a look is due: the store may have appeared before the watch).
    /// While the folder is missing, watches its nearest existing ancestor
    /// instead, and is due again when that ancestor gains an entry.
    @discardableResult
    func attachIfPossible() -> Bool {
        guard fd >= 0, !attached else { return false }
        attachDue = false
        let mask = UInt32(IN_MODIFY | IN_CREATE | IN_MOVED_TO | IN_DELETE | IN_CLOSE_WRITE)
        // Missing (or not readable): watch the nearest ancestor that exists,
        // then look again, for a folder (or a deeper ancestor) made between
        // the calls; the ancestor's watch tells of anything made after.
        while true {
            let wd = inotify_add_watch(fd, folder, mask)
            if wd >= 0 { return attachedNow(wd) }
            let ancestor = Self.nearestExistingAncestor(of: folder)
            if ancestor == watchedAncestor { return false }
            dropAncestorWatch()
            let ancestorWd = inotify_add_watch(fd, ancestor, UInt32(IN_CREATE | IN_MOVED_TO | IN_ONLYDIR))
            guard ancestorWd >= 0 else {
                // Nothing could be watched: try again at every pass.
                attachDue = true
                return false
            }
            ancestorWatch = ancestorWd
            watchedAncestor = ancestor
        }
    }

    static func nearestExistingAncestor(of path: String) -> String {
        var ancestor = (path as NSString).deletingLastPathComponent
        while !ancestor.isEmpty, ancestor != "/", access(ancestor, F_OK) != 0 {
            ancestor = (ancestor as NSString).deletingLastPathComponent
        }
        return ancestor.isEmpty ? "/" : ancestor
    }

    private func attachedNow(_ wd: Int32) -> Bool {
        attached = true
        folderWatch = wd
        dropAncestorWatch()
        return true
    }

    private func dropAncestorWatch() {
        if ancestorWatch >= 0 { inotify_rm_watch(fd, ancestorWatch) }
        ancestorWatch = -1
        watchedAncestor = nil
    }

    /// Reads every pending event; true when one names a store file. An
    /// entry new in the watched ancestor, or the folder's own watch gone
    /// (the folder removed), makes `attachDue`.
    func drain() -> Bool {
        guard fd >= 0 else { return false }
        var relevant = false
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            var offset = 0
            // struct inotify_event { int wd; uint32 mask, cookie, len; char name[len]; }
            while offset + 16 <= n {
                let wd = buffer[offset..<(offset + 4)].withUnsafeBytes { $0.loadUnaligned(as: Int32.self) }
                let length = buffer[(offset + 12)..<(offset + 16)].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
                let mask = buffer[(offset + 4)..<(offset + 8)].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
                let nameBytes = buffer[(offset + 16)..<min(n, offset + 16 + Int(length))].prefix { $0 != 0 }
                if wd == folderWatch, attached {
                    if mask & UInt32(IN_IGNORED) != 0 { attached = false; attachDue = true }
                    if String(decoding: nameBytes, as: UTF8.self).hasPrefix(prefix) { relevant = true }
                } else if wd == ancestorWatch, ancestorWatch >= 0 {
                    if mask & UInt32(IN_IGNORED) != 0 { ancestorWatch = -1; watchedAncestor = nil }
                    attachDue = true
                }
                // Anything else is the end of a watch given up (IN_IGNORED).
                offset += 16 + Int(length)
            }
        }
        return relevant
    }
}

/// The look for other writers, run on the store queue: one at a time (a
/// burst of folder events asks once), and asked again at the next pass when
/// the database was too busy to tell.
final class StoreLook: Sendable {
    private let state = Mutex<(pending: Bool, retry: Bool)>((false, false))

    /// True once after a look that could not tell (then it is asked again).
    func retryDue() -> Bool {
        state.withLock { value in
            defer { value.retry = false }
            return value.retry && !value.pending
        }
    }

    /// Asks the store queue to look; on a change, each panel service's
    /// `rereads` job runs there (`PanelService.rereadAfterChangeElsewhere`).
    func request(store: StoreHandle, queue: StoreQueue, rereads: [@Sendable () -> [Event]]) {
        let already = state.withLock { value -> Bool in
            defer { value.pending = true }
            return value.pending
        }
        if already { return }
        queue.submit("look for changes by another process") { [self] in
            // A file deleted or replaced under the open store is a change
            // too (the marks worker then reopens and says so).
            let changed = store.fileChange() != nil ? true : store.changedElsewhere()
            state.withLock { $0 = (pending: false, retry: changed == nil) }
            guard changed == true else { return [] }
            return rereads.flatMap { $0() }
        }
    }
}
