import ArgumentParser
import DeckShell
import Foundation
import TeamLog
import TimeKit
import TimeStore

/// `timedeck team …`: this station and the team log (issue 16).
struct TeamCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "team",
        abstract: "Send this station's queued marks to the team log, report on it, or withdraw copies sent under a wrong name.",
        discussion: """
            Set team.url (a postgresql:// URL) and optionally team.station with `timedeck config set`. \
            Marks are stored locally first and queued; every timedeck run sends the queue. \
            Marks sent under a mistyped team.station: correct it, then take the old copies back with \
            `timedeck team withdraw --station OLD --all`.
            """,
        subcommands: [TeamSyncCommand.self, TeamStatusCommand.self, TeamWithdrawCommand.self]
    )

    static func setup() throws -> TeamSetup {
        guard let team = CommandConfig.team else {
            throw MarksCLI.fail("no team is configured; set team.url (timedeck config set team.url postgresql://HOST/DB)")
        }
        return team
    }
}

/// `timedeck team sync [--all]`.
struct TeamSyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "Send every queued change to the team log now.")

    @Flag(help: "Also queue every mark stored here (marks made before the team was configured).")
    var all = false

    func run() throws {
        let team = try TeamCommand.setup()
        let db = try MarksCLI.openStore()
        if all { _ = try MarksCLI.store { try db.enqueueAllMarksForTeam() } }
        let queued = try MarksCLI.store { try db.outboxSummary().count }
        // Always connects, so an unreachable server is reported even with
        // nothing queued.
        switch Result(catching: { try TeamSender.sendAll(from: db, to: team.connect(), configuration: team.configuration) }) {
        case .success(let sent):
            let parked = (try? db.parkedOutbox().count) ?? 0
            Console.out("sent \(sent) change\(sent == 1 ? "" : "s") as station \(team.station) to \(team.redactedURL)"
                  + (queued > sent + parked ? "; \(queued - sent - parked) could not be read and " + (queued - sent - parked == 1 ? "stays" : "stay") + " queued" : "")
                  + (parked > 0 ? "; \(parked) refused by the server and set aside (timedeck team status says why)" : ""))
        case .failure(let error):
            throw MarksCLI.fail("\(TeamSetup.brief(error)); \(queued) change\(queued == 1 ? " stays" : "s stay") queued, safe here "
                                + "(server \(team.redactedURL)); start the server or correct team.url, then run timedeck team sync again", code: 1)
        }
    }
}

/// `timedeck team status [--json]`.
struct TeamStatusCommand: JSONCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Report the team log's server, this station and its queue (exit 1 if offline).")

    @OptionGroup var output: OutputOptions<TeamStatusCommand>
    static let jsonHelp = "Print a JSON object."
    var json: Bool { output.json }

    func run() throws {
        let team = try TeamCommand.setup()
        let db = try MarksCLI.openStore()
        let queue = try MarksCLI.store { try db.outboxSummary() }
        let parked = try MarksCLI.store { try db.parkedOutbox() }
        var report = Report(server: team.redactedURL, station: team.station, queued: queue.count,
                            oldestQueuedUtc: queue.oldestEnqueuedUnixNanoseconds.map {
                                ISOInstant.milliseconds(unixMilliseconds: SightingMark.milliseconds($0))
                            })
        report.refused = parked.map { Report.Refused(key: $0.uniqueKey, operation: $0.operation.rawValue, station: $0.station,
                                                     reason: $0.reason) }
        // Online only once every question was answered: a link cut midway
        // is offline with its reason, never "online, schema v0".
        do {
            let client = try team.connect()
            let connection = client.connection.serverDescription, tls = client.connection.usesTLS
            let version = try client.schemaVersion()
            let stations = try client.countsByStation().map { Report.Station(station: $0.station, marks: $0.marks) }
            let others = try client.otherFolderMarks(station: team.station, knownTo: db)
            let writtenHere = try client.stationsWrittenFrom(db, otherThan: team.station)
            let withdrawn = try client.withdrawnByStation()
            guard client.connection.isOK else { throw TeamLogError.lost(detail: "the server closed the connection") }
            report.online = true
            report.connection = connection
            report.tls = tls
            report.schemaVersion = version
            report.stations = stations
            report.writtenHereUnderOtherNames = writtenHere.map { Report.Station(station: $0.station, marks: $0.copies) }
            report.withdrawn = withdrawn.map { Report.Station(station: $0.station, marks: $0.copies) }
            if !others.isEmpty {
                report.otherFolder = Report.OtherFolder(
                    marks: others.count,
                    examples: others.prefix(3).map { "#\($0.mark.id.map(String.init) ?? "?") \($0.mark.isoText)" })
            }
        } catch {
            report.problem = TeamSetup.brief(error)
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            Console.json(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            Console.out(report.text)
        }
        if !report.online { throw ExitCode(1) }
    }

    struct Report: Encodable {
        struct Station: Encodable { var station: String; var marks: Int }
        /// A change the server refused for good, parked (issue 20).
        struct Refused: Encodable { var key: String; var operation: String; var station: String; var reason: String }
        var server: String
        var station: String
        var queued: Int
        var oldestQueuedUtc: String?
        var online = false
        var connection: String?
        var tls: Bool?
        var schemaVersion: Int?
        var stations: [Station] = []
        var problem: String?
        var refused: [Refused] = []
        /// Marks of this station that this folder never had (issue 20).
        struct OtherFolder: Encodable { var marks: Int; var examples: [String] }
        var otherFolder: OtherFolder?
        /// Issue 28: other stations holding copies of this folder's marks
        /// (sent under an earlier team.station), and the copies withdrawn.
        var writtenHereUnderOtherNames: [Station] = []
        var withdrawn: [Station] = []

        var text: String {
            var lines = ["server:  \(server)", "station: \(station)",
                         "queue:   \(queued) change\(queued == 1 ? "" : "s") to send" + (oldestQueuedUtc.map { " (oldest \($0))" } ?? "")]
            if online {
                lines.append("status:  online as \(connection ?? "?")\(tls == true ? ", TLS" : ", no TLS"), schema \(schemaVersion.map { "v\($0)" } ?? "version unknown")")
                for s in stations { lines.append("  \(InertText.display(s.station)): \(s.marks) mark\(s.marks == 1 ? "" : "s")") }
            } else {
                lines.append("status:  offline: \(problem ?? "?")")
            }
            if let otherFolder {
                lines.append("warning: another folder also writes as station \(station): \(otherFolder.marks) mark"
                             + "\(otherFolder.marks == 1 ? "" : "s") here never had (\(otherFolder.examples.joined(separator: ", "))); "
                             + "give each folder its own team.station")
            }
            for s in writtenHereUnderOtherNames {
                let name = InertText.display(s.station)
                lines.append("note:    station \(name) holds \(s.marks) cop\(s.marks == 1 ? "y" : "ies") of marks from this folder "
                             + "(sent under an earlier team.station?); if that name was a mistake, take them back with "
                             + "timedeck team withdraw --station \(name) --all")
            }
            if !withdrawn.isEmpty {
                lines.append("withdrawn: " + withdrawn.map { "\(InertText.display($0.station)) \($0.marks)" }.joined(separator: ", "))
            }
            if !refused.isEmpty {
                lines.append("refused: \(refused.count) change\(refused.count == 1 ? "" : "s") set aside, tried again when "
                             + "team.station or team.url changes:")
                for r in refused { lines.append("  \(r.operation) \(r.key) as \(r.station): \(r.reason)") }
            }
            return lines.joined(separator: "\n")
        }
    }
}
