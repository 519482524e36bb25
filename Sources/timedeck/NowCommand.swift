import ArgumentParser
import Foundation
import TimeKit

struct NowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "now",
        abstract: "Print the current instant: ISO-8601 UTC, Mark Time, Unix time, local time."
    )

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    func run() throws {
        let now = Date()
        print(ISOInstant.milliseconds(now), MarkTime.mark(now))
    }
}
