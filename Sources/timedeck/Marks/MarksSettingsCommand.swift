import ArgumentParser
import Foundation
import TimeKit
import TimeStore

/// `timedeck marks settings`: show or change what marks remember.
struct MarksSettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show or change the marks' position source, correction, bell and flash.")

    @Option(parsing: .unconditional, help: "Save a fixed position for new marks (and stop using gpsd).")
    var position: String?

    @Flag(help: "Forget the fixed position.")
    var noPosition = false

    @Option(help: "Take positions from gpsd at HOST:PORT.")
    var gpsd: String?

    @Flag(help: "Stop using gpsd.")
    var noGpsd = false

    @Option(parsing: .unconditional, help: "Watch error / reaction correction in seconds (0 for none).")
    var correction: String?

    @Option(help: "on or off: the double bell when a mark is recorded.")
    var bell: OnOff?

    @Option(help: "on or off: the flash of the new row.")
    var flash: OnOff?

    enum OnOff: String, ExpressibleByArgument, CaseIterable { case on, off }

    func run() throws {
        var changes: [String: String?] = [:]
        do {
            if let position {
                let p = try GeoPosition(parsing: position)
                changes[MarkSettings.Key.fixedPosition] = MarkSettings(fixedPosition: p).values[MarkSettings.Key.fixedPosition] ?? nil
                changes[MarkSettings.Key.gpsdAddress] = .some(nil)
            }
            if noPosition { changes[MarkSettings.Key.fixedPosition] = .some(nil) }
            if let gpsd { changes[MarkSettings.Key.gpsdAddress] = try GPSDAddress(parsing: gpsd).description }
            if noGpsd { changes[MarkSettings.Key.gpsdAddress] = .some(nil) }
            if let correction {
                let ns = try MarkSettings.correctionNanoseconds(parsing: correction)
                changes[MarkSettings.Key.correctionSeconds] = ns == 0 ? .some(nil) : MarkSettings.secondsText(ns)
            }
        } catch {
            throw MarksCLI.fail("\(error)")
        }
        if let bell { changes[MarkSettings.Key.bell] = bell.rawValue }
        if let flash { changes[MarkSettings.Key.flash] = flash.rawValue }
        let db = try MarksCLI.openStore()
        try MarksCLI.store {
            for (key, value) in changes { try db.writeSetting(key, value) }
        }
        let settings = MarkSettings(reading: { key in try? db.readSetting(key) })
        print("position:   " + (settings.gpsdAddress.map { "gpsd \($0)" }
                                ?? settings.fixedPosition.map { "fixed \($0.navigatorText)" } ?? "none"))
        print("correction: " + (settings.correctionNanoseconds == 0 ? "none"
                                : SightingMark.signedSeconds(nanoseconds: settings.correctionNanoseconds)))
        print("bell:       " + (settings.bellEnabled ? "on" : "off"))
        print("flash:      " + (settings.flashEnabled ? "on" : "off"))
        if let db = db.path { print("database:   \(db)") }
    }
}
