// Shared helpers for the libFuzzer harnesses (compiled into every target by
// scripts/fuzz.sh; not part of the Swift package).

/// The fuzzer's input as a String (invalid UTF-8 becomes U+FFFD, as it would
/// from a terminal or a file read with String(decoding:)).
func fuzzText(_ data: UnsafePointer<UInt8>, _ size: Int) -> String {
    String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
}

/// Stops the run with a message libFuzzer records as a crash.
func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("fuzz invariant broken: \(message())") }
}
