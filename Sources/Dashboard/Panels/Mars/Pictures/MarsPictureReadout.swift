import Foundation
import TimeKit

/// A picture in one line of words and numbers: the legend under a picture,
/// what replaces it when the panel is too small, and what plain mode says.
public enum MarsPictureReadout {
    public static func line(_ data: MarsPictureData, language l: UILanguage) -> String {
        switch data {
        case let .sunclock(subsolar, sites):
            var text = l.text(.marsPictureSunclock) + ": " + l.text(.subsolar) + " " + longitude(subsolar.x) + " "
                + latitude(subsolar.y)
            if let site = sites.first(where: \.isChosen) {
                let day = MarsPictureDrawing.isDay(latitude: site.latitude, longitudeEast: site.longitudeEast, subsolar: subsolar)
                text += " · " + site.name + " " + l.text(day ? .marsPictureDay : .marsPictureNight)
            }
            return text
        case let .orbit(planets, _, earthMarsAU):
            var text = l.text(.marsPictureOrbit) + ": " + l.text(.marsPictureEarthMars) + " " + decimal(earthMarsAU, 2) + " AU"
            if planets.count == 4 {
                text += " · " + l.text(.marsPictureEarth) + " " + heliocentric(planets[2]) + " "
                    + l.text(.mars) + " " + heliocentric(planets[3])
            }
            return text
        case let .path(site, _, now, maximum):
            var text = l.text(.marsPictureSolarPath) + " · " + site + ": " + l.text(.marsPictureNow) + " " + signed(now.y)
            if let maximum { text += " · " + l.text(.marsPictureNoon) + " " + signed(maximum) }
            return text
        case let .unavailable(kind, reason):
            return l.text(kind.title) + ": " + l.text(reason)
        }
    }

    /// The same fixed-point text as the panel's rows (`FixedText`), so the
    /// solar path's "now" and the Sun row above it round alike.
    static func decimal(_ value: Double, _ places: Int) -> String { FixedText.decimal(value, places: places) }
    static func signed(_ degrees: Double) -> String { (degrees >= 0 ? "+" : "") + decimal(degrees, 1) + "°" }
    static func longitude(_ east: Double) -> String { decimal(abs(east), 1) + (east < 0 ? "°W" : "°E") }
    static func latitude(_ north: Double) -> String { decimal(abs(north), 1) + (north < 0 ? "°S" : "°N") }
    /// Heliocentric ecliptic longitude, whole degrees.
    static func heliocentric(_ p: PicturePoint) -> String {
        var degrees = atan2(p.y, p.x) * 180 / .pi
        if degrees < 0 { degrees += 360 }
        return String(Int(degrees.rounded()) % 360) + "°"
    }
}
