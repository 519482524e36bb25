import Foundation
import Testing
import TestSupport

/// Issue 29: a forecast server's impossible numbers are a problem the user
/// is told about, never a crash. Through the real binary and the same
/// ask-and-keep path the dashboard's weather worker runs.
@Suite struct WeatherExtremeNumbersTests {
    @Test(arguments: ["1e300", "-9.3e18", "9223372036854775808"])
    func anImpossibleUTCOffsetIsReportedNotACrash(offset: String) throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let body = WeatherCLITests.sample().json
            .replacingOccurrences(of: "\"utc_offset_seconds\":0", with: "\"utc_offset_seconds\":\(offset)")
        #expect(body != WeatherCLITests.sample().json)
        let server = try LocalHTTPServer { _ in .answer(status: 200, body: body) }
        defer { server.stop() }
        try WeatherCLITests.setUp(p, server: server)
        let out = try p.run(["weather"])
        #expect(out.status == 1, "\(offset): exit \(out.status), \(out.stderr)")
        #expect(out.stderr.contains("impossible value: utc_offset_seconds"), "\(out.stderr)")
        #expect(out.stderr.contains("Check weather.url"), "\(out.stderr)")
    }
}
