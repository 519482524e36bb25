import Foundation
import Synchronization

/// A small HTTP/1.1 server on 127.0.0.1 at a free port, in the test
/// process: the stand-in for a web service (the forecast API) on a machine
/// with no network. Each request is answered by `respond`; every request
/// line and header block is kept for the test to read. Given a certificate
/// and key (`ThrowawayCA`), it speaks HTTPS instead (`ServerTLS`).
public final class LocalHTTPServer: Sendable {
    public struct Request: Sendable, Equatable {
        /// `GET /v1/forecast?latitude=… HTTP/1.1`
        public var line: String
        /// Header names lower-cased.
        public var headers: [String: String]
        public var path: String { String(line.split(separator: " ").dropFirst().first ?? "") }
        /// The query's items, decoded.
        public var query: [String: String] {
            let items = URLComponents(string: path)?.queryItems ?? []
            return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { a, _ in a })
        }
    }

    public enum Reply: Sendable {
        /// A status and a body (JSON content type).
        case answer(status: Int, body: String)
        /// Waits `seconds` before answering (to trip a client's time limit).
        case slow(seconds: Double, status: Int, body: String)
        /// Closes the connection without a word.
        case hangUp
    }

    public let port: UInt16
    public var baseURL: String { "\(tls == nil ? "http" : "https")://127.0.0.1:\(port)" }
    private let listener: Int32
    private let tls: ServerTLS?
    private let log = Mutex<[Request]>([])
    private let stopped = Mutex(false)
    private let respond: @Sendable (Request) -> Reply

    public init(tls identity: ThrowawayCA.Identity? = nil, respond: @escaping @Sendable (Request) -> Reply) throws {
        self.respond = respond
        tls = try identity.map { try ServerTLS(certificatePath: $0.certificatePath, keyPath: $0.keyPath) }
        let (fd, port) = try LoopbackListener.open(backlog: 16)
        listener = fd
        self.port = port
        let thread = Thread { [self] in serve() }
        thread.name = "test-http"
        thread.start()
    }

    /// Every request so far, oldest first.
    public var requests: [Request] { log.withLock { $0 } }

    /// Stops accepting; the port then refuses connections.
    public func stop() {
        let already = stopped.withLock { stopped in
            defer { stopped = true }
            return stopped
        }
        guard !already else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func serve() {
        while !stopped.withLock({ $0 }) {
            let connection = accept(listener, nil, nil)
            if connection < 0 { if stopped.withLock({ $0 }) { return } else { continue } }
            let handler = Thread { [self] in handle(connection) }
            handler.start()
        }
    }

    private func handle(_ connection: Int32) {
        defer { close(connection) }
        var session: ServerTLS.Session?
        if let tls {
            // A client that refuses the certificate ends here.
            guard let accepted = tls.accept(connection) else { return }
            session = accepted
        }
        defer { session?.close() }
        let receive = { (buffer: inout [UInt8]) -> Int in
            if let session { return session.read(&buffer) }
            return read(connection, &buffer, buffer.count)
        }
        let send = { (bytes: ArraySlice<UInt8>) -> Int in
            if let session { return session.write(bytes) }
            return bytes.withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
        }
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !head.ends(with: Array("\r\n\r\n".utf8)), head.count < 65536 {
            let n = receive(&buffer)
            if n <= 0 { return }
            head.append(contentsOf: buffer[0..<n])
        }
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let request = Request(line: lines.first ?? "", headers: headers)
        log.withLock { $0.append(request) }
        let reply = respond(request)
        let (status, body): (Int, String)
        switch reply {
        case .hangUp: return
        case .answer(let s, let b): (status, body) = (s, b)
        case .slow(let seconds, let s, let b):
            Thread.sleep(forTimeInterval: seconds)
            (status, body) = (s, b)
        }
        let bytes = Array(body.utf8)
        let text = "HTTP/1.1 \(status) \(status == 200 ? "OK" : "Error")\r\nContent-Type: application/json; charset=utf-8\r\n"
            + "Content-Length: \(bytes.count)\r\nConnection: close\r\n\r\n"
        let all = Array(text.utf8) + bytes
        var written = 0
        while written < all.count {
            let n = send(all[written...])
            if n <= 0 { return }
            written += n
        }
    }

    deinit { stop() }
}

private extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}

/// A TCP socket listening on 127.0.0.1 at a free port: the fake servers of
/// the tests (HTTP here, gpsd in DeckShellTests) start from one.
public enum LoopbackListener {
    public static func open(backlog: Int32 = 1) throws -> (fd: Int32, port: UInt16) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard fd >= 0, bound, listen(fd, backlog) == 0 else {
            if fd >= 0 { close(fd) }
            throw POSIXError(.EADDRNOTAVAIL)
        }
        return (fd, UInt16(bigEndian: address.sin_port))
    }
}
