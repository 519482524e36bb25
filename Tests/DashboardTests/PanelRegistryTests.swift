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

    /// The keys README.md and the user guide document, written out by hand
    /// (not derived from the keymap), must reach their actions through
    /// dispatch with the panel focused.
    static let documentedKeys: [(PanelID, Key, Action)] = [
        (.marks, .space, .marks(.record)),
        (.marks, .character("n"), .marks(.editNote)),
        (.marks, .character("d"), .marks(.delete)),
        (.marks, .character("u"), .marks(.undo)),
        (.mars, .right, .mars(.stepLongitude(degrees: 0.1))),
        (.mars, .character("h"), .mars(.stepLongitude(degrees: -0.1))),
        (.mars, .character("L"), .mars(.stepLongitude(degrees: 10))),
        (.mars, .shiftLeft, .mars(.stepLongitude(degrees: -10))),
        (.mars, .character("s"), .mars(.nextSite)),
        (.mars, .character("a"), .mars(.toggleAdvanced)),
        (.mars, .character("v"), .mars(.toggleAllSites)),
        (.mars, .character("g"), .mars(.openGoTo)),
        (.calls, .right, .calls(.later)),
        (.calls, .left, .calls(.earlier)),
        (.calls, .character("H"), .calls(.hourEarlier)),
        (.calls, .character("L"), .calls(.hourLater)),
        (.calls, .character("n"), .calls(.toggleNow)),
        (.calls, .character("a"), .calls(.optimizeEarliest)),
        (.calls, .character("p"), .calls(.optimizeLatest)),
        (.calls, .character("b"), .calls(.optimizeBest)),
        (.calls, .character("u"), .calls(.undo)),
        (.calls, .character("g"), .calls(.goTo)),
        (.calls, .enter, .calls(.edit)),
        (.calls, .character("N"), .calls(.newCall)),
        (.marks, .character("s"), .sights(.enterSight)),
        (.sights, .character("s"), .sights(.enterSight)),
        (.sights, .enter, .sights(.enterSight)),
        (.sights, .character("x"), .sights(.removeSight)),
        (.sights, .character("u"), .sights(.undoRemoval)),
        (.marks, .character("W"), .weather(.focus)),
        (.calls, .character("W"), .weather(.focus)),
        (.weather, .character("e"), .weather(.toggleEnabled)),
        (.weather, .character("h"), .weather(.toggleSpan)),
    ]

    @Test func documentedPanelKeysReachTheirActions() {
        for (panel, key, action) in Self.documentedKeys {
            var state = AppState(now: Date(timeIntervalSince1970: 0), localZone: TimeZone(identifier: "UTC")!)
            state.focus = panel
            #expect(Keymap.action(for: key, in: activeScopes(state)) == action, "\(panel) \(key.label)")
        }
        // Every panel's main-screen keys still work with another panel focused.
        var other = AppState(now: Date(timeIntervalSince1970: 0), localZone: TimeZone(identifier: "UTC")!)
        other.focus = .calls
        #expect(Keymap.action(for: .character("?"), in: activeScopes(other)) == .showHelp)
        #expect(Keymap.action(for: .tab, in: activeScopes(other)) == .focusNext)
    }

    /// A key bound twice in one scope would shadow the second binding (its
    /// help row would lie).
    @Test func noKeyIsBoundTwiceInOneScope() {
        var seen: [String: String] = [:]
        for binding in Keymap.bindings {
            for key in binding.keys {
                let slot = "\(binding.scope) \(key.label)"
                #expect(seen[slot] == nil, "\(slot): \(seen[slot] ?? "") and \(binding.help)")
                seen[slot] = "\(binding.help)"
            }
        }
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
