import Foundation
import Testing
@testable import Dashboard

/// Every key a panel binds in its own scope is named in that panel's part
/// of docs/USER-GUIDE.md (issue 30): derived from the registry, so a new
/// panel's keys are checked with no table to extend by hand.
@Suite struct PanelKeysDocumentedTests {
    static let guide: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            let file = url.appendingPathComponent("docs/USER-GUIDE.md")
            if let text = try? String(contentsOf: file, encoding: .utf8) { return text }
        }
        return ""
    }()

    /// The text of `## The <id> panel…` up to the next `## ` heading.
    static func part(of id: PanelID) -> String? {
        let parts = guide.components(separatedBy: "\n## ")
        return parts.first { $0.lowercased().hasPrefix("the \(id.rawValue) panel") }
    }

    /// The code spans of `text` (what the guide shows as keys: `` `n` ``,
    /// `` `↑`/`k` ``, `` `Shift-←` ``).
    static func codeSpans(_ text: String) -> Set<String> {
        Set(text.matches(of: /`([^`\n]+)`/).map { String($0.1) })
    }

    /// A key as the guide may write it: its label, or a letter's label.
    static func documented(_ key: Key, in spans: Set<String>) -> Bool {
        let label = key.label
        return spans.contains { span in
            span == label || span.split(separator: "/").contains { $0 == label }
                || span.split(separator: " ").contains { $0 == label }
        }
    }

    @Test func everyPanelKeyIsNamedInItsPartOfTheGuide() throws {
        #expect(!Self.guide.isEmpty)
        for panel in PanelRegistry.all {
            let part = try #require(Self.part(of: panel.id), "no part for \(panel.id) in the guide")
            let spans = Self.codeSpans(part)
            for binding in panel.keyBindings where binding.scope == .panel(panel.id) {
                let missing = binding.keys.filter { !Self.documented($0, in: spans) }
                #expect(missing.isEmpty, "\(panel.id): \(missing.map(\.label)) (\(UILanguage.en.text(binding.help))) not in its part of the guide")
            }
        }
    }

    @Test func aKeyLeftOutOfAPartIsFound() {
        #expect(Self.documented(.character("n"), in: ["n", "Enter"]))
        #expect(Self.documented(.up, in: ["↑/k"]))
        #expect(!Self.documented(.character("z"), in: ["n", "↑/k", "Shift-←"]))
    }
}
