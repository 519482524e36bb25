import Foundation
import TimeKit

/// The call planner's "here": the bundled city nearest the marks panel's
/// position (`herePosition`).
extension AppState {
    /// The bundled city nearest `herePosition` ("here" in the place picker).
    public var herePlace: Place? {
        guard let p = herePosition else { return nil }
        return calls.places?.nearest(latitudeDegrees: p.latitudeDegrees, longitudeDegrees: p.longitudeDegrees)
    }
}
