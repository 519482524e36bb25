import Dashboard
import Foundation
import Testing
@testable import DeckShell

/// docs/ARCHITECTURE.md kept true where code can say what is true: its
/// panel table against `PanelID`, its worker table against `WorkerName`
/// and the workers `Sources/` makes.
@Suite struct ArchitectureDocTests {
    static func architecture() throws -> String { try StructureTests.text("docs/ARCHITECTURE.md") }

    /// The rows of the first table after the heading line `heading`, each
    /// as its cells (the header and the `|---|` line left out).
    static func tableRows(after heading: String, in text: String) -> [[String]] {
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: heading) else { return [] }
        let table = lines[(start + 1)...].drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
        return table.dropFirst(2).map { line in
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    /// The text between backticks in `cell`.
    static func codeSpans(_ cell: String) -> [String] {
        cell.matches(of: /`([^`]+)`/).map { String($0.1) }
    }

    /// The `PanelID` column of the panel table, in the table's order.
    static func documentedPanels(_ text: String) -> [String] {
        tableRows(after: "## Panels", in: text).flatMap { row in
            row.count > 1 ? codeSpans(row[1]).filter { $0.hasPrefix(".") }.map { String($0.dropFirst()) } : []
        }
    }

    /// The thread column of the worker table.
    static func documentedWorkers(_ text: String) -> [String] {
        tableRows(after: "### Workers: one type for every background thread", in: text).flatMap { row in
            row.count > 1 ? codeSpans(row[1]) : []
        }
    }

    @Test func thePanelTableListsEveryPanelIDInOrder() throws {
        let documented = Self.documentedPanels(try Self.architecture())
        #expect(documented == PanelID.allCases.map(\.rawValue),
                "docs/ARCHITECTURE.md \"## Panels\" lists \(documented); PanelID has \(PanelID.allCases.map(\.rawValue))")
    }

    @Test func noOtherPanelCountIsClaimed() throws {
        let text = try Self.architecture().lowercased()
        let words = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
        let count = words[PanelID.allCases.count - 1]
        for (index, word) in words.enumerated() where index + 1 != PanelID.allCases.count {
            let claimed = text.contains("the \(word) panels")
            #expect(!claimed, "ARCHITECTURE says \"the \(word) panels\"; there are \(count)")
        }
    }

    @Test func theWorkerTableNamesEveryWorkerThread() throws {
        let documented = Self.documentedWorkers(try Self.architecture())
        #expect(Set(documented) == Set(WorkerName.allCases.map(\.rawValue)),
                "docs/ARCHITECTURE.md's worker table names \(documented); WorkerName has \(WorkerName.allCases.map(\.rawValue))")
        #expect(documented.count == WorkerName.allCases.count,
                "the worker table lists \(documented.count) threads for \(WorkerName.allCases.count) names: \(documented)")
    }

    /// Every worker the product makes is named by a `WorkerName` case, and
    /// every case is used: the worker table above is then the product's.
    @Test func theProductMakesExactlyTheNamedWorkers() throws {
        var used: Set<String> = []
        for file in StructureTests.swiftFiles(under: "Sources") {
            let text = try String(contentsOf: file, encoding: .utf8)
            let bareName = text.contains(/\bWorker\(\s*name:/)
            #expect(!bareName, "\(file.lastPathComponent) makes a worker with a bare name; add a WorkerName case")
            for match in text.matches(of: /\bWorker\(\s*\.(\w+)\s*,/) { used.insert(String(match.1)) }
        }
        #expect(used == Set(WorkerName.allCases.map { "\($0)" }),
                "Sources/ makes workers \(used.sorted()); WorkerName has \(WorkerName.allCases.map { "\($0)" })")
    }
}
