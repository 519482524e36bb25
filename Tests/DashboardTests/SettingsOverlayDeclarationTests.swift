import Foundation
import Testing
@testable import Dashboard
import TimeKit

/// The settings overlay is derived from the declarations (issue 30): it
/// offers exactly the keys marked for it, shows each one's title and the
/// selected one's help in the interface language, on a 80×24 terminal too.
@Suite struct SettingsOverlayDeclarationTests {
    @Test func theOverlayOffersExactlyTheKeysMarkedForIt() {
        let marked = SettingKey.all.filter { $0.overlay != nil }.map(\.path)
        #expect(SettingsOverlay.items.map { $0.setting.path } == marked)
        for item in SettingsOverlay.items {
            #expect(item.title == item.setting.overlay?.title)
            #expect(item.choices.allSatisfy { "\($0.table).\($0.key)" == item.setting.path })
        }
    }

    @Test(arguments: [Settings.Language.en, .ja], [Size(columns: 80, rows: 24), Size(columns: 100, rows: 30)])
    func everyTitleAndTheSelectedHelpAreShown(language: Settings.Language, size: Size) {
        let l: UILanguage = language == .ja ? .ja : .en
        for (index, item) in SettingsOverlay.items.enumerated() {
            var s = AppState(now: fixedInstant, localZone: zone("UTC"), panels: [.marks, .mars, .calls])
            s.settings.language = language
            s.overlay = .settings(selected: index)
            let shown = render(s, size: size).lines.joined(separator: "\n")
            for other in SettingsOverlay.items {
                #expect(shown.contains(l.text(other.title)), "\(other.setting.path)'s title in \(l) at \(size)")
            }
            let help = DisplayWidth.wrapped(l.text(item.help), width: 56 - 4)
            #expect(help.first.map(shown.contains) == true, "\(item.setting.path)'s help in \(l) at \(size)")
        }
    }
}
