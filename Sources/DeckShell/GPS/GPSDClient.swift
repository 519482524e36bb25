import Foundation
import TimeKit

/// A gpsd client on a `Worker`: connects to `address`, asks for JSON
/// reports with `?WATCH`, folds each line into a `LatestFixBox`, and
/// reconnects with backoff (1 s doubling to 30 s, back to 1 s after a
/// connection that delivered reports) when gpsd is absent or dies. The
/// worker sleeps in `poll` on the socket (or for the backoff): it wakes when
/// gpsd sends something, when it is stopped, or when a backoff ends. Nothing
/// here can block the caller: `start` returns at once and the box is the
/// only shared state.
public final class GPSDClient: Sendable {
    let address: GPSDAddress
    let box: LatestFixBox
    private let worker: Worker<GPSDReading>
    /// First and longest wait between connection attempts.
    static let firstBackoffSeconds = 1.0
    static let longestBackoffSeconds = 30.0

    /// `?WATCH`: JSON reports; `pps` adds TOFF/PPS clock reports (gpsd_json(5)).
    static let watchCommand = "?WATCH={\"enable\":true,\"json\":true,\"pps\":true};\n"

    /// `onUpdate` is called on the client's thread after every change.
    init(address: GPSDAddress, onUpdate: (@Sendable (GPSDSnapshot) -> Void)? = nil) {
        self.address = address
        let box = LatestFixBox(address: address)
        self.box = box
        worker = Worker(.gpsd, task: GPSDReading(address: address, box: box, onUpdate: onUpdate))
    }

    /// Starts the reader.
    func start() { worker.start() }

    /// Ends the reader: it wakes at once (a connect in progress ends within
    /// its 2 s limit, the deadline's default). Returns what was unfinished.
    @discardableResult
    func stop(deadline: Date = Date().addingTimeInterval(2.5)) -> [String] {
        worker.stop(deadline: deadline).finished ? [] : ["the gpsd reader (still connecting)"]
    }
}

/// The gpsd reader's state, touched only on its worker's thread.
final class GPSDReading: WorkerTask {
    typealias Job = Never
    let address: GPSDAddress
    let box: LatestFixBox
    let onUpdate: (@Sendable (GPSDSnapshot) -> Void)?
    private var socket: GPSDSocket?
    private var splitter = LineSplitter(maximumLineBytes: GPSDReader.maximumLineBytes)
    private var received = false
    private var backoffSeconds = GPSDClient.firstBackoffSeconds
    private var nextAttempt = Date.distantPast
    /// The snapshot `onUpdate` was last given: an unchanged one is not
    /// posted again (each post wakes the run loop).
    private var posted: GPSDSnapshot?

    init(address: GPSDAddress, box: LatestFixBox, onUpdate: (@Sendable (GPSDSnapshot) -> Void)?) {
        self.address = address
        self.box = box
        self.onUpdate = onUpdate
    }

    func begin(_ queue: WorkerQueue<Never>) { connect() }

    func perform(_ jobs: [Never], _ queue: WorkerQueue<Never>) {}

    func idleWake() -> WorkerWake {
        if let socket { return WorkerWake(readable: socket.fd) }
        return WorkerWake(afterSeconds: max(0, nextAttempt.timeIntervalSinceNow))
    }

    func woke(readable: Bool, _ queue: WorkerQueue<Never>) {
        guard readable, let socket else {
            if !queue.isStopping { connect() }
            return
        }
        switch socket.read(timeoutMilliseconds: 0) {
        case .timeout:
            return
        case .closed:
            dropped("gpsd closed the connection")
        case .failed(let message):
            dropped(message)
        case .data(let bytes):
            for line in splitter.append(bytes) {
                let now = RealtimeClock.nowUnixNanoseconds()
                guard let report = GPSDReader.parse(bytes: line) else { continue }
                received = true
                change { $0.apply(report, receivedUnixNanoseconds: now) }
            }
        }
    }

    func end() {
        socket?.close()
        socket = nil
    }

    private func connect() {
        // A retry while gpsd is away is not announced (issue 31): the panel
        // keeps its "unavailable" line, and a retry that fails the same way
        // wakes nothing but this thread (every 30 s at most).
        let retrying = if case .unavailable = posted?.connection { true } else { false }
        change(quietly: retrying) { $0.connection = .connecting }
        switch GPSDSocket.connect(to: address, timeoutMilliseconds: 2000) {
        case .failure(let error):
            dropped(error.description)
        case .success(let socket):
            guard socket.send(GPSDClient.watchCommand) else {
                socket.close()
                dropped("gpsd closed the connection")
                return
            }
            self.socket = socket
            splitter = LineSplitter(maximumLineBytes: GPSDReader.maximumLineBytes)
            received = false
            change { $0.connection = .connected(release: nil) }
        }
    }

    /// The connection ended or never began: said, and tried again after
    /// the backoff (from the first again after a connection that delivered).
    private func dropped(_ reason: String) {
        socket?.close()
        socket = nil
        if received { backoffSeconds = GPSDClient.firstBackoffSeconds }
        received = false
        change { $0.connection = .unavailable(reason: reason) }
        nextAttempt = Date().addingTimeInterval(backoffSeconds)
        backoffSeconds = min(backoffSeconds * 2, GPSDClient.longestBackoffSeconds)
    }

    /// Updates the box and tells `onUpdate` about the new state, unless
    /// `quietly` or it is the state last told.
    private func change(quietly: Bool = false, _ body: (inout GPSDSnapshot) -> Void) {
        box.update(body)
        let snapshot = box.snapshot
        guard !quietly, snapshot != posted else { return }
        posted = snapshot
        onUpdate?(snapshot)
    }
}

extension GPSDClient {
    /// One-shot commands (`marks add`, "here"): connects to gpsd and waits
    /// up to `seconds` for a 2D/3D fix; returns whatever is known then
    /// (possibly no fix). A refused or unresolvable address returns at once:
    /// gpsd is not there, and the user is not kept waiting.
    public static func waitForFix(address: GPSDAddress, seconds: Double) -> GPSDSnapshot {
        let settled = DispatchSemaphore(value: 0)
        let client = GPSDClient(address: address) { snapshot in
            if snapshot.fix?.hasFix == true { settled.signal() }
            if case .unavailable = snapshot.connection { settled.signal() }
        }
        client.start()
        defer { client.stop() }
        _ = settled.wait(timeout: .now() + seconds)
        return client.box.snapshot
    }
}
