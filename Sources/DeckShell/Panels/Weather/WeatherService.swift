import Dashboard
import Foundation
import TimeKit
import TimeStore

/// The weather panel's shell side: the last forecast from the store before
/// the first frame, and each ask on a worker of its own, so the clock never
/// waits for the network (a dead server costs the worker its 15 s, never
/// the run loop). What to ask and when is decided by the panel's `tick`.
public final class WeatherService: PanelService {
    private let fetcher: WeatherFetcher

    private init(fetcher: WeatherFetcher) { self.fetcher = fetcher }

    /// Seconds one ask may take.
    static let timeoutSeconds = 15.0

    static func load(into state: inout AppState, store: StoreHandle) throws {
        // A store that cannot be read shows no forecast; the marks panel
        // already says what is wrong with the file.
        let stored = (try? store.existing()?.loadForecast()) ?? nil
        var weather = WeatherPanelState(series: stored?.series, failure: stored?.failure, failedAt: stored?.failedAt)
        // The last ask, across restarts: at most one per ten minutes.
        weather.lastAsked = [stored?.fetched, stored?.failedAt].compactMap { $0 }.max()
        weather.askedPosition = stored?.asked
        state.weather = weather
    }

    static func start(_ state: AppState, context: ServiceContext) throws -> WeatherService {
        let fetcher = WeatherFetcher(store: context.store, post: { context.inbox.post($0) })
        fetcher.start()
        return WeatherService(fetcher: fetcher)
    }

    /// Without the panel's worker an ask fails at once, and says so.
    static func unserved(_ effect: WeatherEffect) -> [Event] {
        switch effect {
        case .fetch: [.weather(.failed(.unreachable("weather is not running"), at: WallClock.now()))]
        }
    }

    /// Queues the ask on the panel's worker and returns at once.
    func perform(_ effect: WeatherEffect) -> [Event] {
        switch effect {
        case .fetch(let request):
            fetcher.submit(request)
            return []
        }
    }

    /// The forecast is the panel's own, fetched by this process only.
    func rereadAfterChangeElsewhere() -> (@Sendable () -> [Event])? { nil }
    func pass(now: Date) -> [Event] { [] }
    func stop() -> [String] { fetcher.stop() }

    /// Asks once and keeps the answer: a forecast that passes the parser is
    /// saved with its fetch time; a failure is saved beside the last good
    /// forecast (never over it). Used by the dashboard's worker and by
    /// `timedeck weather`.
    public static func fetchAndKeep(_ request: OpenMeteoRequest, store: StoreHandle, now: () -> Date = WallClock.now) -> WeatherEvent {
        let outcome = fetch(request, now: now)
        let at = now()
        do {
            let db = try store.forWriting(busyTimeout: 2)
            switch outcome {
            case .success(let (series, body)):
                try db.saveForecast(body, asked: request.sentPosition, fetched: series.fetched, busyTimeout: 2)
            case .failure(let problem):
                try db.saveForecastFailure(problem, at: at, busyTimeout: 2)
            }
        } catch {
            // Not kept (the store is busy or unusable): still shown now.
        }
        switch outcome {
        case .success(let (series, _)): return .arrived(series, asked: request.sentPosition)
        case .failure(let problem): return .failed(problem, at: at)
        }
    }

    /// One ask: the series and the body it came from, or why not.
    static func fetch(_ request: OpenMeteoRequest, now: () -> Date) -> Result<(WeatherSeries, Data), WeatherProblem> {
        guard let url = request.url else {
            return .failure(.unreachable(OpenMeteoParser.inertReason(RedactedValue.shown(request.baseURL)) + " is not a usable address"))
        }
        switch HTTPFetch.get(url, timeoutSeconds: timeoutSeconds, maximumBytes: OpenMeteoParser.maximumBytes, caFile: request.caFile) {
        case .failure(.tls(let why)):
            return .failure(.tlsRefused(why))
        case .failure(.timedOut):
            return .failure(.timedOut(seconds: Int(timeoutSeconds)))
        case .failure(.unreachable(let why)):
            return .failure(.unreachable(InertText.message(String(why.prefix(160)))))
        case .failure(.tooLarge):
            return .failure(.tooLarge(bytes: OpenMeteoParser.maximumBytes + 1))
        case .failure(.missingLibrary(let why)):
            return .failure(.unreachable(InertText.message(String(why.prefix(160)))))
        case .failure(.badURL(let address)):
            return .failure(.unreachable(InertText.message(String(address.prefix(160))) + " is not an http or https address"))
        case .success(let response):
            let body = Data(response.body)
            return OpenMeteoParser.interpret(status: response.status, body: body, request: request, fetched: now())
                .map { ($0, body) }
        }
    }
}

/// The weather panel's worker: one ask at a time; asks that queued behind
/// a slow one are folded into the newest (only the latest position matters).
final class WeatherFetcher: Sendable {
    private let worker: Worker<WeatherFetchTask>

    init(store: StoreHandle, post: @escaping @Sendable (Event) -> Void) {
        worker = Worker(.weather, task: WeatherFetchTask(store: store, post: post))
    }

    func start() { worker.start() }

    func submit(_ request: OpenMeteoRequest) { worker.submit(request) }

    /// An ask in progress is not waited for (the forecast is fetched again
    /// next time); said only if one was queued and never sent.
    func stop() -> [String] {
        let report = worker.stop(deadline: Date().addingTimeInterval(0.2))
        return report.abandoned.isEmpty ? [] : ["a forecast request (asked again next time)"]
    }
}

final class WeatherFetchTask: WorkerTask {
    private let store: StoreHandle
    private let post: @Sendable (Event) -> Void

    init(store: StoreHandle, post: @escaping @Sendable (Event) -> Void) {
        self.store = store
        self.post = post
    }

    func perform(_ jobs: [OpenMeteoRequest], _ queue: WorkerQueue<OpenMeteoRequest>) {
        guard let newest = jobs.last, !queue.isStopping else { return }
        post(.weather(WeatherService.fetchAndKeep(newest, store: store)))
    }
}
