import Dashboard
import Foundation
import TimeKit
import TimeStore

/// The sights panel's shell side: the almanac and the stored sights loaded
/// before the screen opens, and a sight stored on the store queue (the same
/// `AppDatabase.attachSight` as `timedeck marks sight`).
enum SightsShell {
    /// The panel's starting state: the bundled almanac (with the newer of the
    /// bundled and system leap-second lists) and the newest stored sights.
    static func initialState(now: Date, environment: [String: String], store: StoreHandle) -> SightsPanelState {
        var state = SightsPanelState()
        let leap = LeapSecondList.load(environment: environment, nowUnixSeconds: Int64(now.timeIntervalSince1970.rounded(.down)))
        do {
            state.almanac = LoadedAlmanac(try Almanac.loadBundled(leapSeconds: leap.table))
        } catch {
            state.almanacProblem = "\(error)"
        }
        do {
            let stored = try store.existing()?.markSights() ?? []
            state = SightsPanelState(almanac: state.almanac, sights: stored.map(markedSight))
        } catch {
            state.message = .init(.verbatim("\(error)"), isError: true)
        }
        return state
    }

    static func markedSight(_ stored: (mark: SightingMark, sight: MarkSight)) -> MarkedSight {
        MarkedSight(markId: stored.sight.markId, unixMilliseconds: stored.mark.correctedUnixMilliseconds,
                    bodyText: stored.sight.bodyText, sextantAltitudeDegrees: stored.sight.sextantAltitudeDegrees)
    }

    /// Performs a sights effect (on the store queue); the answer is an event.
    static func perform(_ effect: SightsEffect, store: StoreHandle) -> [Event] {
        switch effect {
        case .attach(let sight):
            do {
                let db = try store.forWriting(busyTimeout: AppDatabase.busyTimeoutSeconds)
                let stored = MarkSight(markId: sight.markId, bodyText: sight.bodyText,
                                       sextantAltitudeDegrees: sight.sextantAltitudeDegrees)
                guard let mark = try db.attachSight(stored, busyTimeout: AppDatabase.busyTimeoutSeconds) else {
                    return [.sights(.noSuchMark(sight.markId))]
                }
                return [.sights(.stored(markedSight((mark, stored))))]
            } catch {
                return [.sights(.notStored(sight.markId, StoreProblem(error)))]
            }
        }
    }
}

extension SightsShell: PanelService {
    static func load(into state: inout AppState, store: StoreHandle) throws {
        state.sights = initialState(now: state.now, environment: ProcessInfo.processInfo.environment, store: store)
    }
}
