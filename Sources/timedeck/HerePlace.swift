import Foundation
import TimeKit

/// "here" in a place list on the command line: the bundled city nearest to
/// the configured position (`marks.position`). The dashboard also uses a
/// live gpsd fix (`AppState.herePosition`); a one-shot command does not wait
/// for gpsd.
enum HerePlace {
    static let unknownMessage = "\"here\" needs a position: set marks.position in the config file "
        + "(e.g. position = \"51.5074, -0.1278\"; see `timedeck config path`), or name the place."

    static func fromConfig(in db: PlaceDatabase, settings: Settings = ConfigFile.loadSettings().settings) -> Place? {
        guard let text = settings.fixedPosition, let position = try? GeoPosition(parsing: text) else { return nil }
        return db.nearest(latitudeDegrees: position.latitudeDegrees, longitudeDegrees: position.longitudeDegrees)
    }
}
