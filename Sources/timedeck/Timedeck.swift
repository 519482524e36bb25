import ArgumentParser
import Foundation
import TimeKit

@main
struct Timedeck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timedeck",
        abstract: "A full-screen terminal time dashboard: UTC marks, Mars time and call planning.",
        version: "timedeck \(TimedeckVersion.string) (time-zone data \(TimeZone.timeZoneDataVersion))",
        subcommands: [NowCommand.self, MarksCommand.self]
    )

    func run() throws {
        print("dashboard")
    }
}

enum TimedeckVersion {
    static let string = "0.1.0"
}
