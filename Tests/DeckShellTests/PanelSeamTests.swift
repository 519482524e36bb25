import Dashboard
import Foundation
import Testing

/// The runtime names no panel (issue 30): outside a panel's own folders
/// (`Sources/Dashboard/Panels/<Panel>/`, `Sources/DeckShell/Panels/<Panel>/`)
/// only the registration files may name a panel — the registries, which
/// are exhaustive `switch`es, and the declarations of the slots the
/// compiler asks a new panel to fill. Everything else (`RunLoop`, the
/// runners, `EffectRunner`, `Program`, `update`, `render`, `Layout`,
/// `Header`, `StatusBar`, the store watch) asks protocols.
@Suite struct PanelSeamTests {
    /// Files that may name panels, and why. Each is compiler-checked: a new
    /// panel does not build until it has its line there.
    static let registrationFiles: [String: String] = [
        "Sources/Dashboard/Core/PanelID.swift": "the panel's identity",
        "Sources/Dashboard/Core/PanelRegistry.swift": "panel, action and event routing (exhaustive switches)",
        "Sources/Dashboard/Core/AppState.swift": "the panel's state slot",
        "Sources/Dashboard/Core/Effect.swift": "the panel's effect slot",
        "Sources/Dashboard/Core/Event.swift": "the panel's event slot",
        "Sources/Dashboard/Keys/Keymap.swift": "the panel's action slot",
        "Sources/Dashboard/Text/UIMessage+Japanese.swift": "the panel's name in Japanese (exhaustive switch)",
        "Sources/DeckShell/Shell/PanelServices.swift": "service routing (exhaustive switches)",
    ]

    /// Every type declared in a panel's folders, by panel folder.
    static func panelTypes() throws -> [String: Set<String>] {
        var types: [String: Set<String>] = [:]
        for base in ["Sources/Dashboard/Panels", "Sources/DeckShell/Panels"] {
            for file in StructureTests.swiftFiles(under: base) {
                let folder = file.deletingLastPathComponent().lastPathComponent
                let text = try String(contentsOf: file, encoding: .utf8)
                for match in text.matches(of: /(?m)^(?:public |final |private |fileprivate |internal )*(?:struct|enum|class|protocol|typealias) (\w+)/) {
                    types[folder, default: []].insert(String(match.1))
                }
            }
        }
        return types
    }

    /// What `text` names of a panel: its types, or its slot used with a
    /// payload or a member (`.marks(…)`, `state.calls.…`).
    static func panelNames(in text: String, types: Set<String>) -> [String] {
        var found: [String] = []
        let code = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line) }
            .joined(separator: "\n")
        // Simple word boundaries: Unicode's would read `Type.member` as one word.
        for word in code.matches(of: (/\b[A-Z]\w+\b/).wordBoundaryKind(.simple)) where types.contains(String(word.0)) {
            found.append(String(word.0))
        }
        let slots = PanelID.allCases.map(\.rawValue).joined(separator: "|")
        let slot = try! Regex<Substring>("\\.(?:\(slots))\\s*[.(]")
        found += code.matches(of: slot).map { String($0.0) }
        return found
    }

    @Test func noRuntimeFileNamesAPanel() throws {
        let types = try Self.panelTypes()
        // The panels' folders hold their types (a check that the scan works).
        #expect(types["Marks"]?.contains("MarksPanel") == true && types["Weather"]?.contains("WeatherService") == true)
        let allPanelTypes = types.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        var offenders: [String] = []
        for target in ["Sources/Dashboard", "Sources/DeckShell"] {
            for file in StructureTests.swiftFiles(under: target) {
                let path = String(file.path.dropFirst(StructureTests.root.path.count + 1))
                // The subcommands, each the CLI twin of an instrument and
                // naming it by nature, are their own target (TimedeckCommands).
                if path.contains("/Panels/") || Self.registrationFiles[path] != nil { continue }
                let names = Self.panelNames(in: try String(contentsOf: file, encoding: .utf8), types: allPanelTypes)
                if !names.isEmpty { offenders.append("\(path): \(Set(names).sorted().joined(separator: ", "))") }
            }
        }
        #expect(offenders.isEmpty, "runtime files that name a panel:\n\(offenders.joined(separator: "\n"))")
    }

    /// The scan finds what it must: a line like the ones issue 30 found.
    @Test func theScanFindsAPanelNamedInRuntimeCode() throws {
        let types = try Self.panelTypes().values.reduce(into: Set<String>()) { $0.formUnion($1) }
        #expect(Self.panelNames(in: "if state.calls.sweep != nil {}", types: types) == [".calls."])
        #expect(Self.panelNames(in: "return WeatherService.perform(e, running: r as? WeatherFetcher)", types: types)
                == ["WeatherService", "WeatherFetcher"])
        #expect(Self.panelNames(in: "events.append(.marks(.resumedAfterStop(at: at)))", types: types) == [".marks("])
        #expect(Self.panelNames(in: "// MarksPanel in a comment, case .marks, .calls:", types: types).isEmpty)
    }

    /// No protocol a panel conforms to has a default for a requirement: a
    /// new panel says what it does for each (the compiler asks), so none is
    /// a step one can forget.
    @Test func panelProtocolsHaveNoDefaults() throws {
        for (file, name) in [("Sources/Dashboard/Core/DashboardPanel.swift", "DashboardPanel"),
                             ("Sources/DeckShell/Shell/PanelServices.swift", "PanelService")] {
            #expect(try StructureTests.text(file).contains("protocol \(name)"))
            for source in StructureTests.swiftFiles(under: "Sources") {
                let text = try String(contentsOf: source, encoding: .utf8)
                #expect(!text.contains("extension \(name) {"), "\(source.lastPathComponent) gives \(name) a default")
                #expect(!text.contains("extension \(name) where"), "\(source.lastPathComponent) gives \(name) a default")
            }
        }
    }
}
