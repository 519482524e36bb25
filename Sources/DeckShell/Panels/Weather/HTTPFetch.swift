import CHTTPGet
import Foundation

/// One HTTP GET, bounded in time and size, with our User-Agent: what the
/// forecast is fetched with. Synchronous, on the calling thread (a worker or
/// a command), through libcurl's easy interface (`CHTTPGet`): nothing of it
/// stays running afterwards. A body over `maximumBytes` is cut off and
/// refused, never buffered whole.
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
        /// libcurl is not installed: the words name the package.
        case missingLibrary(String)

        var description: String {
            switch self {
            case .timedOut(let seconds): "no answer within \(Int(seconds)) s"
            case .unreachable(let why): "cannot reach the server (\(why))"
            case .tooLarge(let bytes): "the answer is larger than \(bytes / 1024) KiB"
            case .badURL(let url): "\(url) is not an http or https address"
            case .missingLibrary(let words): words
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
        var result = td_http_result()
        defer { td_http_free(&result) }
        let answered = td_http_get(url.absoluteString, userAgent, Int(timeoutSeconds * 1000), maximumBytes, &result) == 0
        if result.tooLarge != 0 { return .failure(.tooLarge(bytes: maximumBytes)) }
        if result.timedOut != 0 { return .failure(.timedOut(seconds: timeoutSeconds)) }
        guard answered else {
            let words = withUnsafeBytes(of: result.error) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if result.missingLibrary != 0 { return .failure(.missingLibrary(words)) }
            return .failure(.unreachable(words.isEmpty ? "error \(result.curlCode)" : words))
        }
        let body = result.body.map { Array(UnsafeBufferPointer(start: $0, count: result.length)) } ?? []
        return .success(Response(status: Int(result.status), body: body))
    }
}
