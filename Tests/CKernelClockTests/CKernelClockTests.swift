import CKernelClock
import Testing

/// The adjtimex shim: read-only (modes = 0), so it works unprivileged.
@Suite struct CKernelClockTests {
    @Test func readingTheKernelClockSucceedsWithAKnownState() {
        var clock = td_kernel_clock()
        #expect(td_read_kernel_clock(&clock) == 0, "errno \(clock.errnoValue)")
        #expect((0...5).contains(clock.clockState))
        #expect(clock.estErrorMicros >= 0 && clock.maxErrorMicros >= 0)
    }

    @Test func theConstantsAreTheKernelsValues() {
        #expect(td_sta_unsync() == 0x0040)
        #expect(td_time_error() == 5)
    }
}
