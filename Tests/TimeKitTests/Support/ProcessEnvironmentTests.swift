import Foundation
import Testing
@testable import TimeKit

/// The environment read once from `environ`, against Foundation's reading
/// of the same process and against lists a parent could pass through `execve`.
@Suite struct ProcessEnvironmentTests {
    @Test func theProcessReadsAsFoundationReadsIt() {
        let foundation = ProcessInfo.processInfo.environment
        #expect(!foundation.isEmpty)
        // Foundation keeps a repeated name's last value, getenv its first; a
        // normal environment has no repeats, so the two agree whole.
        #expect(ProcessEnvironment.values == foundation)
        #expect(ProcessEnvironment.values["PATH"] == String(cString: getenv("PATH")))
    }

    @Test func oddEntriesAreReadAsGetenvReadsThem() {
        let entries: [[UInt8]] = [
            Array("TZ=Europe/Paris".utf8), Array("TZ=Asia/Tokyo".utf8),  // first wins, as getenv
            Array("EMPTY=".utf8), Array("NOEQUALS".utf8), Array("A=b=c".utf8),
            Array("BAD=".utf8) + [0xFF, 0x41], Array("=nameless".utf8),
        ]
        let pointers = entries.map { bytes -> UnsafeMutablePointer<CChar> in
            let p = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (i, b) in bytes.enumerated() { p[i] = CChar(bitPattern: b) }
            p[bytes.count] = 0
            return p
        }
        defer { pointers.forEach { $0.deallocate() } }
        let list = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: pointers.count + 1)
        defer { list.deallocate() }
        for (i, p) in pointers.enumerated() { list[i] = p }
        list[pointers.count] = nil
        let values = ProcessEnvironment.read(list)
        #expect(values["TZ"] == "Europe/Paris")
        #expect(values["EMPTY"] == "")
        #expect(values["NOEQUALS"] == nil)
        #expect(values["A"] == "b=c")
        #expect(values["BAD"] == "\u{FFFD}A")
        #expect(values[""] == "nameless")
        #expect(values.count == 5)
        #expect(ProcessEnvironment.read(nil).isEmpty)
    }
}
