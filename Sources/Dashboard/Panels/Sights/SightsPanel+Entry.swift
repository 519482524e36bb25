import Foundation
import TimeKit

/// The entry field: "BODY, HS" typed, the body completed with Tab, checked
/// on Enter before it goes to the store.
extension SightsPanel {
    /// Keys while the field is open; nil when it is closed.
    static func captureEntryKey(_ key: Key, in state: AppState) -> (AppState, [Effect])? {
        guard var entry = state.sights.entry else { return nil }
        var next = state
        // A refusal stays in view while its field is open: it says why.
        if entry.hasMark { next.sights.message = nil }
        switch key {
        case .escape:
            next.sights.entry = nil
            return (next, [])
        case .enter:
            return submit(entry, in: next)
        case .backspace, .delete:
            if !entry.text.isEmpty { entry.text.removeLast() }
        case .tab:
            let parts = entry.parts
            if parts.altitude == nil, let first = completions(entry, in: state).first { entry.text = first + ", " }
        case .character(let c) where !c.isNewline:
            if entry.text.count < SightsPanelState.entryLimit { entry.text.append(c) }
        default:
            break
        }
        next.sights.entry = entry
        return (next, [])
    }

    /// Names that complete the body typed so far (none once the comma is typed).
    static func completions(_ entry: SightEntry, in state: AppState) -> [String] {
        guard let almanac = state.sights.almanac?.almanac, entry.parts.altitude == nil else { return [] }
        return SightText.completions(of: entry.parts.body, almanac: almanac)
    }

    /// Checks the typed sight; a good one goes to the store, a bad one says why
    /// and leaves the field open to be corrected.
    static func submit(_ entry: SightEntry, in state: AppState) -> (AppState, [Effect]) {
        var next = state
        guard entry.hasMark else {
            next.sights.message = .init(.text(.sightNeedsMark), isError: true)
            return (next, [])
        }
        // A held mark may have reached SQLite while the sight was typed.
        guard let id = entry.markId ?? entry.heldKey.flatMap({ key in state.marks.marks.first { $0.uniqueKey == key }?.id }) else {
            next.sights.message = .init(.text(.sightMarkNotStored), isError: true)
            return (next, [])
        }
        var entry = entry
        entry.markId = id
        switch parse(entry, in: state) {
        case .failure(let refusal) where refusal.awaitsBrighterStars:
            // Not refused yet: the name may be a brighter star, read now
            // off the key path; Enter is done again when they come.
            next.sights.entryAwaitingBrighterStars = entry.text
            next.sights.message = .init(refusal.message)
            var effects: [Effect] = []
            if next.sights.brighterStars == .notAsked, let almanac = next.sights.almanac {
                next.sights.brighterStars = .asked
                effects = [.sights(.loadBrighterStars(almanac))]
            }
            return (next, effects)
        case .failure(let refusal):
            next.sights.message = .init(refusal.message, isError: true)
            return (next, [])
        case .success(let sight):
            next.sights.entry = nil
            next.sights.pending += 1
            next.sights.message = .init(.sightStoring(id: sight.markId, body: sight.bodyText))
            return (next, [.sights(.attach(sight))])
        }
    }

    /// Why a typed sight is refused, as a catalog message; or, with
    /// `awaitsBrighterStars`, why it waits: its body is no body of the
    /// almanac and the brighter stars have not been read yet.
    struct Refusal: Error {
        var message: UIMessage
        var awaitsBrighterStars = false
    }

    /// The typed sight, or the reason it cannot be stored: no almanac, an
    /// unknown body (with close names), an Hs that is not 0°–90°, or a body
    /// below the horizon from the DR at the mark's instant.
    static func parse(_ entry: SightEntry, in state: AppState) -> Result<MarkedSight, Refusal> {
        guard let almanac = state.sights.almanac?.almanac else { return .failure(Refusal(message: .text(.sightsAlmanacMissing))) }
        let (bodyPart, altitudePart) = entry.parts
        let typedBody = bodyPart.trimmingCharacters(in: .whitespaces)
        guard let altitudeText = altitudePart?.trimmingCharacters(in: .whitespaces), !altitudeText.isEmpty else {
            return .failure(Refusal(message: .text(.sightNeedsAltitude)))
        }
        guard let (body, limb) = try? SightText.body(typedBody, almanac: almanac) else {
            switch state.sights.brighterStars {
            case .notAsked, .asked:
                return .failure(Refusal(message: .sightLookingAmongBrighterStars(typed: typedBody), awaitsBrighterStars: true))
            case .unreadable(let problem):
                return .failure(Refusal(message: .sightsBrighterStarsUnreadable(problem: problem)))
            case .added:
                // Close names from every star, the brighter ones too; never the nearest taken.
                let close = SightText.closeNames(to: typedBody, almanac: almanac).joined(separator: ", ")
                return .failure(Refusal(message: .sightUnknownBody(typed: typedBody, close: close)))
            }
        }
        guard let hs = try? SightText.altitudeDegrees(altitudeText) else {
            return .failure(Refusal(message: .sightBadAltitude(typed: altitudeText)))
        }
        guard let markId = entry.markId else { return .failure(Refusal(message: .text(.sightMarkNotStored))) }
        let sight = MarkedSight(markId: markId, unixMilliseconds: entry.unixMilliseconds,
                                bodyText: body.name + limb.suffix, sextantAltitudeDegrees: hs, clock: entry.clock)
        if let dr = SightsReadout.deadReckoning(state).0,
           let entryAtMark = try? almanac.entry(for: body, atUnixSeconds: Double(entry.unixMilliseconds) / 1000) {
            let altitude = SightReduction.altitudeAndAzimuth(ghaDegrees: entryAtMark.ghaDegrees,
                                                             decDegrees: entryAtMark.decDegrees, from: dr).altitudeDegrees
            if altitude < lowestAltitudeDegrees {
                return .failure(Refusal(message: .sightBelowHorizon(body: sight.bodyText, altitude: SightsText.signedDegrees(altitude))))
            }
        }
        return .success(sight)
    }
}
