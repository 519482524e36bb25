import Foundation
import Testing

/// `timedeck marks add --gpsd` against a fake gpsd in the test process: a
/// TCP listener that answers `?WATCH` with garbage, an oversized line and
/// then real reports, or that hangs up at once.
@Suite("gpsd client against a fake gpsd", .serialized)
struct FakeGPSDTests {
    @Test("Garbage, an oversized line and unknown classes are skipped; the TPV after them is used")
    func garbageThenFix() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let server = try FakeServer(lines: [
            "{\"class\":\"VERSION\",\"release\":\"fake\",\"proto_major\":3,\"proto_minor\":14}\n",
            "this is not json\n",
            "{\"class\":\"TPV\",\"mode\":3,\"lat\":\"oops\"}\n",
            String(repeating: "x", count: 40_000) + "\n",
            String(repeating: "[", count: 5_000) + "\n",
            "{\"class\":\"ATT\",\"heading\":12}\n",
            "{\"class\":\"TPV\",\"device\":\"/dev/fake\",\"mode\":3,\"time\":\"2026-11-22T01:00:00.000Z\","
                + "\"lat\":-33.8688,\"lon\":151.2093,\"altHAE\":10}\n",
        ])
        defer { server.finish() }
        let out = try p.run(["marks", "add", "--gpsd", "127.0.0.1:\(server.port)", "--gps-wait", "3"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(server.received.hasPrefix("?WATCH={\"enable\":true,\"json\":true"))
        let m = try #require(try p.listJSON().first)
        #expect(m["positionSource"] as? String == "gpsd")
        #expect(m["positionStatus"] as? String == "current")
        #expect(m["latitude"] as? Double == -33.8688)
        #expect(m["longitude"] as? Double == 151.2093)
        #expect(m["fixTime"] as? String == "2026-11-22T01:00:00.000Z")
        #expect(out.stdout.contains("33° 52'.13 S  151° 12'.56 E (gpsd 3D"))
    }

    @Test("A gpsd that hangs up at once: the mark is recorded without a position, promptly")
    func hangUp() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let server = try FakeServer(lines: [], closeAtOnce: true)
        defer { server.finish() }
        let started = Date()
        let out = try p.run(["marks", "add", "--gpsd", "127.0.0.1:\(server.port)", "--gps-wait", "2"])
        #expect(out.status == 0)
        #expect(Date().timeIntervalSince(started) < 10)
        let m = try #require(try p.listJSON().first)
        #expect(m["positionSource"] as? String == "gpsd" && m["latitude"] is NSNull)
    }

    @Test("A fix without a position (mode 1) is recorded as no fix")
    func noFix() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let server = try FakeServer(lines: ["{\"class\":\"TPV\",\"mode\":1,\"time\":\"2026-11-22T01:00:00Z\"}\n"])
        defer { server.finish() }
        let out = try p.run(["marks", "add", "--gpsd", "127.0.0.1:\(server.port)", "--gps-wait", "0.7"])
        #expect(out.status == 0)
        let m = try #require(try p.listJSON().first)
        #expect(m["positionStatus"] as? String == "none" && m["fixMode"] as? Int == 1)
        #expect(out.stdout.contains("no GPS fix (gpsd)"))
    }
}

/// A one-connection TCP server on 127.0.0.1 with a random port.
final class FakeServer: @unchecked Sendable {
    let fd: Int32
    let port: UInt16
    private(set) var received = ""
    private let done = DispatchSemaphore(value: 0)

    init(lines: [String], closeAtOnce: Bool = false) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, len) == 0 && listen(fd, 4) == 0 && getsockname(fd, $0, &len) == 0
            }
        }
        guard ok else { close(fd); throw MarksProcess.Failure(message: "cannot listen") }
        self.fd = fd
        self.port = UInt16(bigEndian: addr.sin_port)
        let listener = fd
        Thread.detachNewThread { [self] in
            let client = accept(listener, nil, nil)
            defer { if client >= 0 { close(client) }; done.signal() }
            guard client >= 0, !closeAtOnce else { return }
            var buffer = [UInt8](repeating: 0, count: 1024)
            let n = recv(client, &buffer, buffer.count, 0)
            if n > 0 { received = String(decoding: buffer[0..<n], as: UTF8.self) }
            for line in lines {
                _ = line.withCString { send(client, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
            }
            usleep(1_500_000)  // keep the connection open while the CLI reads
        }
    }

    func finish() {
        _ = done.wait(timeout: .now() + 3)
        close(fd)
    }
}
