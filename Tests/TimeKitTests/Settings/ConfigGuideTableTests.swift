import Foundation
import Testing
@testable import TimeKit

/// The user guide's config table is generated from the declarations
/// (`SettingKey.guideTable`) between two markers in docs/USER-GUIDE.md.
/// This fails when the committed table differs from the generated one;
/// `TIMEDECK_RECORD_DOCS=1 swift test --filter ConfigGuideTableTests`
/// writes the generated table into the guide.
@Suite struct ConfigGuideTableTests {
    static let begin = "<!-- config keys: generated from SettingKey.all; TIMEDECK_RECORD_DOCS=1 swift test --filter ConfigGuideTableTests rewrites it -->"
    static let end = "<!-- end of config keys -->"
    static let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../docs/USER-GUIDE.md").standardized

    @Test func theGuidesTableIsTheGeneratedOne() throws {
        let text = try String(contentsOf: Self.guide, encoding: .utf8)
        let before = try #require(text.range(of: Self.begin + "\n\n"), "no begin marker in \(Self.guide.path)")
        let after = try #require(text.range(of: "\n\n" + Self.end, range: before.upperBound..<text.endIndex), "no end marker")
        let committed = String(text[before.upperBound..<after.lowerBound])
        let generated = SettingKey.guideTable
        if ProcessInfo.processInfo.environment["TIMEDECK_RECORD_DOCS"] == "1", committed != generated {
            try text.replacingCharacters(in: before.upperBound..<after.lowerBound, with: generated)
                .write(to: Self.guide, atomically: true, encoding: .utf8)
            return
        }
        let committedRows = committed.split(separator: "\n").map(String.init)
        let generatedRows = generated.split(separator: "\n").map(String.init)
        for row in Set(generatedRows).subtracting(committedRows).sorted() { Issue.record("missing or different in the guide: \(row)") }
        for row in Set(committedRows).subtracting(generatedRows).sorted() { Issue.record("in the guide, not declared: \(row)") }
        #expect(committed == generated, "the guide's config table is not the generated one; rerun with TIMEDECK_RECORD_DOCS=1")
    }
}
