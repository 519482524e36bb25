import Testing
@testable import TimeKit

@Suite("Mark positions from gpsd, and composing marks")
struct MarkPositionTests {
    let brisbane = try! GeoPosition(latitudeDegrees: -27.467, longitudeDegrees: 153.380_667)
    let mark: Int64 = 1_795_305_600_000_000_000

    func fix(mode: Int = 3) -> GPSDFix {
        GPSDFix(mode: mode, timeUnixNanoseconds: mark - 1_000_000_000, position: brisbane)
    }

    @Test("A fresh fix is current; its age is measured from when we received it")
    func current() {
        let p = MarkPosition.fromGPSD(fix: fix(), receivedUnixNanoseconds: mark - 400_000_000, markUnixNanoseconds: mark)
        #expect(p.status == .current)
        #expect(p.fixAgeMilliseconds == 400)
        #expect(p.summary == "27° 28'.02 S  153° 22'.84 E (gpsd 3D, 0.4 s old)")
    }

    @Test("A fix older than 5 s is stale, and says so")
    func stale() {
        let p = MarkPosition.fromGPSD(fix: fix(), receivedUnixNanoseconds: mark - 5_001_000_000, markUnixNanoseconds: mark)
        #expect(p.status == .stale)
        #expect(p.coordinate == brisbane)
        #expect(p.summary == "STALE fix, 5.0 s old: 27° 28'.02 S  153° 22'.84 E (gpsd 3D)")
        let edge = MarkPosition.fromGPSD(fix: fix(), receivedUnixNanoseconds: mark - 5_000_000_000, markUnixNanoseconds: mark)
        #expect(edge.status == .current)
    }

    @Test("No report, or no fix, records no position")
    func noFix() {
        let none = MarkPosition.fromGPSD(fix: nil, receivedUnixNanoseconds: nil, markUnixNanoseconds: mark)
        #expect(none.status == .noFix && none.source == .gpsd && none.summary == "no GPS fix (gpsd)")
        let mode1 = MarkPosition.fromGPSD(fix: fix(mode: 1), receivedUnixNanoseconds: mark, markUnixNanoseconds: mark)
        #expect(mode1.coordinate == nil && mode1.fixMode == 1 && mode1.status == .noFix)
    }

    @Test("Composer: gpsd beats the fixed position; correction and clock come along")
    func composer() {
        var settings = MarkSettings(fixedPosition: brisbane, correctionNanoseconds: -300_000_000)
        let kernel = ClockStatus.Kernel(synchronized: true, estimatedErrorMicroseconds: 500, maximumErrorMicroseconds: 9000)
        let fixed = MarkComposer.compose(unixNanoseconds: mark, note: "Sun LL", settings: settings, gps: nil, kernel: kernel)
        #expect(fixed.position == .fixed(brisbane))
        #expect(fixed.correctionNanoseconds == -300_000_000 && fixed.note == "Sun LL")
        #expect(fixed.clock.summary == "clock synced ±0.5 ms (kernel)")

        settings.gpsdAddress = .default
        var snap = GPSDSnapshot(address: .default, connection: .connected(release: "3.22"))
        snap.apply(.tpv(GPSDFix(mode: 3, timeUnixNanoseconds: mark - 150_000_000, position: brisbane)),
                   receivedUnixNanoseconds: mark - 100_000_000)
        let gps = MarkComposer.compose(unixNanoseconds: mark, note: "", settings: settings, gps: snap, kernel: kernel)
        #expect(gps.position.source == .gpsd && gps.position.status == .current)
        // TPV time − receipt = −50 ms: the coarse NMEA estimate
        #expect(gps.clock.gpsOffset == .init(nanoseconds: -50_000_000, method: .tpv))

        // gpsd without a current fix: the fixed position stands in…
        let absent = MarkComposer.compose(unixNanoseconds: mark, note: "", settings: settings,
                                          gps: GPSDSnapshot(address: .default, connection: .unavailable(reason: "refused")),
                                          kernel: nil)
        #expect(absent.position == .fixed(brisbane) && absent.clock.gpsOffset == nil)
        // …and without one, gpsd's state is recorded as it is.
        settings.fixedPosition = nil
        let stale = MarkComposer.compose(unixNanoseconds: mark + 9_000_000_000, note: "", settings: settings, gps: snap, kernel: nil)
        #expect(stale.position.status == .stale && stale.position.coordinate == brisbane)
    }

    @Test("Snapshot: PPS beats TOFF beats TPV; old offsets expire")
    func offsets() {
        var snap = GPSDSnapshot(address: .default)
        let t: Int64 = mark
        snap.apply(.pps(GPSDTimeOffset(realUnixNanoseconds: t, clockUnixNanoseconds: t + 300_000)), receivedUnixNanoseconds: t)
        snap.apply(.toff(GPSDTimeOffset(realUnixNanoseconds: t, clockUnixNanoseconds: t - 9_000_000)), receivedUnixNanoseconds: t + 1)
        snap.apply(.tpv(GPSDFix(mode: 3, timeUnixNanoseconds: t, position: brisbane)), receivedUnixNanoseconds: t + 2)
        #expect(snap.currentOffset(at: t + 3) == .init(nanoseconds: -300_000, method: .pps))
        #expect(snap.currentOffset(at: t + 10_000_000_001) == nil)
        snap.apply(.toff(GPSDTimeOffset(realUnixNanoseconds: t, clockUnixNanoseconds: t - 9_000_000)),
                   receivedUnixNanoseconds: t + 20_000_000_000)
        #expect(snap.currentOffset(at: t + 20_000_000_000) == .init(nanoseconds: 9_000_000, method: .toff))
    }
}
