import Foundation
import Testing
import TimeKit

/// `config keys`, `config keys --json` and `config init` through the real
/// binary list exactly the declared keys (issue 30: one source).
@Suite struct ConfigKeysListingTests {
    let dir = TemporaryFolder()
    var env: [String: String] { ["XDG_CONFIG_HOME": dir.url.path, "TIMEDECK_CONFIG": ""] }

    @Test func theJSONListsEveryDeclaredKeyWithBothLanguagesAndTheTextAgrees() throws {
        let r = try TimedeckBinary.run(["config", "keys", "--json"], environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        let rows = try #require(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]], "\(r.stdout.prefix(200))")
        #expect(rows.compactMap { $0["key"] as? String } == SettingKey.all.map(\.path))
        for row in rows {
            let help = row["help"] as? [String: String]
            #expect(!(help?["en"] ?? "").isEmpty && !(help?["ja"] ?? "").isEmpty && help?["en"] != help?["ja"], "\(row["key"] ?? "?")")
        }
        let offered = rows.filter { !($0["overlay"] is NSNull) }.compactMap { $0["key"] as? String }
        #expect(offered == SettingKey.all.filter { $0.overlay != nil }.map(\.path) && !offered.isEmpty)
        // The text form: the same keys, each with the declared default.
        let text = try TimedeckBinary.run(["config", "keys"], environment: env).stdout
        let heads = text.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map(String.init)
        #expect(heads == SettingKey.all.map { "\($0.path) = \($0.defaultText)" })
    }

    /// The file `config init` writes reads back to the defaults exactly
    /// (mars.longitude is left empty, so it does not override the Mars
    /// panel's own longitude), and `config check` finds nothing.
    @Test func theInitFileIsTheDefaults() throws {
        #expect(try TimedeckBinary.run(["config", "init"], environment: env).status == 0)
        let written = try String(contentsOfFile: dir.path("timedeck/config.toml"), encoding: .utf8)
        let (settings, problems) = Settings.parse(written)
        #expect(problems.isEmpty && settings == Settings(), "\(problems)")
        #expect(written.contains("\n[mars]\n") && written.contains("\nlongitude = \"\"\n"))
        #expect(try TimedeckBinary.run(["config", "check"], environment: env).status == 0)
        // And an empty longitude is a value `config set` takes back.
        #expect(try TimedeckBinary.run(["config", "set", "mars.longitude", "137.4"], environment: env).status == 0)
        #expect(try TimedeckBinary.run(["config", "set", "mars.longitude", ""], environment: env).status == 0)
        #expect(Settings.parse(try String(contentsOfFile: dir.path("timedeck/config.toml"), encoding: .utf8)).settings.marsLongitudeEast == nil)
    }
}
