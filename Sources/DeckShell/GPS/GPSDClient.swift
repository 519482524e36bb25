import Foundation
import TimeKit

/// A gpsd client on its own thread: connects to `address`, asks for JSON
/// reports with `?WATCH`, folds each line into a `LatestFixBox`, and
/// reconnects with backoff (1 s doubling to 30 s, back to 1 s after a
/// connection that delivered reports) when gpsd is absent or dies. The
/// thread sleeps in `poll` on the socket and a stop pipe: it wakes when gpsd
/// sends something, when it is stopped, or when a backoff ends — never to
/// look at a flag. Nothing here can block the caller: `start` returns at
/// once and the box is the only shared state.
final class GPSDClient: @unchecked Sendable {
    let address: GPSDAddress
    let box: LatestFixBox
    private let stopSignal = StopSignal()
    private var thread: Thread?
    /// First and longest wait between connection attempts.
    static let firstBackoffSeconds = 1.0
    static let longestBackoffSeconds = 30.0
    /// Called on the client's thread after every change (set before `start`).
    var onUpdate: (@Sendable (GPSDSnapshot) -> Void)?

    /// `?WATCH`: JSON reports; `pps` adds TOFF/PPS clock reports (gpsd_json(5)).
    static let watchCommand = "?WATCH={\"enable\":true,\"json\":true,\"pps\":true};\n"

    init(address: GPSDAddress) {
        self.address = address
        self.box = LatestFixBox(address: address)
    }

    /// Starts the reader thread.
    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "timedeck-gpsd"
        thread.stackSize = 1 << 20
        self.thread = thread
        thread.start()
    }

    /// Asks the thread to finish; it wakes at once (a connect in progress
    /// ends within its 2 s limit).
    func stop() {
        stopSignal.stop()
    }

    var isStopping: Bool { stopSignal.isStopped }

    private func run() {
        var backoffSeconds = Self.firstBackoffSeconds
        while !isStopping {
            change { $0.connection = .connecting }
            let reason: String
            switch GPSDSocket.connect(to: address, timeoutMilliseconds: 2000) {
            case .failure(let error):
                reason = error.description
            case .success(let socket):
                let result = serve(socket)
                socket.close()
                if result.receivedSomething { backoffSeconds = Self.firstBackoffSeconds }
                reason = result.reason
            }
            change { $0.connection = .unavailable(reason: reason) }
            if stopSignal.sleep(seconds: backoffSeconds) { break }
            backoffSeconds = min(backoffSeconds * 2, Self.longestBackoffSeconds)
        }
    }

    /// Reads reports until the connection ends or `stop` is called.
    private func serve(_ socket: GPSDSocket) -> (receivedSomething: Bool, reason: String) {
        guard socket.send(Self.watchCommand) else { return (false, "gpsd closed the connection") }
        change { $0.connection = .connected(release: nil) }
        var splitter = LineSplitter(maximumLineBytes: GPSDReader.maximumLineBytes)
        var received = false
        while true {
            // Asleep until gpsd sends (about once a second with a receiver)
            // or `stop` is called.
            guard stopSignal.wait(orReadable: socket.fd, milliseconds: -1) == .readable else { break }
            switch socket.read(timeoutMilliseconds: 0) {
            case .timeout:
                continue
            case .closed:
                return (received, "gpsd closed the connection")
            case .failed(let message):
                return (received, message)
            case .data(let bytes):
                for line in splitter.append(bytes) {
                    let now = RealtimeClock.nowUnixNanoseconds()
                    guard let report = GPSDReader.parse(bytes: line) else { continue }
                    received = true
                    change { $0.apply(report, receivedUnixNanoseconds: now) }
                }
            }
        }
        return (received, "stopped")
    }

    /// Updates the box and tells `onUpdate` about the new state.
    private func change(_ body: (inout GPSDSnapshot) -> Void) {
        box.update(body)
        onUpdate?(box.snapshot)
    }
}

extension GPSDClient {
    /// One-shot commands (`marks add`, "here"): connects to gpsd and waits
    /// up to `seconds` for a 2D/3D fix; returns whatever is known then
    /// (possibly no fix). A refused or unresolvable address returns at once:
    /// gpsd is not there, and the user is not kept waiting.
    static func waitForFix(address: GPSDAddress, seconds: Double) -> GPSDSnapshot {
        let client = GPSDClient(address: address)
        client.start()
        defer { client.stop() }
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let snap = client.box.snapshot
            if let fix = snap.fix, fix.hasFix { return snap }
            if case .unavailable = snap.connection { return snap }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return client.box.snapshot
    }
}
