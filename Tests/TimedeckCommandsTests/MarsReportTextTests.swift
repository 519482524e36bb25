import Dashboard
import Testing
import TimeKit
@testable import TimedeckCommands

/// `timedeck mars`'s text report (moved from TimeKit's `MarsClock.text` when it
/// learned Japanese): the Mars24 worked example of 2000-01-06, by hand-checked lines.
@Suite struct MarsReportTextTests {
    let a = MarsClock(unixSeconds: 947_116_800, ttMinusUTCSeconds: 64.184, longitudeEast: 0)

    @Test func readableTable() {
        let lines = MarsReportText.report(a, site: nil, missionSol: nil, sky: nil, .en).split(separator: "\n").map(String.init)
        #expect(lines.contains("Coordinated Mars Time   23:59:39"))
        #expect(lines.contains("Local true solar time   23:38:54"))
        #expect(lines.contains("Solar longitude Ls      277.18759°  (northern winter)"))
        #expect(lines.contains("Equation of time        -5.18775°  (-20m45s Mars time)"))
        #expect(lines.contains("Mars Sol Date           44795.99976"))
        #expect(lines.contains("Mars Year               24"))
        #expect(lines.count == 20)
    }

    @Test func japaneseTableHasTheSameValuesInCell24() {
        let lines = MarsReportText.report(a, site: nil, missionSol: nil, sky: nil, .ja).split(separator: "\n").map(String.init)
        #expect(lines.count == 20)
        #expect(lines.contains { $0.hasPrefix("協定火星時 (MTC)") && $0.hasSuffix("23:59:39") })
        #expect(lines.contains { $0.hasSuffix("277.18759°  （北半球の冬）") })
        #expect(lines.contains { $0.hasSuffix("-5.18775°  （火星時間 -20分45秒）") })
        for line in lines {
            let valueStart = line.firstIndex { $0.isNumber || $0 == "-" }
            if let valueStart, !line.hasPrefix("J2000"), !line.hasPrefix("TT") {
                #expect(DisplayWidth.of(String(line[..<valueStart])) == 24, "\(line)")
            }
        }
    }
}
