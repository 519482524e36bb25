import ArgumentParser
import DeckShell
import Foundation
import TeamLog
import TimeKit
import TimeStore

/// `timedeck team withdraw --station OLD (--all | --marks N,M) [--force]`
/// (issue 28): takes back the copies this folder wrote under a wrong
/// `team.station`. A tombstone per copy goes to the team log; every
/// station stops showing those rows, also when the same copy arrives again.
struct TeamWithdrawCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "withdraw",
        abstract: "Withdraw the copies this folder wrote to the team log under a wrong station name.",
        discussion: """
            After a mistyped team.station is corrected, the marks sent under the old name stay on the team \
            log beside the new copies (`timedeck team status` names such a station). This writes a \
            tombstone for each copy; every station then leaves them out, and a copy sent again later \
            stays out. Only copies of marks this folder has (stored here, or still queued) are withdrawn; \
            another station's own marks are refused unless --force. Nothing is deleted on the server.
            Examples:
              timedeck team withdraw --station nrth --all
              timedeck team withdraw --station nrth --marks 3,4
            """)

    @Option(help: "The wrong station name the copies were sent under.")
    var station: String

    @Flag(help: "Withdraw every copy of that station written from this folder.")
    var all = false

    @Option(help: "Withdraw only these marks of that station (their numbers as `marks list --team` shows them).")
    var marks: String?

    @Flag(help: "Also withdraw copies this folder never had (another station's own marks), or this station's current name.")
    var force = false

    func validate() throws {
        guard all != (marks != nil) else {
            throw MarksCLI.fail("give --all or --marks N,M (which copies of station \(InertText.display(station)) to withdraw)")
        }
        guard TeamStationName.isValid(station) else {
            throw MarksCLI.fail("\"\(InertText.display(station))\" is not a station name (letters, digits, . _ -, at most 63); "
                                + "`timedeck team status` lists the stations on the log")
        }
    }

    func run() throws {
        let team = try TeamCommand.setup()
        let ids = try marks.map(Self.parseIDs) ?? []
        if station == team.station && !force {
            throw MarksCLI.fail("\(station) is this station's name (team.station); to take back marks, delete them "
                                + "(timedeck marks delete ID); give --force to withdraw its copies anyway")
        }
        let db = try MarksCLI.openStore()
        do {
            let client = try team.connect()
            try TeamSender.sendAll(from: db, to: client, configuration: team.configuration)
            let copies = try client.marks(ofStation: station)
            guard !copies.isEmpty else {
                let stations = try client.countsByStation().map(\.station).filter { $0 != station }
                throw MarksCLI.fail("station \(InertText.display(station)) has no marks on the team log"
                                    + (stations.isEmpty ? "" : " (stations there: \(stations.map(InertText.display).joined(separator: ", ")))"))
            }
            var chosen = copies
            if !ids.isEmpty {
                chosen = copies.filter { $0.mark.id.map(ids.contains) ?? false }
                let missing = ids.filter { id in !chosen.contains { $0.mark.id == id } }
                if !missing.isEmpty {
                    throw MarksCLI.fail("station \(InertText.display(station)) has no mark " + missing.map { "#\($0)" }.joined(separator: ", ")
                                        + " on the team log (`timedeck marks list --team` shows its marks)")
                }
            }
            let keys = chosen.compactMap(\.mark.uniqueKey)
            let known = try db.knownTeamKeys(keys)
            let foreign = keys.filter { !known.contains($0) }
            if !foreign.isEmpty && !force {
                throw MarksCLI.fail("\(foreign.count) of the \(keys.count) copies of station \(InertText.display(station)) were not "
                                    + "written from this folder (their marks are not in this store): it may be another station's "
                                    + "own name; withdraw only yours with --marks, or give --force")
            }
            // The copies still queued here under the old name would only add rows every station hides.
            let queued = all ? try MarksCLI.store { try db.dropOutbox(station: station) } : []
            let new = try client.withdraw(station: station, keys: Array(Set(keys + queued)).sorted(), by: team.station)
            Console.out("withdrew \(keys.count) cop\(keys.count == 1 ? "y" : "ies") of station \(InertText.display(station)) "
                        + "from the team log (\(new) new tombstone\(new == 1 ? "" : "s")); every station leaves "
                        + (keys.count == 1 ? "it" : "them") + " out from now on")
        } catch let exit as ExitCode {
            throw exit
        } catch {
            throw MarksCLI.fail("\(TeamSetup.brief(error)); nothing was withdrawn (server \(team.redactedURL))", code: 1)
        }
    }

    /// `3,4` or `#3, #4`: the marks' numbers.
    static func parseIDs(_ text: String) throws -> [Int64] {
        let ids = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.map { part in
            Int64(part.hasPrefix("#") ? String(part.dropFirst()) : part)
        }
        guard !ids.isEmpty, ids.allSatisfy({ ($0 ?? 0) > 0 }) else {
            throw MarksCLI.fail("--marks takes mark numbers separated by commas (e.g. 3,4), not \"\(InertText.display(text))\"")
        }
        return ids.compactMap { $0 }
    }
}
