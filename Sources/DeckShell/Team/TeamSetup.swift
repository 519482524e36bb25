import Foundation
import TeamLog
import TimeKit
import TimeStore

/// This station's team settings (`team.url`, `team.station`), read through
/// `ConfigFile.loadSettings` like every other setting. Nil: no team.
public struct TeamSetup: Sendable {
    /// May hold a password: its printed forms hide it.
    public let url: ConnectionString
    public let station: String

    public var redactedURL: String { url.description }

    /// What a parked change was refused under (station and server): when it
    /// changes, parked changes are tried again.
    public var configuration: String { "\(station) \(redactedURL)" }

    public static func current(_ settings: Settings = ConfigFile.loadSettings().settings) -> TeamSetup? {
        guard let url = settings.teamURL else { return nil }
        return TeamSetup(url: url, station: TeamStationName.resolved(configured: settings.teamStation, hostName: hostName()))
    }

    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Connects (bounded by `timeoutSeconds`; libpq's minimum is 2 s).
    public func connect(timeoutSeconds: Int = 3) throws -> TeamLogClient {
        try TeamLogClient(url: url, timeoutSeconds: timeoutSeconds)
    }

    /// Sends what the store has queued, if anything. Failures are returned,
    /// never thrown: the marks are safe in the outbox and go next time.
    @discardableResult
    public func sendQueued(from db: AppDatabase) -> Result<Int, any Error> {
        do {
            guard try db.outboxSummary().count > 0 else { return .success(0) }
            return .success(try TeamSender.sendAll(from: db, to: connect(), configuration: configuration))
        } catch {
            return .failure(error)
        }
    }

    /// `sendQueued`, with a line on stderr when the team log is out of
    /// reach (for the `marks` commands: the mark itself is already stored).
    public func sendQueuedReporting(from db: AppDatabase) {
        if case .failure(let error) = sendQueued(from: db) {
            let count = (try? db.outboxSummary().count) ?? 0
            Console.error(("timedeck: team log not reached (\(Self.brief(error))); "
                + "\(count) change\(count == 1 ? "" : "s") queued, sent by the next timedeck run or `timedeck team sync`\n"))
        }
    }

    /// One line for an error talking to the team log (no password:
    /// `PGConnection` scrubs libpq's messages of every piece of it).
    public static func brief(_ error: any Error) -> String {
        if let error = error as? TeamLogError { return error.description }
        return AppDatabase.shortReason(error)
    }
}
