import Foundation
import Testing
import TestSupport
@testable import TimeKit

/// The settings' one source (issue 30): every key is declared once
/// (`SettingKey.groups`), and these walk every declaration, so a key added
/// without a default that reads back, a property no key sets, or help in
/// one language only fails here without naming the key.
@Suite struct SettingDeclarationTests {
    /// Config text setting `key` to `value`.
    func text(_ key: SettingKey, _ value: ConfigDocument.Value) -> String { "[\(key.table)]\n\(key.key) = \(value)\n" }

    @Test func keysAreUniqueAndEachInItsGroupsTable() {
        let paths = SettingKey.all.map(\.path)
        #expect(Set(paths).count == paths.count, "a key is declared twice")
        // Read outside #expect: the 6.1 compiler crashes on a metatype
        // existential's members inside the macro.
        let groups: [(table: String, keys: [SettingKey])] = SettingKey.groups.map { ($0.table, $0.keys) }
        for group in groups {
            #expect(!group.keys.isEmpty, "[\(group.table)] has no keys")
            for key in group.keys { #expect(key.table == group.table, "\(key.path) is in [\(group.table)]'s group") }
        }
        #expect(Set(groups.map(\.table)).count == groups.count, "two groups fill one table")
        #expect(groups.flatMap(\.keys).map(\.path) == paths)
    }

    /// `Settings()` starts with each declared default (its properties read
    /// them), and the default written as the config file would hold it
    /// reads back to `Settings()` with no problem.
    @Test func everyDefaultIsWhatSettingsStartsWithAndReadsBack() {
        for key in SettingKey.all {
            #expect(key.holdsDefault(Settings()), "\(key.path): Settings() does not start at the default")
            #expect(key.current(Settings()) == key.defaultValue, "\(key.path)")
            let (parsed, problems) = Settings.parse(text(key, key.defaultValue))
            #expect(problems.isEmpty, "\(key.path) = \(key.defaultText): \(problems)")
            #expect(parsed == Settings(), "\(key.path) = \(key.defaultText) does not read back to the default")
        }
    }

    /// Each key's example (a valid value other than the default) is
    /// accepted, lands in `Settings`, and is no longer the default.
    @Test func everyKeyReachesItsSetting() {
        for key in SettingKey.all {
            #expect(key.example != key.defaultValue, "\(key.path): the example is the default")
            let (parsed, problems) = Settings.parse(text(key, key.example))
            #expect(problems.isEmpty, "\(key.path) = \(key.example): \(problems)")
            #expect(key.current(parsed) == key.example && !key.holdsDefault(parsed), "\(key.path) did not take \(key.example)")
            #expect(parsed != Settings(), "\(key.path) changes nothing in Settings")
        }
    }

    /// Every stored property of `Settings` is set by some key: a property
    /// added without a declaration (so with a default no list shows) fails.
    /// Only what no single key holds is exempt: the file's own Mars sites
    /// (`[mars-site-<id>]` tables) and the record of a refused weather.url.
    @Test func everySettingsPropertyIsSetBySomeKey() {
        let exempt: Set<String> = ["marsSites", "weatherURLRefused"]
        func fields(_ settings: Settings) -> [String: String] {
            Dictionary(uniqueKeysWithValues: Mirror(reflecting: settings).children.compactMap { child in
                child.label.map { ($0, String(reflecting: child.value)) }
            })
        }
        let defaults = fields(Settings())
        var reached = Set<String>()
        for key in SettingKey.all {
            let changed = fields(Settings.parse(text(key, key.example)).settings)
            reached.formUnion(changed.filter { defaults[$0.key] != $0.value }.map(\.key))
        }
        let missing = Set(defaults.keys).subtracting(reached).subtracting(exempt)
        #expect(missing.isEmpty, "Settings properties no key sets: \(missing.sorted())")
    }

    /// Help (and an overlay title) in English and in Japanese for every key:
    /// both present, different, and the Japanese written in Japanese.
    @Test func everyKeyHasHelpInBothLanguages() {
        for key in SettingKey.all {
            var texts = [key.help]
            if let overlay = key.overlay { texts.append(overlay.title) }
            for text in texts {
                #expect(!text.en.isEmpty && !text.ja.isEmpty, "\(key.path)")
                #expect(text.en != text.ja, "\(key.path): the Japanese is the English")
                #expect(text.ja.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) || (0x4E00...0x9FFF).contains($0.value) },
                        "\(key.path): \(text.ja) is not Japanese")
                #expect(!text.en.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) }, "\(key.path): kana in the English")
            }
        }
    }

    /// The overlay offers only what ←/→ can cycle, each choice accepted by
    /// its key, the default among them.
    @Test func everyOverlayChoiceIsAcceptedAndTheDefaultIsOne() {
        let offered = SettingKey.all.filter { $0.overlay != nil }
        #expect(!offered.isEmpty)
        for key in offered {
            let choices = key.overlay?.choices ?? []
            #expect(choices.count >= 2 && choices.contains(key.defaultValue), "\(key.path)")
            for choice in choices {
                var settings = Settings()
                #expect(throws: Never.self) { try key.apply(choice, to: &settings) }
                #expect(key.current(settings) == choice, "\(key.path) = \(choice)")
            }
        }
    }

    /// `config init`'s template: every key once, under its table, and it
    /// reads back to exactly `Settings()`.
    @Test func theTemplateHasEveryKeyAndReadsBackToSettings() {
        let template = SettingKey.template
        let (settings, problems) = Settings.parse(template)
        #expect(problems.isEmpty, "\(problems)")
        #expect(settings == Settings())
        let document = ConfigDocument(readingAround: template)
        #expect(document.entries.map { "\($0.table).\($0.key)" } == SettingKey.all.map(\.path))
    }

    /// `config keys --json`: one object per key with its typed default and
    /// both languages' help.
    @Test func theJSONListingHasEveryKeyTyped() throws {
        let rows = try #require(JSONSerialization.jsonObject(with: Data(SettingKey.listingJSON().utf8)) as? [[String: Any]])
        #expect(rows.map { $0["key"] as? String } == SettingKey.all.map(\.path))
        for (row, key) in zip(rows, SettingKey.all) {
            let help = row["help"] as? [String: String]
            #expect(help?["en"] == key.help.en && help?["ja"] == key.help.ja, "\(key.path)")
            switch key.defaultValue {
            case .boolean(let b): #expect((row["default"] as? Bool) == b, "\(key.path)")
            case .float(let d): #expect((row["default"] as? Double) == d, "\(key.path)")
            case .string(let s): #expect((row["default"] as? String) == s, "\(key.path)")
            default: Issue.record("\(key.path): unexpected default \(key.defaultValue)")
            }
            #expect((row["overlay"] is NSNull) == (key.overlay == nil), "\(key.path)")
        }
    }
}
