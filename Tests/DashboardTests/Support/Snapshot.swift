import Foundation
import Testing
@testable import Dashboard

/// Compares a frame's text with `Snapshots/<name>.txt`. Set
/// `TIMEDECK_RECORD_SNAPSHOTS=1` to (re)write the file on purpose; a missing
/// snapshot fails the test rather than recording itself silently.
func expectSnapshot(_ frame: Frame, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Snapshots")
    let file = folder.appendingPathComponent("\(name).txt")
    // Each row is fenced with '|' so trailing spaces are visible and kept.
    let text = frame.lines.map { "|\($0)|" }.joined(separator: "\n") + "\n"
    if ProcessInfo.processInfo.environment["TIMEDECK_RECORD_SNAPSHOTS"] == "1" {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? text.write(to: file, atomically: true, encoding: .utf8)
        return
    }
    guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
        Issue.record("Missing snapshot \(file.path); record it with TIMEDECK_RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
        return
    }
    #expect(text == expected, "frame differs from \(name).txt:\n\(text)", sourceLocation: sourceLocation)
}

/// 2026-11-21T23:47:12Z, a Saturday.
let fixedInstant = Date(timeIntervalSince1970: 1_795_304_832)

func zone(_ id: String) -> TimeZone { TimeZone(identifier: id) ?? TimeZone(secondsFromGMT: 0) ?? .current }
