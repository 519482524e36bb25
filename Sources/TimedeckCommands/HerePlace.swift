import DeckShell
import Foundation
import TimeKit

/// "here" in a place list on the command line: the bundled city nearest to
/// the current gpsd fix, else to the configured position (`marks.position`)
/// — the same order as the dashboard (`AppState.herePosition`).
///
/// Looked up only when a place argument is "here", at most once a command:
/// gpsd (`marks.gpsd`, on by default at 127.0.0.1:2947) is asked for up to
/// `gpsWaitSeconds`; a gpsd that is not running costs nothing (the refused
/// connection returns at once). Which position was used goes to stderr, as
/// every other assumption about a place does.
final class HerePlace {
    /// How long a command waits for a fix from a gpsd that answers.
    static let gpsWaitSeconds = 2.0

    let places: PlaceDatabase?
    let settings: Settings
    private var looked = false
    private var found: (place: Place, note: CallNote)?

    init(places: PlaceDatabase?, settings: Settings = CommandConfig.settings) {
        self.places = places
        self.settings = settings
    }

    /// The place "here" means, with the note saying where that came from;
    /// nil when neither gpsd nor the config gives a position.
    func lookup() -> (place: Place, note: CallNote)? {
        if !looked {
            looked = true
            found = Self.find(in: places, settings: settings)
        }
        return found
    }

    static func find(in places: PlaceDatabase?, settings: Settings) -> (place: Place, note: CallNote)? {
        guard let places else { return nil }
        let (fix, withoutFix) = gpsdFix(settings)
        if let p = fix, let place = places.nearest(latitudeDegrees: p.latitudeDegrees, longitudeDegrees: p.longitudeDegrees) {
            return (place, .here(place: place.label, position: p.navigatorText, source: .gpsdFix))
        }
        guard let text = settings.fixedPosition, let p = try? GeoPosition(parsing: text),
              let place = places.nearest(latitudeDegrees: p.latitudeDegrees, longitudeDegrees: p.longitudeDegrees) else { return nil }
        return (place, .here(place: place.label, position: p.navigatorText,
                             source: .configured(gpsdWithoutFix: withoutFix, seconds: Int(gpsWaitSeconds))))
    }

    /// gpsd's 2D/3D fix when `marks.gpsd` is set and gpsd has one within
    /// `gpsWaitSeconds` (a refused address returns at once); else nil, with
    /// gpsd's address when it answered without a fix (why a configured
    /// position is used instead). Shared by "here" and `timedeck weather`.
    static func gpsdFix(_ settings: Settings) -> (position: GeoPosition?, withoutFix: String?) {
        guard let text = settings.gpsdAddress, let address = try? GPSDAddress(parsing: text) else { return (nil, nil) }
        let snapshot = GPSDClient.waitForFix(address: address, seconds: gpsWaitSeconds)
        if let fix = snapshot.fix, fix.hasFix, let p = fix.position { return (p, nil) }
        if case .connected = snapshot.connection { return (nil, text) }
        return (nil, nil)
    }
}
