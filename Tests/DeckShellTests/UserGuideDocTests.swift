import Dashboard
import Foundation
import Testing

/// docs/USER-GUIDE.md's shape (issue 30): a contents list that matches its
/// headings, and a part for every panel.
@Suite struct UserGuideDocTests {
    static func guide() throws -> String { try StructureTests.text("docs/USER-GUIDE.md") }

    /// The `##`–`####` headings outside code blocks, as (level, text).
    static func headings(_ text: String) -> [(level: Int, text: String)] {
        var inFence = false
        var found: [(Int, String)] = []
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("```") { inFence.toggle(); continue }
            guard !inFence, let match = line.wholeMatch(of: /(#{2,4}) (.+)/) else { continue }
            found.append((match.1.count, String(match.2)))
        }
        return found
    }

    /// GitHub's anchor for a heading: lower case, punctuation other than
    /// `-` and `_` dropped, spaces to `-`.
    static func anchor(_ heading: String) -> String {
        String(heading.lowercased().unicodeScalars.filter {
            CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" || $0 == " "
        }.map(Character.init)).replacingOccurrences(of: " ", with: "-")
    }

    @Test func theContentsListEveryHeadingWithItsAnchor() throws {
        let text = try Self.guide()
        let all = Self.headings(text)
        #expect(all.first?.text == "Contents", "the guide does not open with its contents")
        let listed = text.components(separatedBy: "\n## ").dropFirst().first { $0.hasPrefix("Contents\n") } ?? ""
        let entries = listed.matches(of: /\[(.+)\]\(#([^)]+)\)/).map { (text: String($0.1), anchor: String($0.2)) }
        let expected = all.dropFirst().map { (text: $0.text, anchor: Self.anchor($0.text)) }
        #expect(entries.map(\.text) == expected.map(\.text), "contents and headings differ")
        #expect(entries.map(\.anchor) == expected.map(\.anchor), "a contents link points at no heading")
    }

    @Test func everyPanelHasAPartOfItsOwn() throws {
        let parts = Self.headings(try Self.guide()).filter { $0.level == 2 }.map { $0.text.lowercased() }
        for panel in PanelID.allCases {
            #expect(parts.contains { $0.hasPrefix("the \(panel.rawValue) panel") },
                    "no \"## The \(panel.rawValue) panel\" part in docs/USER-GUIDE.md")
        }
    }

    @Test func everyLinkInsideTheGuideFindsItsHeading() throws {
        let text = try Self.guide()
        let anchors = Set(Self.headings(text).map { Self.anchor($0.text) })
        for link in text.matches(of: /\]\(#([^)]+)\)/) {
            #expect(anchors.contains(String(link.1)), "a link to #\(link.1) finds no heading")
        }
    }

    /// README links into sections of the guide (a renamed heading broke one).
    @Test func readmeLinksIntoTheGuideFindAHeading() throws {
        let anchors = Set(Self.headings(try Self.guide()).map { Self.anchor($0.text) })
        for link in try StructureTests.text("README.md").matches(of: /USER-GUIDE\.md#([^)\s]+)/) {
            #expect(anchors.contains(String(link.1)), "README links to USER-GUIDE.md#\(link.1), which is no heading")
        }
    }
}
