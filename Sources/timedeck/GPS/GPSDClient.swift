import Foundation
import TimeKit

/// A gpsd client on its own thread: connects to `address`, asks for JSON
/// reports with `?WATCH`, folds each line into a `LatestFixBox`, and
/// reconnects with backoff (0.5 s doubling to 8 s) when gpsd is absent or
/// dies. Nothing here can block the caller: `start` returns at once and the
/// box is the only shared state.
final class GPSDClient: @unchecked Sendable {
    let address: GPSDAddress
    let box: LatestFixBox
    private let stopLock = NSLock()
    private var stopRequested = false
    private var thread: Thread?
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

    /// Asks the thread to finish; it notices within ~0.2 s.
    func stop() {
        stopLock.lock()
        stopRequested = true
        stopLock.unlock()
    }

    var isStopping: Bool {
        stopLock.lock()
        defer { stopLock.unlock() }
        return stopRequested
    }

    private func run() {
        var backoffSeconds = 0.5
        while !isStopping {
            change { $0.connection = .connecting }
            let reason: String
            switch GPSDSocket.connect(to: address, timeoutMilliseconds: 2000) {
            case .failure(let error):
                reason = error.description
            case .success(let socket):
                let result = serve(socket)
                socket.close()
                if result.receivedSomething { backoffSeconds = 0.5 }
                reason = result.reason
            }
            change { $0.connection = .unavailable(reason: reason) }
            sleepUnlessStopped(seconds: backoffSeconds)
            backoffSeconds = min(backoffSeconds * 2, 8)
        }
    }

    /// Reads reports until the connection ends or `stop` is called.
    private func serve(_ socket: GPSDSocket) -> (receivedSomething: Bool, reason: String) {
        guard socket.send(Self.watchCommand) else { return (false, "gpsd closed the connection") }
        change { $0.connection = .connected(release: nil) }
        var splitter = LineSplitter(maximumLineBytes: GPSDReader.maximumLineBytes)
        var received = false
        while !isStopping {
            switch socket.read(timeoutMilliseconds: 200) {
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

    private func sleepUnlessStopped(seconds: Double) {
        var remaining = seconds
        while remaining > 0 && !isStopping {
            Thread.sleep(forTimeInterval: min(0.1, remaining))
            remaining -= 0.1
        }
    }
}

/// Splits a byte stream into lines; a line longer than the limit is dropped
/// whole (up to its newline) rather than buffered without bound.
struct LineSplitter {
    let maximumLineBytes: Int
    private var buffer: [UInt8] = []
    private var discarding = false

    init(maximumLineBytes: Int) {
        self.maximumLineBytes = maximumLineBytes
    }

    mutating func append(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        for b in bytes {
            if b == 0x0A {
                if !discarding {
                    if buffer.last == 0x0D { buffer.removeLast() }
                    lines.append(buffer)
                }
                buffer.removeAll(keepingCapacity: true)
                discarding = false
            } else if !discarding {
                buffer.append(b)
                if buffer.count > maximumLineBytes {
                    buffer.removeAll(keepingCapacity: true)
                    discarding = true
                }
            }
        }
        return lines
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
