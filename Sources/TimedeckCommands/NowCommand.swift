import ArgumentParser
import DeckShell
import Foundation
import TimeKit

struct NowCommand: JSONCommand {
    static let configuration = CommandConfiguration(
        commandName: "now",
        abstract: "Print the current instant: ISO-8601 UTC, Mark Time, Unix time, local time and zone.",
        discussion: """
            Examples:
              timedeck now
              timedeck now --json | jq .unixMillis
            """
    )

    @OptionGroup var output: OutputOptions<NowCommand>
    static let jsonHelp = "Print one JSON object instead of text."
    var json: Bool { output.json }

    func run() throws { Self.answer(json: json) }

    /// The whole command (also reached without ArgumentParser: `QuickCommands`).
    static func answer(json: Bool) {
        let now = WallClock.now()
        let local = LocalZone.current()
        if let problem = local.problem { FileHandle.standardError.write(Data("note: \(problem)\n".utf8)) }
        let report = NowReport(now, zone: local.zone, name: local.name)
        print(json ? report.json : report.text)
    }
}

/// The `timedeck now` output for one instant, in text and JSON.
struct NowReport {
    let utc: String
    let markTime: String
    let unixMillis: Int64
    let local: String
    let zone: String
    let offset: String
    let offsetSeconds: Int

    init(_ date: Date, zone: ZoneRules, name: String? = nil) {
        utc = ISOInstant.milliseconds(date)
        markTime = MarkTime.mark(date)
        unixMillis = UTCFields.unixMilliseconds(date)
        local = LocalTimeText.isoLocal(date, in: zone)
        self.zone = name ?? zone.identifier
        offsetSeconds = zone.offsetSeconds(at: date)
        offset = LocalTimeText.offset(seconds: offsetSeconds)
    }

    var text: String {
        let seconds = Double(unixMillis) / 1000
        return """
            UTC        \(utc)
            Mark Time  \(markTime)
            Unix       \(String(format: "%.3f", seconds))
            Local      \(local) \(offset) \(zone)
            """
    }

    var json: String {
        let object: [String: Any] = [
            "utc": utc, "markTime": markTime, "unixMillis": unixMillis,
            "local": local, "zone": zone, "utcOffsetSeconds": offsetSeconds,
        ]
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]),
              let text = String(data: data, encoding: .utf8) else { return "{}" }
        return text
    }
}
