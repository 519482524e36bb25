import Dashboard
import Foundation
import TimeKit
import TimeStore

/// The sights panel's shell side: the almanac and the stored sights loaded
/// before the screen opens, and a sight stored on the store queue (the same
/// `AppDatabase.attachSight` as `timedeck marks sight`).
public enum SightsShell {
    /// The panel's starting state: the newest stored sights. The almanac
    /// comes after the first frame (`loadAlmanac`, on the store queue): it
    /// cost about 20 ms of a 35 ms start.
    static func initialState(now: Date, environment: [String: String], store: StoreHandle) -> SightsPanelState {
        var state = SightsPanelState()
        do {
            let stored = try store.existing()?.markSights() ?? []
            state = SightsPanelState(almanac: state.almanac, sights: stored.map(markedSight))
        } catch {
            state.message = .init(.verbatim("\(error)"), isError: true)
        }
        return state
    }

    /// The bundled almanac (with the newer of the bundled and system
    /// leap-second lists), as an event for the panel.
    public static func loadAlmanac(now: Date, environment: [String: String]) -> [Event] {
        let leap = LeapSecondList.load(environment: environment, nowUnixSeconds: Int64(now.timeIntervalSince1970.rounded(.down)))
        do {
            return [.sights(.almanacLoaded(LoadedAlmanac(try Almanac.loadBundled(leapSeconds: leap.table)), problem: nil))]
        } catch {
            return [.sights(.almanacLoaded(nil, problem: "\(error)"))]
        }
    }

    /// `state` as the dashboard shows it a moment after its first frame:
    /// the almanac read, and the brighter stars too when a stored sight
    /// names one (the panel's own `update` decides, answered at once). For
    /// `timedeck snapshot`, which has no second frame.
    public static func withAlmanac(_ state: AppState, environment: [String: String]) -> AppState {
        var program = Program(state: state)
        var performer = AnsweredAtOnce()
        for event in loadAlmanac(now: state.now, environment: environment) { program.send(event, to: &performer) }
        return program.state
    }

    /// The one effect the almanac's arrival can ask for, performed in line.
    private struct AnsweredAtOnce: EffectPerforming {
        mutating func perform(_ effect: Effect) -> [Event] {
            guard case .sights(.loadBrighterStars(let almanac)) = effect else {
                // `.almanacLoaded` asks for nothing else; a snapshot has no later frame to serve.
                return []
            }
            return SightsShell.loadBrighterStars(almanac)
        }
    }

    static func markedSight(_ stored: (mark: SightingMark, sight: MarkSight)) -> MarkedSight {
        MarkedSight(markId: stored.sight.markId, unixMilliseconds: stored.mark.correctedUnixMilliseconds,
                    bodyText: stored.sight.bodyText, sextantAltitudeDegrees: stored.sight.sextantAltitudeDegrees,
                    clock: stored.mark.clock)
    }

    /// The stored sights again, after another process changed the store
    /// (issue 28: `timedeck marks sight` elsewhere left the panel and its
    /// fix as they were, while marks, notes and calls followed).
    static func reload(store: StoreHandle) -> [Event] {
        guard let stored = try? store.existing()?.markSights() else { return [] }
        return [.sights(.reloaded(stored.map(markedSight)))]
    }

    /// The plotting sheet of `export` (`PlottingSheet.svg`, as `timedeck fix
    /// --plot` draws it) written to `<data folder>/sheets/<stem>.svg` (0700
    /// folder, 0600 file), whole or not at all (`NewFile`), never over an
    /// existing file: a taken name gets -2, -3, … (as snapshots do).
    public static func writeSheet(_ export: ChartExport, fileStem: String, environment: [String: String]) -> [Event] {
        var folderPath = "sheets"
        do {
            let data = try DatabaseLocation.folderURL(environment: environment)
            let folder = data.appendingPathComponent("sheets", isDirectory: true)
            folderPath = folder.path
            try DatabaseLocation.prepareFolder(data)
            try DatabaseLocation.prepareFolder(folder)
            // The stem is ours ("sheet-<UTC>"), but keep it one plain name.
            let safe = String(fileStem.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }.prefix(80))
            let svg = PlottingSheet.svg(export)
            var suffix = 1
            while true {
                let name = safe + (suffix == 1 ? "" : "-\(suffix)") + ".svg"
                let path = folder.appendingPathComponent(name).path
                do {
                    try NewFile.write(svg, to: path)
                    chmod(path, 0o600)
                    return [.sights(.sheetWritten(path: path, fix: export.fix != nil, lines: export.lines.count))]
                } catch where FileManager.default.fileExists(atPath: path) && suffix < 1000 {
                    suffix += 1  // taken (perhaps just now, by another process): the next name
                }
            }
        } catch {
            return [.sights(.sheetNotWritten(.cannotWrite(path: folderPath, reason: "\(error)")))]
        }
    }

    /// The day ahead at the DR (`SightsDay.plan`: a whole day of the Sun
    /// and Moon, tens of milliseconds), as an event; nil when it cannot be worked.
    static func planDay(_ request: SightsDay.Request) -> [Event] {
        [.sights(.dayPlanned(try? SightsDay.plan(request), for: request))]
    }

    /// The almanac with the brighter stars added, as `fix` adds them for a
    /// name it lacks (`Almanac.including` of `BrightStars.loadBundled`: a
    /// ~16 KB file, parsed on the store queue, never while a key waits), or
    /// why the file could not be read. `read` is the file's reader (tests
    /// give one that fails).
    public static func loadBrighterStars(_ almanac: LoadedAlmanac,
                                         read: () throws -> [NavigationalStar] = BrightStars.loadBundled) -> [Event] {
        do {
            return [.sights(.brighterStarsLoaded(LoadedAlmanac(almanac.almanac.including(try read())), problem: nil))]
        } catch {
            return [.sights(.brighterStarsLoaded(nil, problem: "\(error)"))]
        }
    }

    /// Performs a sights effect (on the store queue); the answer is an event.
    static func perform(_ effect: SightsEffect, store: StoreHandle) -> [Event] {
        switch effect {
        case .loadBrighterStars(let almanac):
            return loadBrighterStars(almanac)
        case let .writeSheet(export, stem):
            return writeSheet(export, fileStem: stem, environment: ProcessEnvironment.values)
        case .planDay(let request):
            return planDay(request)
        case .remove(let sight):
            do {
                let db = try store.forWriting(busyTimeout: AppDatabase.busyTimeoutSeconds)
                // Gone already (another process took it off) is removed all the same.
                _ = try db.removeSight(markId: sight.markId, busyTimeout: AppDatabase.busyTimeoutSeconds)
                return [.sights(.removed(sight))]
            } catch {
                return [.sights(.notStored(sight.markId, StoreProblem(error)))]
            }
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
