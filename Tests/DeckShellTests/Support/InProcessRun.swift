import Foundation

/// A runner's `run()` on a thread of its own, as the program's main thread
/// runs it; the test drives it through its terminal or input pipe.
final class InProcessRun: @unchecked Sendable {  // `outcome` is set once, before `done` is signalled
    private let done = DispatchSemaphore(value: 0)
    private var outcome: Result<Int32, any Error>?

    /// Hands a runner (not `Sendable`: it is moved, not shared) to its thread.
    private final class Body: @unchecked Sendable {
        let run: () throws -> Int32
        init(_ run: @escaping () throws -> Int32) { self.run = run }
    }

    init(_ body: @escaping () throws -> Int32) {
        let body = Body(body)
        let thread = Thread { [self] in
            outcome = Result { try body.run() }
            done.signal()
        }
        // The main thread's stack, which the run loop gets in the program.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// The exit status once `run()` returned (nil: still running after
    /// `seconds`); rethrows what it threw.
    func exitStatus(within seconds: Double = 15) throws -> Int32? {
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        done.signal()  // a second ask gets the same answer
        return try outcome?.get()
    }
}
