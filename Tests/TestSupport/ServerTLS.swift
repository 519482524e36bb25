import Foundation

/// The server side of TLS for `LocalHTTPServer`, from the system's OpenSSL
/// (`libssl.so.3`, which libcurl already needs) loaded with dlopen: the
/// test binary links nothing new. One context per server, one session per
/// connection; a client that refuses the certificate just ends the
/// handshake, and the connection is closed.
final class ServerTLS: @unchecked Sendable {
    private typealias Method = @convention(c) () -> OpaquePointer?
    private typealias ContextNew = @convention(c) (OpaquePointer?) -> OpaquePointer?
    private typealias UseFile = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    private typealias UseKeyFile = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Int32
    private typealias SessionNew = @convention(c) (OpaquePointer?) -> OpaquePointer?
    private typealias SetFD = @convention(c) (OpaquePointer?, Int32) -> Int32
    private typealias Step = @convention(c) (OpaquePointer?) -> Int32
    private typealias Read = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int32) -> Int32
    private typealias Write = @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int32) -> Int32
    private typealias Free = @convention(c) (OpaquePointer?) -> Void

    private let context: OpaquePointer
    private let sessionNew: SessionNew
    private let setFD: SetFD
    private let accept: Step
    private let readFn: Read
    private let writeFn: Write
    private let shutdownFn: Step
    private let free: Free

    struct Failure: Error, CustomStringConvertible { var description: String }

    init(certificatePath: String, keyPath: String) throws {
        // OpenSSL writes to the socket itself (a close_notify to a client
        // that already hung up, after refusing the certificate): without
        // MSG_NOSIGNAL that is SIGPIPE, which would end the whole test
        // process. Ignored process-wide; a write then fails with EPIPE.
        signal(SIGPIPE, SIG_IGN)
        guard let library = dlopen("libssl.so.3", RTLD_NOW | RTLD_LOCAL) else {
            throw Failure(description: "libssl.so.3 is missing (apt install libssl3)")
        }
        func symbol<T>(_ name: String, as: T.Type) throws -> T {
            guard let pointer = dlsym(library, name) else { throw Failure(description: "libssl.so.3 has no \(name)") }
            return unsafeBitCast(pointer, to: T.self)
        }
        let method = try symbol("TLS_server_method", as: Method.self)
        let contextNew = try symbol("SSL_CTX_new", as: ContextNew.self)
        let useChain = try symbol("SSL_CTX_use_certificate_chain_file", as: UseFile.self)
        let useKey = try symbol("SSL_CTX_use_PrivateKey_file", as: UseKeyFile.self)
        sessionNew = try symbol("SSL_new", as: SessionNew.self)
        setFD = try symbol("SSL_set_fd", as: SetFD.self)
        accept = try symbol("SSL_accept", as: Step.self)
        readFn = try symbol("SSL_read", as: Read.self)
        writeFn = try symbol("SSL_write", as: Write.self)
        shutdownFn = try symbol("SSL_shutdown", as: Step.self)
        free = try symbol("SSL_free", as: Free.self)
        guard let context = contextNew(method()) else { throw Failure(description: "SSL_CTX_new failed") }
        self.context = context
        guard useChain(context, certificatePath) == 1, useKey(context, keyPath, 1 /* SSL_FILETYPE_PEM */) == 1 else {
            throw Failure(description: "OpenSSL refused \(certificatePath) or its key")
        }
    }

    /// One connection's session, after the handshake; nil when the client
    /// gave up (it refused our certificate).
    func accept(_ fd: Int32) -> Session? {
        guard let ssl = sessionNew(context) else { return nil }
        guard setFD(ssl, fd) == 1, accept(ssl) == 1 else {
            free(ssl)
            return nil
        }
        return Session(tls: self, ssl: ssl)
    }

    struct Session {
        let tls: ServerTLS
        let ssl: OpaquePointer

        func read(_ buffer: inout [UInt8]) -> Int {
            Int(buffer.withUnsafeMutableBytes { tls.readFn(ssl, $0.baseAddress, Int32($0.count)) })
        }

        func write(_ bytes: ArraySlice<UInt8>) -> Int {
            Int(bytes.withUnsafeBytes { tls.writeFn(ssl, $0.baseAddress, Int32($0.count)) })
        }

        func close() {
            _ = tls.shutdownFn(ssl)
            tls.free(ssl)
        }
    }
}
