import ArgumentParser
import Dashboard
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
        // The language costs a read of the config file, so only the text form pays it.
        print(json ? report.json : report.text(CommandConfig.language))
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

    /// The four lines, labelled in `language` (the values the same in every language).
    func text(_ language: UILanguage = .en) -> String {
        language.text(.nowReport(utc: utc, markTime: markTime, unix: Self.unixSeconds(unixMillis),
                                 local: "\(local) \(offset) \(zone)"))
    }

    /// Milliseconds as seconds with three decimals (`-1.500`, `1796475951.313`),
    /// as `String(format: "%.3f")` prints them, from the integer alone: the
    /// first `String(format:)` of a process costs about 1.2 M instructions
    /// (the runtime's first look for `CVarArg` conformances; issue 31).
    static func unixSeconds(_ millis: Int64) -> String {
        let magnitude = millis.magnitude
        let fraction = Int(magnitude % 1000)
        let digits = fraction < 10 ? "00\(fraction)" : fraction < 100 ? "0\(fraction)" : "\(fraction)"
        return "\(millis < 0 ? "-" : "")\(magnitude / 1000).\(digits)"
    }

    /// One object, keys sorted, written directly: `JSONSerialization` cost
    /// 4.3 M instructions here, half of the whole `now --json` (issue 31).
    /// The strings are ours (digits) or made inert (the zone's name), and
    /// `QuotedString` escapes whatever could still need it.
    var json: String {
        let q = QuotedString.literal
        return "{\"local\":\(q(local)),\"markTime\":\(q(markTime)),\"unixMillis\":\(unixMillis),"
            + "\"utc\":\(q(utc)),\"utcOffsetSeconds\":\(offsetSeconds),\"zone\":\(q(zone))}"
    }
}
