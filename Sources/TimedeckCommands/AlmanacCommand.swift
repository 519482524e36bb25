import ArgumentParser
import Foundation
import TimeKit

/// `timedeck almanac [BODY] --at ISO [--json]`.
struct AlmanacCommand: JSONCommand {
    static let configuration = CommandConfiguration(
        commandName: "almanac",
        abstract: "GHA, declination, SHA, semi-diameter and parallax of the navigational bodies at an instant.",
        discussion: """
            Geocentric apparent places (true equator and equinox of date) from JPL DE421 and Hipparcos, \
            with UT1 from IERS tables; 1972 to 2100. Without BODY, every body: Sun, Moon, Venus, Mars, Jupiter, \
            Saturn, the 57 navigational stars and Polaris; BODY may also be one of the brighter stars identify \
            names (Mizar, Alhena, HIP 86670). GHA, Dec and SHA in degrees, SD and HP in arcminutes.
            """
    )

    @Argument(help: "A body: Sun, Moon, Venus, Mars, Jupiter, Saturn or a star name (\"Kaus Australis\", \"Alhena\").")
    var body: String?

    @Option(help: "The UTC instant (ISO 8601, e.g. 2024-05-27T02:01:35Z); default now.")
    var at: String?

    @OptionGroup var output: OutputOptions<AlmanacCommand>
    static let jsonHelp = "JSON output."
    var json: Bool { output.json }

    func run() throws {
        // The brighter stars (`identify`'s) only when BODY names one of them.
        let almanac = try NavigationCLI.almanac(try NavigationCLI.loadAlmanac(), naming: body.map { [$0] } ?? [])
        let unixSeconds = try NavigationCLI.instant(at)
        NavigationCLI.noteUT1(almanac, unixSeconds)
        try NavigationCLI.guarding {
            let bodies = try body.map { [try SightText.body($0, almanac: almanac).body] } ?? almanac.bodies
            let now = try almanac.instant(atUnixSeconds: unixSeconds)
            let entries = try bodies.map { try almanac.entry(for: $0, at: now) }
            if json {
                let objects = entries.map(Self.json)
                print(body == nil ? "[\n" + objects.joined(separator: ",\n") + "\n]" : objects[0])
            } else {
                print("UTC \(NavigationCLI.utc(unixSeconds))   UT1 − UTC \(String(format: "%+.4f", now.time.ut1MinusUTCSeconds)) s")
                for entry in entries { print(Self.text(entry)) }
            }
        }
    }

    static func json(_ e: AlmanacEntry) -> String {
        var fields = ["\"body\":" + NavigationCLI.string(e.body.name), "\"utc\":" + NavigationCLI.string(NavigationCLI.utc(e.unixSeconds)),
                      "\"gha\":" + NavigationCLI.number(e.ghaDegrees, 7), "\"dec\":" + NavigationCLI.number(e.decDegrees, 7)]
        if let sha = e.shaDegrees { fields.append("\"sha\":" + NavigationCLI.number(sha, 7)) }
        if let sd = e.semiDiameterArcminutes { fields.append("\"sd\":" + NavigationCLI.number(sd, 4)) }
        if let hp = e.horizontalParallaxArcminutes { fields.append("\"hp\":" + NavigationCLI.number(hp, 4)) }
        fields.append("\"magnitude\":" + NavigationCLI.number(e.magnitude, 2))
        return "{" + fields.joined(separator: ",") + "}"
    }

    static func text(_ e: AlmanacEntry) -> String {
        var line = e.body.name.padding(toLength: 16, withPad: " ", startingAt: 0)
            + "GHA " + NavigationCLI.degreesMinutes(e.ghaDegrees).leftPadded(11)
            + "   Dec " + NavigationCLI.degreesMinutes(e.decDegrees, positive: "N", negative: "S").leftPadded(11)
        if let sha = e.shaDegrees { line += "   SHA " + NavigationCLI.degreesMinutes(sha).leftPadded(11) }
        if let sd = e.semiDiameterArcminutes { line += String(format: "   SD %.1f′", sd) }
        if let hp = e.horizontalParallaxArcminutes { line += String(format: "   HP %.1f′", hp) }
        return line
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
