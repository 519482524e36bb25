import Foundation

/// Names the calling thread for the OS. Foundation's `Thread.name` stays
/// inside Foundation on Linux (it never reaches `/proc/<pid>/task/*/comm`),
/// so `top -H` showed every worker as "timedeck"; `pthread_setname_np` is
/// what the kernel sees.
enum ThreadName {
    /// Longest name Linux keeps, in bytes (16 with the NUL).
    static let maximumBytes = 15

    /// `name` cut to at most `maximumBytes` UTF-8 bytes, never inside a
    /// character (the kernel would keep half of one).
    static func osName(_ name: String) -> String {
        var result = ""
        var bytes = 0
        for character in name {
            let size = String(character).utf8.count
            guard bytes + size <= maximumBytes else { break }
            result.append(character)
            bytes += size
        }
        return result
    }

    /// Gives the calling thread `name` (cut by `osName`); a name the OS
    /// refuses leaves the old one (the thread works the same).
    static func setForCurrentThread(_ name: String) {
        let cut = osName(name)
        #if os(Linux)
        _ = linuxSetName?(pthread_self(), cut)
        #elseif canImport(Darwin)
        _ = pthread_setname_np(cut)
        #endif
    }

    #if os(Linux)
    private typealias SetName = @convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32

    /// glibc's `pthread_setname_np(pthread_t, const char *)`. Swift's Glibc
    /// module is built without `_GNU_SOURCE`, which hides it (and `prctl`
    /// is variadic, which Swift cannot call), so it is looked up once in the
    /// process's own symbols: libc is always loaded. Nil: the thread keeps
    /// the process's name.
    private static let linuxSetName: SetName? = {
        guard let process = dlopen(nil, RTLD_LAZY), let symbol = dlsym(process, "pthread_setname_np") else { return nil }
        return unsafeBitCast(symbol, to: SetName.self)
    }()
    #endif
}
