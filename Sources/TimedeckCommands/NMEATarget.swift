import Foundation
import TimeKit
#if canImport(Glibc)
import Glibc
#endif

/// Where `--nmea` sends its sentences: a file, or a chart plotter listening
/// on UDP (one datagram a sentence, as OpenCPN and gpsd read them) or TCP
/// (one connection, the sentences in order, then closed).
enum NMEATarget: Equatable, CustomStringConvertible {
    case file(String)
    case udp(host: String, port: UInt16)
    case tcp(host: String, port: UInt16)

    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    /// How long a TCP connection or a send may take before we give up.
    static let timeoutMilliseconds: Int32 = 5000

    init(parsing text: String) throws {
        guard let schemeEnd = text.range(of: "://") else {
            guard !text.isEmpty else { throw Problem(description: "give a file, udp://HOST:PORT or tcp://HOST:PORT") }
            self = .file(text)
            return
        }
        let scheme = text[..<schemeEnd.lowerBound].lowercased()
        let rest = String(text[schemeEnd.upperBound...])
        guard scheme == "udp" || scheme == "tcp" else {
            throw Problem(description: "\"\(Self.inert(scheme))://\" is not a target; give a file, udp://HOST:PORT or tcp://HOST:PORT")
        }
        let (host, port) = try Self.hostAndPort(rest, scheme: scheme)
        self = scheme == "udp" ? .udp(host: host, port: port) : .tcp(host: host, port: port)
    }

    var description: String {
        switch self {
        case .file(let path): path
        case .udp(let host, let port): "udp://\(Self.bracketed(host)):\(port)"
        case .tcp(let host, let port): "tcp://\(Self.bracketed(host)):\(port)"
        }
    }

    /// `HOST:PORT` or `[V6]:PORT`, the port 1–65535.
    static func hostAndPort(_ text: String, scheme: String) throws -> (String, UInt16) {
        let example = "\(scheme)://127.0.0.1:10110 (10110 is the port NMEA over IP uses by habit)"
        var host: Substring, portText: Substring
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            host = text[text.index(after: text.startIndex)..<close]
            let after = text[text.index(after: close)...]
            guard after.hasPrefix(":") else { throw Problem(description: "no port after the host; write it as \(example)") }
            portText = after.dropFirst()
        } else {
            guard let colon = text.lastIndex(of: ":") else { throw Problem(description: "no port; write it as \(example)") }
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
        }
        guard !host.isEmpty, host.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && $0 != "/" }) else {
            throw Problem(description: "no usable host name; write it as \(example)")
        }
        guard portText.count <= 5, portText.allSatisfy(\.isASCII), let port = UInt16(portText), port > 0 else {
            throw Problem(description: "\"\(inert(String(portText)))\" is not a port (1–65535); write it as \(example)")
        }
        return (String(host), port)
    }

    /// Sends each sentence with its CR LF; throws a `Problem` saying what the
    /// network answered.
    func send(_ sentences: [String]) throws {
        switch self {
        case .file: preconditionFailure("files are written by AtomicOutputFile")
        case .udp(let host, let port):
            let fd = try Self.connected(host: host, port: port, type: SOCK_DGRAM)
            defer { close(fd) }
            for s in sentences { try Self.sendAll(Array((s + "\r\n").utf8), fd) }
        case .tcp(let host, let port):
            let fd = try Self.connected(host: host, port: port, type: SOCK_STREAM)
            defer { close(fd) }
            try Self.sendAll(Array(sentences.map { $0 + "\r\n" }.joined().utf8), fd)
            shutdown(fd, Int32(SHUT_WR))
        }
    }

    /// A socket connected to the first address of `host` that answers
    /// within the timeout (UDP "connects" at once; TCP waits for the peer).
    static func connected(host: String, port: UInt16, type: __socket_type) throws -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(type.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw Problem(description: "cannot find host \"\(inert(host))\" (\(String(cString: gai_strerror(status))))")
        }
        defer { freeaddrinfo(first) }
        var lastError = "no address"
        var node: UnsafeMutablePointer<addrinfo>? = first
        while let info = node {
            node = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), info.pointee.ai_protocol)
            guard fd >= 0 else { lastError = errnoText(); continue }
            if let failure = connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) {
                lastError = failure
                close(fd)
                continue
            }
            var timeout = timeval(tv_sec: Int(timeoutMilliseconds / 1000), tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            return fd
        }
        throw Problem(description: lastError)
    }

    /// Non-blocking connect with a deadline; nil on success, else why not.
    static func connect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> String? {
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        defer { _ = fcntl(fd, F_SETFL, flags) }
        if Glibc.connect(fd, address, length) == 0 { return nil }
        guard errno == EINPROGRESS else { return errnoText() }
        var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        let ready = poll(&poller, 1, timeoutMilliseconds)
        guard ready > 0 else { return ready == 0 ? "no answer within \(timeoutMilliseconds / 1000) s" : errnoText() }
        var problem: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &problem, &size)
        return problem == 0 ? nil : String(cString: strerror(problem))
    }

    static func sendAll(_ bytes: [UInt8], _ fd: Int32) throws {
        var sent = 0
        while sent < bytes.count {
            // MSG_NOSIGNAL: a peer that hung up is an error here, not a SIGPIPE.
            let n = bytes.withUnsafeBufferPointer { Glibc.send(fd, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Problem(description: errnoText())
            }
            sent += n
        }
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }

    static func bracketed(_ host: String) -> String { host.contains(":") ? "[\(host)]" : host }

    /// A piece of the user's argument echoed back: at most 40 characters,
    /// controls shown by the project's one sanitizer.
    static func inert(_ text: String) -> String { InertText.display(String(text.prefix(40))) }
}
