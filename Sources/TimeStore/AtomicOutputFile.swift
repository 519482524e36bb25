import Foundation

/// A file written all or nothing, private unless asked: bytes go to a
/// temporary file made in the destination's folder (`mkstemp`, so 0600 from
/// the start), are fsynced, get their final mode, and are then moved into
/// place in one step (`rename` when replacing, `link` when the name must be
/// new, which closes the check-then-write race).
///
/// Only a regular file (or no file) is ever replaced: a device, FIFO,
/// socket, folder or symbolic link at the destination is refused before
/// anything is written and checked again just before the move, so
/// `--output /dev/null --force` can never turn a device into a file.
public final class AtomicOutputFile {
    /// Why a destination was refused or a write failed; `isUsage` marks the
    /// user's choice of path (exit 2) rather than a system failure (exit 1).
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public var description: String
        public var isUsage: Bool
    }

    /// Mode of an export when the user asks for nothing else.
    public static let privateMode: mode_t = 0o600

    public let destination: String
    private let replacing: Bool
    /// The option that named the file (`--output`, `--svg`, `--card`), as
    /// messages name it.
    private let option: String
    private let mode: mode_t
    private let temporary: String
    private var fd: Int32
    private var finished = false

    /// Checks `path` and opens the temporary file beside it. `replacing`
    /// allows an existing regular file to be replaced (`--force`).
    public init(path: String, replacing: Bool, mode: mode_t = AtomicOutputFile.privateMode, option: String = "--output") throws {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        try Self.checkDestination(path, absolute: url.path, replacing: replacing, option: option)
        guard mode & ~mode_t(0o777) == 0 else {
            throw Failure(description: "mode \(String(mode, radix: 8)) is not a plain permission (000–777); nothing was written",
                          isUsage: true)
        }
        let folder = url.deletingLastPathComponent().path
        var template = Array("\(folder)/.\(url.lastPathComponent).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard fd >= 0 else {
            throw Failure(description: "cannot write in \(folder): \(Self.errnoText()); nothing was written", isUsage: false)
        }
        self.destination = url.path
        self.replacing = replacing
        self.option = option
        self.mode = mode
        self.fd = fd
        self.temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit { discard() }

    /// Appends `bytes` (call as often as needed: a streaming export writes
    /// row by row).
    public func write<Bytes: Collection>(_ bytes: Bytes) throws where Bytes.Element == UInt8 {
        let done = bytes.withContiguousStorageIfAvailable { writeAll($0) }
        let ok = done ?? Array(bytes).withUnsafeBufferPointer { writeAll($0) }
        guard ok else { throw failed("cannot write \(destination)") }
    }

    public func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try write($0) }
    }

    /// Flushes to disk, sets the mode and moves the file into place.
    public func commit() throws {
        guard !finished else { return }
        guard fsync(fd) == 0, fchmod(fd, mode) == 0 else { throw failed("cannot write \(destination)") }
        close(fd)
        fd = -1
        // The destination may have changed since `init` (a FIFO made in the
        // meantime): check again right before the move.
        try Self.checkDestination(destination, absolute: destination, replacing: replacing, option: option)
        if replacing {
            guard rename(temporary, destination) == 0 else { throw failed("cannot replace \(destination)") }
        } else {
            guard link(temporary, destination) == 0 else {
                if errno == EEXIST {
                    discard()
                    throw Failure(description: "\(destination) already exists; add --force to replace it (nothing was written)",
                                  isUsage: true)
                }
                throw failed("cannot create \(destination)")
            }
            unlink(temporary)
        }
        finished = true
        let folder = (destination as NSString).deletingLastPathComponent
        let dirfd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dirfd >= 0 { _ = fsync(dirfd); close(dirfd) }
    }

    /// Removes the temporary file; the destination is untouched.
    public func discard() {
        guard !finished else { return }
        finished = true
        if fd >= 0 { close(fd); fd = -1 }
        unlink(temporary)
    }

    /// Refuses `path` before any work is done (the same check `init` and
    /// `commit` make), so a bad destination costs nothing.
    public static func check(path: String, replacing: Bool, option: String = "--output") throws {
        try checkDestination(path, absolute: URL(fileURLWithPath: path).standardizedFileURL.path, replacing: replacing, option: option)
    }

    /// What stands at `absolute`, refused unless it is nothing or (with
    /// `replacing`) a regular file; the folder must exist and be writable.
    static func checkDestination(_ shown: String, absolute: String, replacing: Bool, option: String = "--output") throws {
        guard !shown.isEmpty, !shown.contains("\0"), !shown.hasSuffix("/") else {
            throw Failure(description: "\(option) needs a file name; nothing was written", isUsage: true)
        }
        let folder = (absolute as NSString).deletingLastPathComponent
        var folderInfo = stat()
        guard stat(folder, &folderInfo) == 0, folderInfo.st_mode & S_IFMT == S_IFDIR else {
            throw Failure(description: "cannot write \(shown): the folder \(folder) does not exist; create it or give a file in a folder that exists (nothing was written)",
                          isUsage: true)
        }
        var info = stat()
        if lstat(absolute, &info) == 0 {
            if let kind = kindName(info.st_mode & S_IFMT) {
                let instead = option == "--output" ? "omit --output for standard output" : "give \(option) a file name"
                throw Failure(description: "cannot write \(shown): it is \(kind), not a regular file; "
                              + "\(option) writes only regular files (\(instead)); nothing was written",
                              isUsage: true)
            }
            guard replacing else {
                throw Failure(description: "\(shown) already exists; add --force to replace it (nothing was written)",
                              isUsage: true)
            }
        }
        guard access(folder, W_OK) == 0 else {
            throw Failure(description: "cannot write \(shown): no permission to write in \(folder); nothing was written",
                          isUsage: true)
        }
    }

    /// "a device", "a FIFO"… for anything but a regular file.
    static func kindName(_ type: mode_t) -> String? {
        switch type {
        case S_IFREG: return nil
        case S_IFDIR: return "a folder"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link (give the file it points to)"
        default: return "something other than a file"
        }
    }

    private func writeAll(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        var offset = 0
        while offset < buffer.count {
            guard let base = buffer.baseAddress else { return true }
            let n = Glibc.write(fd, base + offset, buffer.count - offset)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    private func failed(_ what: String) -> Failure {
        let reason = Self.errnoText()
        discard()
        return Failure(description: "\(what): \(reason); nothing was written", isUsage: false)
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }
}
