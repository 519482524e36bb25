import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// One HTTP GET, bounded in time and size, with our User-Agent: what the
/// forecast is fetched with. Synchronous (it runs on a worker or in a
/// command); a body over `maximumBytes` is cut off and refused, never
/// buffered whole.
enum HTTPFetch {
    /// `timedeck/<version> (+https://github.com/timedeck)`: names the
    /// program and version, as the forecast service asks of clients.
    static var userAgent: String { "timedeck/\(TimedeckVersion.string) (terminal time dashboard)" }

    enum Failure: Error, Equatable, CustomStringConvertible {
        /// No answer within the time limit.
        case timedOut(seconds: Double)
        /// Could not connect or the connection broke (the system's words).
        case unreachable(String)
        /// The body was larger than the bound.
        case tooLarge(bytes: Int)
        /// Not http or https.
        case badURL(String)

        var description: String {
            switch self {
            case .timedOut(let seconds): "no answer within \(Int(seconds)) s"
            case .unreachable(let why): "cannot reach the server (\(why))"
            case .tooLarge(let bytes): "the answer is larger than \(bytes / 1024) KiB"
            case .badURL(let url): "\(url) is not an http or https address"
            }
        }
    }

    struct Response: Equatable {
        var status: Int
        var body: [UInt8]
    }

    static func get(_ url: URL, timeoutSeconds: Double = 15, maximumBytes: Int = 4 << 20) -> Result<Response, Failure> {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
            return .failure(.badURL(url.absoluteString))
        }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeoutSeconds)
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let collector = BodyCollector(maximumBytes: maximumBytes)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeoutSeconds
        configuration.timeoutIntervalForResource = timeoutSeconds
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        let session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        session.dataTask(with: request).resume()
        // The session's own time limit ends the task; this wait is only a
        // backstop a little later.
        guard collector.done.wait(timeout: .now() + timeoutSeconds + 2) == .success else {
            return .failure(.timedOut(seconds: timeoutSeconds))
        }
        return collector.result()
    }
}

/// Gathers the body as it arrives and cancels the task past the bound.
private final class BodyCollector: NSObject, URLSessionDataDelegate, Sendable {
    let maximumBytes: Int
    let done = DispatchSemaphore(value: 0)
    private struct State {
        var status = 0
        var body: [UInt8] = []
        var failure: HTTPFetch.Failure?
    }
    private let state = Mutex(State())

    init(maximumBytes: Int) { self.maximumBytes = maximumBytes }

    func result() -> Result<HTTPFetch.Response, HTTPFetch.Failure> {
        state.withLock { state in
            if let failure = state.failure { return .failure(failure) }
            return .success(HTTPFetch.Response(status: state.status, body: state.body))
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let tooLarge = response.expectedContentLength > Int64(maximumBytes)
        state.withLock {
            $0.status = status
            if tooLarge { $0.failure = .tooLarge(bytes: maximumBytes) }
        }
        completionHandler(tooLarge ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let over = state.withLock { state -> Bool in
            guard state.failure == nil else { return true }
            if state.body.count + data.count > maximumBytes {
                state.failure = .tooLarge(bytes: maximumBytes)
                state.body = []
                return true
            }
            state.body.append(contentsOf: data)
            return false
        }
        if over { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            state.withLock { state in
                guard state.failure == nil else { return }
                let code = (error as? URLError)?.code
                state.failure = code == .timedOut ? .timedOut(seconds: task.originalRequest?.timeoutInterval ?? 0)
                    : .unreachable((error as? URLError).map { Self.words($0) } ?? "\(error)")
            }
        }
        done.signal()
    }

    private static func words(_ error: URLError) -> String {
        switch error.code {
        case .cannotConnectToHost: "connection refused"
        case .cannotFindHost, .dnsLookupFailed: "unknown host"
        case .notConnectedToInternet: "no network"
        case .networkConnectionLost: "connection lost"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate:
            "secure connection failed"
        default: "error \(error.code.rawValue)"
        }
    }
}
