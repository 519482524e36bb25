import Foundation
import TimeKit

/// A TCP connection to gpsd with POSIX sockets: non-blocking connect with a
/// time limit, `poll` for reads, `MSG_NOSIGNAL` so a dead peer cannot raise
/// SIGPIPE in the dashboard.
struct GPSDSocket {
    let fd: Int32

    struct ConnectError: Error, CustomStringConvertible {
        var description: String
    }

    enum ReadResult {
        case data([UInt8]), timeout, closed, failed(String)
    }

    static func connect(to address: GPSDAddress, timeoutMilliseconds: Int32) -> Result<GPSDSocket, ConnectError> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(address.host, String(address.port), &hints, &list)
        guard rc == 0, let first = list else {
            return .failure(ConnectError(description: "cannot resolve \(address.host): \(String(cString: gai_strerror(rc)))"))
        }
        defer { freeaddrinfo(list) }
        var lastError = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let ai = entry {
            entry = ai.pointee.ai_next
            let fd = socket(ai.pointee.ai_family, ai.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), ai.pointee.ai_protocol)
            if fd < 0 { lastError = String(cString: strerror(errno)); continue }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            if Glibc.connect(fd, ai.pointee.ai_addr, ai.pointee.ai_addrlen) == 0 {
                return .success(GPSDSocket(fd: fd))
            }
            if errno == EINPROGRESS {
                var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                if poll(&pfd, 1, timeoutMilliseconds) == 1 {
                    var soError: Int32 = 0
                    var len = socklen_t(MemoryLayout<Int32>.size)
                    getsockopt(fd, SOL_SOCKET, SO_ERROR, &soError, &len)
                    if soError == 0 { return .success(GPSDSocket(fd: fd)) }
                    lastError = String(cString: strerror(soError))
                } else {
                    lastError = "connection timed out"
                }
            } else {
                lastError = String(cString: strerror(errno))
            }
            Glibc.close(fd)
        }
        return .failure(ConnectError(description: lastError.lowercased()))
    }

    /// Sends the whole string; false when the peer is gone.
    func send(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            guard poll(&pfd, 1, 1000) == 1 else { return false }
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 {
                if errno == EAGAIN || errno == EINTR { continue }
                return false
            }
            bytes = bytes.dropFirst(n)
        }
        return true
    }

    func read(timeoutMilliseconds: Int32) -> ReadResult {
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&pfd, 1, timeoutMilliseconds)
        if ready == 0 { return .timeout }
        if ready < 0 { return errno == EINTR ? .timeout : .failed(String(cString: strerror(errno))) }
        var buffer = [UInt8](repeating: 0, count: 8192)
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n == 0 { return .closed }
        if n < 0 {
            if errno == EAGAIN || errno == EINTR { return .timeout }
            return .failed(String(cString: strerror(errno)).lowercased())
        }
        return .data(Array(buffer[0..<n]))
    }

    func close() {
        Glibc.close(fd)
    }
}
