import Foundation
import Testing
@testable import Dashboard
import TimeKit

/// The registry lists each panel once, and every dispatch site reaches each
/// panel through it.
@Suite struct PanelRegistryTests {
    @Test func everyPanelIDHasExactlyOneConformance() {
        let ids = PanelRegistry.all.map { $0.id }
        #expect(Set(ids) == Set(PanelID.allCases))
        #expect(ids.count == PanelID.allCases.count)
        for id in PanelID.allCases { #expect(PanelRegistry.panel(id).id == id) }
    }

    @Test func keymapHoldsEveryPanelsBindings() {
        for panel in PanelRegistry.all {
            for binding in panel.keyBindings {
                #expect(Keymap.bindings.contains(binding), "\(panel.id): \(binding.help)")
            }
        }
        // The call editor's keys come with the call planner.
        #expect(Keymap.bindings.contains { $0.scope == .callEditor })
    }

    @Test func everyPanelSummarisesItselfInASnapshot() {
        let t = Date(timeIntervalSince1970: 1_768_000_000)
        let state = AppState(now: t, localZone: TimeZone(identifier: "UTC")!, panels: PanelID.allCases)
        for panel in PanelRegistry.all {
            #expect(!panel.summary(state).isEmpty, "\(panel.id) has no summary")
            #expect(panel.wantedRows(state) >= panel.minimumRows)
        }
    }
}
