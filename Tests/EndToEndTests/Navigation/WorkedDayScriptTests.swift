import Foundation
import Testing

/// docs/USER-GUIDE.md's "A worked day at sea" is made by
/// scripts/worked-day.py with the built binary; its --check mode compares
/// each result with the ship's true track (sights from Skyfield + DE421).
/// This runs it (about 4 s) where Python has Skyfield and DE421.
@Suite("the guide's worked day at sea")
struct WorkedDayScriptTests {
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return url
    }()

    /// A python3 that can import what the script needs.
    static let python: String? = {
        let candidates = ["/usr/bin/python3", "/usr/local/bin/python3"]
            + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/python3" }
        return candidates.first { python in
            FileManager.default.isExecutableFile(atPath: python)
                && (try? spawnAndWait([python, "-c", "import skyfield, de421, jplephem; print('ok')"],
                                      environment: ProcessInfo.processInfo.environment))?.hasPrefix("ok") == true
        }
    }()

    @Test("every result of the worked day lands near the truth",
          .enabled(if: python != nil, "no python3 with skyfield, de421 and jplephem (pip install skyfield de421 jplephem)"))
    func theDayLandsNearTheTruth() throws {
        let python = try #require(Self.python)
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("worked-day-\(UUID().uuidString)").path
        let err = out + ".err"
        defer {
            try? FileManager.default.removeItem(atPath: out)
            try? FileManager.default.removeItem(atPath: err)
        }
        let script = Self.root.appendingPathComponent("scripts/worked-day.py").path
        let pid = try spawn([python, script, "--check", "--binary", MarksProcess.binary.path],
                            environment: ProcessInfo.processInfo.environment, stdin: "/dev/null", stdout: out, stderr: err)
        let status = waitForExit(pid)
        let stderr = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
        let data = try Data(contentsOf: URL(fileURLWithPath: out))
        let summary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "no summary: \(stderr)")
        #expect(status == 0, "worked-day.py --check failed: \(summary) \(stderr)")
        // The script's own limits, restated so a looser script cannot pass.
        #expect((summary["running_fix_miss_nm"] as? Double ?? 99) < 1)
        #expect((summary["evening_fix_miss_nm"] as? Double ?? 99) < 1)
        #expect(abs(summary["noon_lat_error_arcmin"] as? Double ?? 99) < 1)
        #expect(abs(summary["polaris_lat_error_arcmin"] as? Double ?? 99) < 1)
        #expect(abs(summary["compass_error_vs_truth_deg"] as? Double ?? 99) < 0.2)
        #expect(summary["average_outliers"] as? Int == 1)
    }
}
