import DeckShell
import Foundation
import TimeKit

/// `timedeck call … --ics FILE`: the chosen call as a calendar invitation.
enum CallInviteFile {
    static func invite(_ rows: [CallTimeRow], start: Date, minutes: Int?, now: Date,
                       changes: [ZoneClock.Transition?] = []) -> CalendarInvite {
        let names = rows.map(\.place.name)
        var lines = ["Local times:"]
        for row in rows {
            if let m = row.mars {
                // A Mars site keeps Mars time (its sol and LMST), as the table shows it.
                var line = "\(PlacesTable.label(row.place)): sol \(m.shownSol) \(m.clockText) LMST, \(row.period.title)"
                if !row.good { line += " — bad time" } else if row.endGood == false { line += " — ends in a bad time" }
                lines.append(line)
                continue
            }
            let r = row.reading
            var line = "\(PlacesTable.label(row.place)): \(r.weekdayName) \(r.wall.isoText.prefix(10)) \(CallCommand.hhmm(r))"
            if let end = row.endReading { line += "–\(CallCommand.hhmm(end))" + (row.endOffsetNote.map { " " + $0 } ?? "") }
            line += " (\(LocalTimeText.offset(seconds: r.utcOffsetSeconds))), \(row.period.title)"
            if !row.good { line += " — bad time" } else if row.endGood == false { line += " — ends in a bad time" }
            lines.append(line)
        }
        for (row, change) in zip(rows, changes) {
            if let change { lines.append(CallCommand.clockChangeLine(row.place, change)) }
        }
        lines.append("Planned with timedeck.")
        let seconds = UTCFields.unixSeconds(start)
        let key = names.joined(separator: "|").unicodeScalars.reduce(UInt64(1469598103934665603)) { ($0 ^ UInt64($1.value)) &* 1099511628211 }
        return CalendarInvite(
            summary: "Call: " + names.joined(separator: ", "),
            start: start, durationMinutes: minutes ?? 30,
            description: lines.joined(separator: "\n"),
            uid: "\(seconds)-\(String(key, radix: 16))@timedeck", stamp: now)
    }

    static func write(_ rows: [CallTimeRow], start: Date, minutes: Int?, to path: String, now: Date,
                      changes: [ZoneClock.Transition?] = []) throws {
        do {
            try NewFile.write(invite(rows, start: start, minutes: minutes, now: now, changes: changes).ics, to: path)
        } catch let failure as NewFile.Failure {
            throw CLIFailure.usage(failure.description.replacingOccurrences(of: "timedeck: ", with: ""))
        }
        Console.error("note: wrote the invitation to \(path)\n")
    }
}
