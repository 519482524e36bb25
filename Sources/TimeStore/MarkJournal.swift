import Foundation
import GRDB
import TimeKit

/// An append-only file of marks that are durable but not yet in SQLite,
/// beside the database (`timedeck.sqlite.pending-marks`), and of notes typed
/// for such marks before they got there (`appendNote`).
///
/// A mark is appended (one JSON line, then `fsync` of the file and, when the
/// file is new, of its folder) before the screen may call it saved, so a
/// sight is safe even while another process holds the database's write lock.
/// `importPending(into:)` moves the entries into SQLite (idempotently, by
/// `SightingMark.uniqueKey`) and only after that commit removes them from
/// the file. Every process serialises on `flock` of the file; an importer
/// that rewrites it renames a new file into place, so lockers check that
/// the file they locked is still the one at `path`.
public struct MarkJournal: Sendable {
    /// Format version written in every line (`"v":1`).
    public static let version = 1
    /// The journal's name is the database's plus this suffix. Not SQLite's
    /// own `-journal`, which names its rollback journal.
    public static let suffix = ".pending-marks"

    public let path: String

    public init(path: String) { self.path = path }

    /// The journal beside the database file at `databasePath`.
    public init(databasePath: String) { path = databasePath + Self.suffix }

    /// The journal beside `database`, or nil for an in-memory database.
    public static func beside(_ database: AppDatabase) -> MarkJournal? {
        database.path.map { MarkJournal(databasePath: $0) }
    }

    /// Appends `marks` (each must carry a `uniqueKey`) and returns once they
    /// are on disk: the file is fsynced and, if this call created it, so is
    /// its folder. Throws `JournalError` (disk full, no permission).
    public func append(_ marks: [SightingMark]) throws {
        guard !marks.isEmpty else { return }
        var bytes = Data()
        for mark in marks { bytes.append(try Self.line(for: mark)) }
        try appendLines(bytes)
    }

    /// Appends whole lines under the lock, then fsyncs (and the folder when
    /// the file is new).
    func appendLines(_ lines: Data) throws {
        var bytes = lines
        guard let locked = try openLocked(create: true) else { throw JournalError(path: path, action: "open", errno: ENOENT) }
        defer { unlockAndClose(locked.fd) }
        // A crash in the middle of an earlier append can leave a line without
        // its newline: start on a fresh line so this entry stays readable.
        var info = stat()
        guard fstat(locked.fd, &info) == 0 else { throw JournalError(path: path, action: "stat", errno: errno) }
        if info.st_size > 0 {
            var last: UInt8 = 0
            if pread(locked.fd, &last, 1, off_t(info.st_size - 1)) == 1, last != UInt8(ascii: "\n") {
                bytes.insert(UInt8(ascii: "\n"), at: 0)
            }
        }
        try writeAll(locked.fd, bytes)
        guard fsync(locked.fd) == 0 else { throw JournalError(path: path, action: "fsync", errno: errno) }
        if locked.created { try syncFolder() }
    }

    /// Appends a note for the mark with `key` — typed while that mark was
    /// still held here, waiting for the database — and returns once it is on
    /// disk. On import it replaces the mark's note only if the note is still
    /// `expected` (what it was when the user began typing), so an import
    /// that comes late never undoes a later edit.
    public func appendNote(key: String, note: String, expected: String) throws {
        _ = try MarkNote.validated(note)
        try appendLines(try Self.encodedLine(NoteEntry(v: Self.version, op: NoteEntry.operation, key: key, note: note,
                                                       expected: expected)))
    }

    /// A note for stored mark `id` while `database` is busy (another process
    /// holds its write lock; reading still works in WAL mode): journaled by
    /// the mark's key with its current note as `expected`. Returns the mark
    /// as it was, or nil when there is no such mark or it has no key (then
    /// the caller reports the busy database).
    public func appendNote(forStoredMark id: Int64, in database: AppDatabase, note: String) throws -> SightingMark? {
        guard let stored = try? database.mark(id: id), let key = stored.uniqueKey else { return nil }
        try appendNote(key: key, note: note, expected: stored.note)
        return stored
    }

    /// Appends the deletion of the held mark with `key` and returns once it
    /// is on disk. On import the mark is stored and deleted in the same
    /// transaction (so the team log sees both), or deleted if it got there
    /// earlier; the mark appended again later (undo) comes back.
    public func appendDelete(key: String) throws {
        try appendLines(try Self.encodedLine(DeleteEntry(v: Self.version, op: DeleteEntry.operation, key: key)))
    }

    /// The marks in the journal, oldest first, each with the last note
    /// journaled for it (a mark deleted here is left out). A last line without its newline (a crash
    /// mid-append, never acknowledged) and lines that do not parse are
    /// skipped.
    public func pending() throws -> [SightingMark] {
        guard let locked = try openLocked(create: false) else { return [] }
        defer { unlockAndClose(locked.fd) }
        var marks: [SightingMark] = []
        for item in Self.parseItems(try readAll(locked.fd)) {
            switch item {
            case .mark(let mark): marks.append(mark)
            case .note(let key, let note, let expected):
                if let i = marks.lastIndex(where: { $0.uniqueKey == key }), marks[i].note == expected { marks[i].note = note }
            case .delete(let key):
                marks.removeAll { $0.uniqueKey == key }
            }
        }
        return marks
    }

    /// Stores every journal entry in `database` (one transaction; entries
    /// already stored, by `uniqueKey`, are not stored twice), then removes
    /// the imported lines from the journal. Returns the stored marks, with
    /// their ids. If the commit fails (database busy, disk full), the journal
    /// is left untouched and the error is thrown; entries appended meanwhile
    /// by another process stay for the next import.
    ///
    /// Lines are judged one by one (issue 20): a line that cannot be
    /// imported (damaged, not UTF-8, a note too long, refused by the
    /// database) is moved to the quarantine file beside the journal with its
    /// reason and reported once through `onQuarantine`; it never blocks the
    /// lines after it. A newer version's line stays in the journal for the
    /// newer program.
    @discardableResult
    public func importPending(into database: AppDatabase, busyTimeout: TimeInterval? = nil,
                              onQuarantine: (QuarantinedLine) -> Void = { _ in }) throws -> [SightingMark] {
        let snapshot: Data
        do {
            guard let locked = try openLocked(create: false) else { return [] }
            defer { unlockAndClose(locked.fd) }
            snapshot = try readAll(locked.fd)
        }
        guard !snapshot.isEmpty else { return [] }
        var items: [(item: Item, line: Data)] = []
        var keep = Data()
        var rejected: [QuarantinedLine] = []
        for line in Self.completeLines(snapshot) {
            switch Self.verdict(line) {
            case .item(let item): items.append((item, line))
            case .newer: keep.append(line); keep.append(UInt8(ascii: "\n"))
            case .unreadable(let reason): rejected.append(QuarantinedLine(reason: reason, line: line))
            }
        }
        let stored = try record(items, into: database, busyTimeout: busyTimeout, rejecting: &rejected)
        // The quarantine is on disk before the lines leave the journal.
        try quarantine(rejected)
        if keep.isEmpty {
            try removePrefix(snapshot)
        } else if keep != snapshot {
            // Only a newer program's lines left: the file is already that.
            try removePrefix(snapshot, keeping: keep)
        }
        rejected.forEach(onQuarantine)
        return stored
    }

    /// All items in one transaction; if the database refuses that for an
    /// item's sake (a constraint, a note too long), each alone, in order, so
    /// the refused ones are found and added to `rejecting`. A busy, full or
    /// read-only database is thrown as is: nothing is quarantined for it.
    func record(_ items: [(item: Item, line: Data)], into database: AppDatabase, busyTimeout: TimeInterval?,
                rejecting rejected: inout [QuarantinedLine]) throws -> [SightingMark] {
        guard !items.isEmpty else { return [] }
        do {
            return try database.recordJournal(items.map(\.item), busyTimeout: busyTimeout)
        } catch where Self.isRefusal(error) {
            var stored: [SightingMark] = []
            for (item, line) in items {
                do {
                    for mark in try database.recordJournal([item], busyTimeout: busyTimeout) {
                        stored.removeAll { $0.id == mark.id }
                        stored.append(mark)
                    }
                    if case .delete(let key) = item { stored.removeAll { $0.uniqueKey == key } }
                } catch where Self.isRefusal(error) {
                    rejected.append(QuarantinedLine(reason: "the database refused it: \(AppDatabase.shortReason(error))", line: line))
                }
            }
            return stored
        }
    }

    /// An error that is about the entry itself (not the database's state).
    static func isRefusal(_ error: any Error) -> Bool {
        if error is MarkNote.TooLong { return true }
        guard let error = error as? DatabaseError else { return false }
        return [.SQLITE_CONSTRAINT, .SQLITE_MISMATCH, .SQLITE_TOOBIG, .SQLITE_RANGE].contains(error.resultCode)
    }

    /// Drops the first `snapshot.count` bytes of the journal if they are
    /// still exactly `snapshot` (another importer may have got there first).
    /// `keeping` (lines for a newer program) takes the prefix's place.
    func removePrefix(_ snapshot: Data, keeping: Data = Data()) throws {
        guard let locked = try openLocked(create: false) else { return }
        defer { unlockAndClose(locked.fd) }
        let current = try readAll(locked.fd)
        guard current.count >= snapshot.count, current.prefix(snapshot.count) == snapshot else { return }
        let rest = keeping + current.dropFirst(snapshot.count)
        if rest.isEmpty {
            // Emptied in place, never unlinked: an appender waiting for the
            // lock on this file would otherwise write into a deleted file.
            guard ftruncate(locked.fd, 0) == 0 else { throw JournalError(path: path, action: "truncate", errno: errno) }
            guard fsync(locked.fd) == 0 else { throw JournalError(path: path, action: "fsync", errno: errno) }
            return
        }
        // Entries appended after the snapshot: a new file with only those,
        // renamed into place (atomic: a crash leaves the old file, whose
        // entries import again harmlessly, or the new one).
        let temporary = path + ".tmp"
        let fd = Glibc.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw JournalError(path: temporary, action: "create", errno: errno) }
        do {
            defer { close(fd) }
            try writeAll(fd, Data(rest))
            guard fsync(fd) == 0 else { throw JournalError(path: temporary, action: "fsync", errno: errno) }
        }
        guard rename(temporary, path) == 0 else { throw JournalError(path: path, action: "replace", errno: errno) }
        try syncFolder()
    }

    // MARK: - Lines

    /// One journal line: a JSON object and a newline.
    static func line(for mark: SightingMark) throws -> Data {
        guard mark.uniqueKey != nil else { throw JournalError(path: "", action: "write a mark without a key to", errno: EINVAL) }
        return try encodedLine(Entry(mark))
    }

    /// Any journal line: sorted keys, then a newline.
    static func encodedLine(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(value)
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// The marks in the complete lines of `data` that parse, in order.
    static func parse(_ data: Data) -> [SightingMark] {
        parseItems(data).compactMap { if case .mark(let mark) = $0 { mark } else { nil } }
    }

    /// What one journal line holds: a mark, a note for a held mark, or its
    /// deletion.
    public enum Item: Equatable, Sendable {
        case mark(SightingMark)
        case note(key: String, note: String, expected: String)
        case delete(key: String)
    }

    /// The complete lines of `data` that parse, in order. A note line has
    /// `"op":"note"`; a build from before notes were journaled cannot read
    /// it as a mark (no instant) and skips it.
    static func parseItems(_ data: Data) -> [Item] {
        completeLines(data).compactMap { line in
            if case .item(let item) = verdict(line) { item } else { nil }
        }
    }

    /// The lines of `data` that end with a newline; the part after the last
    /// newline is a torn append (never acknowledged) or nothing.
    static func completeLines(_ data: Data) -> [Data] {
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        lines.removeLast()
        return lines.filter { !$0.isEmpty }.map { Data($0) }
    }

    /// What one line is worth: an item to import, a newer program's line
    /// to keep, or a line that cannot be imported, with the reason.
    enum Verdict: Equatable {
        case item(Item)
        case newer(version: Int)
        case unreadable(String)
    }

    /// The version and operation every line has.
    struct Header: Decodable {
        var v: Int?
        var op: String?
    }

    /// Why `note` cannot be stored ("note is 201 characters long…"), or nil.
    static func noteProblem(_ note: String) -> String? {
        do {
            _ = try MarkNote.validated(note)
            return nil
        } catch {
            return "\(error)"
        }
    }

    static func verdict(_ bytes: Data) -> Verdict {
        let decoder = JSONDecoder()
        // Marks first: nearly every line is one (a note or delete line has
        // no instant, so it never decodes as a mark).
        if let entry = try? decoder.decode(Entry.self, from: bytes) {
            guard entry.v <= version else { return .newer(version: entry.v) }
            guard entry.v == version else { return .unreadable("version \(entry.v) is not one timedeck writes") }
            guard let mark = entry.mark else { return .unreadable("a mark without its key") }
            if let tooLong = noteProblem(mark.note) { return .unreadable(tooLong) }
            return .item(.mark(mark))
        }
        guard String(validating: bytes, as: UTF8.self) != nil else { return .unreadable("not valid UTF-8 (a damaged line)") }
        guard let header = try? decoder.decode(Header.self, from: bytes) else {
            return .unreadable("not a journal entry (not a JSON object; a damaged or foreign line)")
        }
        guard let v = header.v else { return .unreadable("a JSON line without a version (\"v\")") }
        if v > version { return .newer(version: v) }
        guard v == version else { return .unreadable("version \(v) is not one timedeck writes") }
        switch header.op {
        case NoteEntry.operation?:
            guard let note = try? decoder.decode(NoteEntry.self, from: bytes), !note.key.isEmpty else {
                return .unreadable("a note entry with fields missing")
            }
            if let tooLong = noteProblem(note.note) { return .unreadable(tooLong) }
            return .item(.note(key: note.key, note: note.note, expected: note.expected))
        case DeleteEntry.operation?:
            guard let delete = try? decoder.decode(DeleteEntry.self, from: bytes), !delete.key.isEmpty else {
                return .unreadable("a delete entry with fields missing")
            }
            return .item(.delete(key: delete.key))
        case nil:
            return .unreadable("a mark entry with fields missing or of the wrong type")
        case let other?:
            return .unreadable("an unknown operation \"\(other)\"")
        }
    }

    /// The JSON shape of a delete line.
    struct DeleteEntry: Codable {
        static let operation = "delete"
        var v: Int
        var op: String
        var key: String
    }

    /// The JSON shape of a note line.
    struct NoteEntry: Codable {
        static let operation = "note"
        var v: Int
        var op: String
        var key: String
        var note: String
        var expected: String
    }

    /// The JSON shape of a line: every column of `sightingMark` but the id.
    struct Entry: Codable {
        var v: Int
        var key: String
        var unixNanoseconds: Int64
        var correctionNanoseconds: Int64
        var note: String
        var positionSource: String
        var latitude: Double?
        var longitude: Double?
        var fixUnixNanoseconds: Int64?
        var fixMode: Int?
        var fixAgeMilliseconds: Int64?
        var clockSynchronized: Bool?
        var clockEstimatedErrorMicroseconds: Int64?
        var clockMaximumErrorMicroseconds: Int64?
        var gpsOffsetNanoseconds: Int64?
        var gpsOffsetMethod: String?

        init(_ mark: SightingMark) {
            v = MarkJournal.version
            key = mark.uniqueKey ?? ""
            unixNanoseconds = mark.unixNanoseconds
            correctionNanoseconds = mark.correctionNanoseconds
            note = mark.note
            positionSource = mark.position.source.rawValue
            latitude = mark.position.coordinate?.latitudeDegrees
            longitude = mark.position.coordinate?.longitudeDegrees
            fixUnixNanoseconds = mark.position.fixUnixNanoseconds
            fixMode = mark.position.fixMode
            fixAgeMilliseconds = mark.position.fixAgeMilliseconds
            clockSynchronized = mark.clock.kernel?.synchronized
            clockEstimatedErrorMicroseconds = mark.clock.kernel?.estimatedErrorMicroseconds
            clockMaximumErrorMicroseconds = mark.clock.kernel?.maximumErrorMicroseconds
            gpsOffsetNanoseconds = mark.clock.gpsOffset?.nanoseconds
            gpsOffsetMethod = mark.clock.gpsOffset?.method.rawValue
        }

        var mark: SightingMark? {
            guard !key.isEmpty else { return nil }
            var coordinate: GeoPosition?
            if let latitude, let longitude {
                coordinate = try? GeoPosition(latitudeDegrees: latitude, longitudeDegrees: longitude)
            }
            let kernel = clockSynchronized.map {
                ClockStatus.Kernel(synchronized: $0, estimatedErrorMicroseconds: clockEstimatedErrorMicroseconds ?? 0,
                                   maximumErrorMicroseconds: clockMaximumErrorMicroseconds ?? 0)
            }
            var gps: ClockStatus.GPSOffset?
            if let gpsOffsetNanoseconds, let method = ClockStatus.OffsetMethod(rawValue: gpsOffsetMethod ?? "") {
                gps = ClockStatus.GPSOffset(nanoseconds: gpsOffsetNanoseconds, method: method)
            }
            return SightingMark(
                unixNanoseconds: unixNanoseconds, correctionNanoseconds: correctionNanoseconds, note: note,
                position: MarkPosition(source: PositionSource(rawValue: positionSource) ?? .none, coordinate: coordinate,
                                       fixUnixNanoseconds: fixUnixNanoseconds, fixMode: fixMode,
                                       fixAgeMilliseconds: fixAgeMilliseconds),
                clock: ClockStatus(kernel: kernel, gpsOffset: gps),
                uniqueKey: key)
        }
    }

    // MARK: - Quarantine

    /// Lines that could not be imported go to the journal's name plus this
    /// (`timedeck.sqlite.pending-marks.rejected`), one JSON object a line.
    public static let quarantineSuffix = ".rejected"

    public var quarantinePath: String { path + Self.quarantineSuffix }

    /// A journal line moved to the quarantine, and why.
    public struct QuarantinedLine: Equatable, Sendable, CustomStringConvertible {
        public var reason: String
        public var line: Data

        public var description: String { reason }
    }

    /// The JSON shape of a quarantine line: the reason, when, and the line
    /// as text (or base64 when it is not UTF-8).
    struct QuarantineEntry: Encodable {
        var reason: String
        var quarantinedUnixMilliseconds: Int64
        var line: String?
        var lineBase64: String?
    }

    /// Appends `lines` to the quarantine file (0600) and fsyncs it.
    func quarantine(_ lines: [QuarantinedLine]) throws {
        guard !lines.isEmpty else { return }
        var bytes = Data()
        let now = Int64((Date().timeIntervalSince1970 * 1000).rounded())
        for rejected in lines {
            let text = String(validating: rejected.line, as: UTF8.self)
            bytes.append(try Self.encodedLine(QuarantineEntry(reason: rejected.reason, quarantinedUnixMilliseconds: now, line: text,
                                                              lineBase64: text == nil ? rejected.line.base64EncodedString() : nil)))
        }
        let existed = access(quarantinePath, F_OK) == 0
        let fd = Glibc.open(quarantinePath, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw JournalError(path: quarantinePath, action: "open", errno: errno) }
        defer { close(fd) }
        try writeAll(fd, bytes)
        guard fsync(fd) == 0 else { throw JournalError(path: quarantinePath, action: "fsync", errno: errno) }
        if !existed { try syncFolder() }
    }

    // MARK: - File access

    /// Opens the journal and takes its exclusive `flock`, retrying if an
    /// importer replaced the file meanwhile. Nil when it does not exist and
    /// `create` is false.
    func openLocked(create: Bool) throws -> (fd: Int32, created: Bool)? {
        for _ in 0..<100 {
            var created = false
            var fd = Glibc.open(path, O_RDWR | O_APPEND | O_CLOEXEC)
            if fd < 0, errno == ENOENT {
                guard create else { return nil }
                fd = Glibc.open(path, O_RDWR | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
                if fd < 0, errno == EEXIST { continue }
                if fd >= 0 {
                    created = true
                    fchmod(fd, 0o600)
                }
            }
            guard fd >= 0 else { throw JournalError(path: path, action: "open", errno: errno) }
            while flock(fd, LOCK_EX) != 0 {
                if errno != EINTR {
                    let code = errno
                    close(fd)
                    throw JournalError(path: path, action: "lock", errno: code)
                }
            }
            var mine = stat(), current = stat()
            if fstat(fd, &mine) == 0, stat(path, &current) == 0, mine.st_ino == current.st_ino, mine.st_dev == current.st_dev {
                return (fd, created)
            }
            unlockAndClose(fd)
        }
        throw JournalError(path: path, action: "lock", errno: EAGAIN)
    }

    func unlockAndClose(_ fd: Int32) {
        flock(fd, LOCK_UN)
        close(fd)
    }

    func readAll(_ fd: Int32) throws -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var offset: off_t = 0
        while true {
            let n = pread(fd, &buffer, buffer.count, offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw JournalError(path: path, action: "read", errno: errno)
            }
            if n == 0 { return data }
            data.append(contentsOf: buffer[0..<n])
            offset += off_t(n)
        }
    }

    func writeAll(_ fd: Int32, _ data: Data) throws {
        try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            guard let base = raw.baseAddress else { return }
            var written = 0
            while written < raw.count {
                let n = Glibc.write(fd, base + written, raw.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw JournalError(path: path, action: "write", errno: errno)
                }
                written += n
            }
        }
    }

    /// fsync of the folder, so a new (or renamed) journal's directory entry
    /// survives a power cut too.
    func syncFolder() throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let fd = Glibc.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw JournalError(path: folder, action: "open folder", errno: errno) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw JournalError(path: folder, action: "fsync folder", errno: errno) }
    }
}

/// A journal operation failed: which file, what was being done, and the
/// system's reason (`No space left on device`, `Permission denied`).
public struct JournalError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var action: String
    public var errno: Int32

    public init(path: String, action: String, errno: Int32) {
        self.path = path
        self.action = action
        self.errno = errno
    }

    public var description: String {
        "cannot \(action) the marks journal \(path): \(String(cString: strerror(errno)).lowercased())"
    }
}

extension AppDatabase {
    /// Whether `error` means another connection holds the lock (SQLITE_BUSY
    /// or SQLITE_LOCKED): worth trying again shortly, unlike a full disk or
    /// a read-only file.
    public static func isBusy(_ error: any Error) -> Bool {
        if case .locked? = error as? StoreError { return true }
        guard let error = error as? DatabaseError else { return false }
        return error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
    }
}

extension AppDatabase {
    /// A short reason for a panel line: "DB busy", or SQLite's own message
    /// without the statement that failed.
    public static func shortReason(_ error: any Error) -> String {
        if isBusy(error) { return "DB busy" }
        if let error = error as? DatabaseError { return error.message ?? "SQLite error \(error.resultCode.rawValue)" }
        return String(describing: error)
    }
}
