import Foundation
import TimeKit

/// Draws Mars24's three pictures in Braille from `MarsPictureData` (pure:
/// arithmetic on the data, no TimeKit call). Each layer has a meaning and a
/// role; without colour the dots alone tell the story (night is stippled,
/// sites are solid blobs, the horizon and the Earth–Mars line are dotted).
public enum MarsPictureDrawing {
    /// The picture in `columns` × `rows` cells or smaller (kept to its shape),
    /// nil for `.unavailable`. `relief` is read only for the sunclock (the
    /// bundled MOLA classes unless a test gives its own or nil).
    public static func draw(_ data: MarsPictureData, columns: Int, rows: Int,
                            relief: @autoclosure () -> MarsRelief? = MarsRelief.shared) -> BrailleLayers? {
        guard columns > 0, rows > 0 else { return nil }
        switch data {
        case let .sunclock(subsolar, sites):
            // An equirectangular map is twice as wide as tall; a cell is 2×4 dots.
            let h = min(rows, max(1, columns / 4))
            return sunclock(subsolar: subsolar, sites: sites, relief: relief(), columns: min(columns, 4 * h), rows: h)
        case let .orbit(planets, orbits, _):
            let h = min(rows, max(1, columns / 2))
            return orbit(planets: planets, orbits: orbits, columns: min(columns, 2 * h), rows: h)
        case let .path(_, samples, now, _):
            return path(samples: samples, now: now, columns: columns, rows: rows)
        case .unavailable:
            return nil
        }
    }

    // MARK: Sunclock

    /// Whether the Sun's centre is above the horizon at a point of the map
    /// (planetocentric latitude, longitude east), with the subsolar point's
    /// latitude planetographic (the declination) as Mars24 has it: the same
    /// formula as `MarsSolarPosition`, so the terminator is the sunrise line.
    public static func isDay(latitude: Double, longitudeEast: Double, subsolar: PicturePoint) -> Bool {
        let r = Double.pi / 180
        let phi = planetographic(latitude) * r
        let delta = subsolar.y * r
        let h = (longitudeEast - subsolar.x) * r
        return sin(phi) * sin(delta) + cos(phi) * cos(delta) * cos(h) > 0
    }

    /// tan φg = (a/b)² tan φc with the IAU 2000 radii (as `MarsSolarPosition`).
    static func planetographic(_ latitude: Double) -> Double {
        let ratio = 3396.19 / 3376.20
        return atan(tan(latitude * .pi / 180) * ratio * ratio) * 180 / .pi
    }

    /// Layers of the sunclock: sites, the Sun, features, relief, graticule, night.
    enum MapLayer: Int { case sites, sun, features, relief, graticule, night }

    static func sunclock(subsolar: PicturePoint, sites: [MapSite], relief: MarsRelief?,
                         columns: Int, rows: Int) -> BrailleLayers {
        var p = BrailleLayers(widthCells: columns, heightCells: rows,
                              roles: [.title, .warning, .normal, .dim, .dim, .dim])
        let w = p.widthDots, h = p.heightDots
        func dot(_ latitude: Double, _ longitude: Double) -> (x: Int, y: Int) {
            var lon = longitude.truncatingRemainder(dividingBy: 360)
            if lon > 180 { lon -= 360 } else if lon <= -180 { lon += 360 }
            return (Int(((lon + 180) / 360 * Double(w)).rounded(.down)).clamped(0, w - 1),
                    Int(((90 - latitude) / 180 * Double(h)).rounded(.down)).clamped(0, h - 1))
        }
        // Night: one dot in each cell (its left column, second row), tested at
        // that dot's centre: light enough that the features and sites drawn
        // over the night side still read, and in mono the day side is bare.
        let r = Double.pi / 180
        let delta = subsolar.y * r
        let cosH = (0..<w).map { x in cos(((Double(x) + 0.5) / Double(w) * 360 - 180 - subsolar.x) * r) }
        for y in stride(from: 1, to: h, by: 4) {
            let phi = planetographic(90 - (Double(y) + 0.5) / Double(h) * 180) * r
            let a = sin(phi) * sin(delta), b = cos(phi) * cos(delta)
            for x in stride(from: 0, to: w, by: 2) where a + b * cosH[x] <= 0 { p.set(MapLayer.night.rawValue, x, y) }
        }
        // Relief: the MOLA contours at −5 km, 0 and +3 km, a dot wherever a
        // dot's elevation class differs from its right or lower neighbour's
        // (each dot's class is that of the 2° cell under its centre).
        if let relief {
            let gridColumns = (0..<w).map { MarsRelief.column(longitudeEast: (Double($0) + 0.5) / Double(w) * 360 - 180) }
            var classes = [Int](repeating: 0, count: w * h)
            for y in 0..<h {
                let row = MarsRelief.row(latitude: 90 - (Double(y) + 0.5) / Double(h) * 180)
                for x in 0..<w { classes[y * w + x] = relief.elevationClass(row: row, column: gridColumns[x]) }
            }
            for y in 0..<h {
                for x in 0..<w {
                    let c = classes[y * w + x]
                    if c != classes[y * w + (x + 1) % w] || (y + 1 < h && c != classes[(y + 1) * w + x]) {
                        p.set(MapLayer.relief.rawValue, x, y)
                    }
                }
            }
        }
        // Graticule every 30°, a dot in three; the equator and the prime meridian a dot in two.
        for lat in stride(from: -60.0, through: 60, by: 30) {
            let y = dot(lat, 0).y
            for x in stride(from: 0, to: w, by: lat == 0 ? 2 : 3) { p.set(MapLayer.graticule.rawValue, x, y) }
        }
        for lon in stride(from: -150.0, through: 150, by: 30) {
            let x = dot(0, lon).x
            for y in stride(from: 0, to: h, by: lon == 0 ? 2 : 3) { p.set(MapLayer.graticule.rawValue, x, y) }
        }
        for feature in MarsMapFeature.all {
            switch feature.shape {
            case .mountain:
                let c = dot(feature.latitude, feature.longitudeEast)
                p.line(MapLayer.features.rawValue, from: (c.x - 1, c.y + 1), to: (c.x, c.y))
                p.line(MapLayer.features.rawValue, from: (c.x, c.y), to: (c.x + 1, c.y + 1))
            case .basin(let radius):
                var last: (x: Int, y: Int)?
                for k in 0...24 {
                    let t = Double(k) / 24 * 2 * .pi
                    let lat = feature.latitude + radius * sin(t)
                    let lon = feature.longitudeEast + radius * cos(t) / max(0.2, cos(feature.latitude * r))
                    let d = dot(lat, lon)
                    if let l = last, abs(l.x - d.x) < w / 2 { p.line(MapLayer.features.rawValue, from: l, to: d) }
                    last = d
                }
            case .trough(let toLatitude, let toLongitude):
                p.line(MapLayer.features.rawValue, from: dot(feature.latitude, feature.longitudeEast),
                       to: dot(toLatitude, toLongitude))
            }
        }
        let sun = dot(subsolar.y, subsolar.x)
        p.line(MapLayer.sun.rawValue, from: (sun.x - 2, sun.y), to: (sun.x + 2, sun.y))
        p.line(MapLayer.sun.rawValue, from: (sun.x, sun.y - 2), to: (sun.x, sun.y + 2))
        for site in sites {
            let d = dot(site.latitude, site.longitudeEast)
            p.blob(MapLayer.sites.rawValue, d.x, d.y, radius: site.isChosen ? 1 : 0)
        }
        return p
    }

    // MARK: Orbit plot

    /// Layers of the orbit plot: planets, the Sun, the Earth–Mars line, orbits.
    enum OrbitLayer: Int { case mars, earth, inner, sun, line, orbits }

    /// The farthest point the plot must hold: Mars at aphelion, with a margin.
    static let orbitReachAU = 1.7

    static func orbit(planets: [PicturePoint], orbits: [[PicturePoint]], columns: Int, rows: Int) -> BrailleLayers {
        var p = BrailleLayers(widthCells: columns, heightCells: rows,
                              roles: [.marsTime, .utcClock, .normal, .warning, .dim, .dim])
        let cx = p.widthDots / 2, cy = p.heightDots / 2
        let scale = orbitScale(columns: columns, rows: rows)
        func dot(_ q: PicturePoint) -> (x: Int, y: Int) {
            (cx + Int((q.x * scale).rounded()), cy - Int((q.y * scale).rounded()))
        }
        for trace in orbits where trace.count > 1 {
            for (a, b) in zip(trace, trace.dropFirst() + [trace[0]]) {
                p.line(OrbitLayer.orbits.rawValue, from: dot(a), to: dot(b))
            }
        }
        if planets.count == 4 {
            // The Earth–Mars line, a dot in two so that it reads as a sight line.
            let e = dot(planets[2]), m = dot(planets[3])
            let steps = max(abs(m.x - e.x), abs(m.y - e.y))
            if steps > 0 {
                for k in stride(from: 0, through: steps, by: 2) {
                    p.set(OrbitLayer.line.rawValue, e.x + (m.x - e.x) * k / steps, e.y + (m.y - e.y) * k / steps)
                }
            }
            p.blob(OrbitLayer.inner.rawValue, dot(planets[0]).x, dot(planets[0]).y, radius: 0)
            p.blob(OrbitLayer.inner.rawValue, dot(planets[1]).x, dot(planets[1]).y)
            p.blob(OrbitLayer.earth.rawValue, e.x, e.y)
            p.blob(OrbitLayer.mars.rawValue, m.x, m.y)
        }
        p.line(OrbitLayer.sun.rawValue, from: (cx - 1, cy), to: (cx + 1, cy))
        p.line(OrbitLayer.sun.rawValue, from: (cx, cy - 1), to: (cx, cy + 1))
        return p
    }

    /// Dots per AU of the orbit plot in a canvas of that many cells (square dots).
    public static func orbitScale(columns: Int, rows: Int) -> Double {
        Double(min(columns * 2, rows * 4)) / 2 / orbitReachAU
    }

    // MARK: Solar path

    /// Layers of the solar path: now, the path, the horizon and hour ticks.
    enum PathLayer: Int { case now, path, horizon }

    /// Elevations shown: the whole sky, horizon in the middle.
    static let pathElevationRange = -90.0...90.0

    static func path(samples: [PicturePoint], now: PicturePoint, columns: Int, rows: Int) -> BrailleLayers {
        var p = BrailleLayers(widthCells: columns, heightCells: rows, roles: [.marsTime, .normal, .dim])
        let w = p.widthDots, h = p.heightDots
        func dot(_ q: PicturePoint) -> (x: Int, y: Int) {
            let x = Int((q.x / 24 * Double(w - 1)).rounded()).clamped(0, w - 1)
            let span = pathElevationRange.upperBound - pathElevationRange.lowerBound
            let y = Int(((pathElevationRange.upperBound - q.y) / span * Double(h - 1)).rounded()).clamped(0, h - 1)
            return (x, y)
        }
        let horizon = dot(PicturePoint(0, 0)).y
        for x in stride(from: 0, to: w, by: 2) { p.set(PathLayer.horizon.rawValue, x, horizon) }
        for hour in stride(from: 0.0, through: 24, by: 6) {
            let x = dot(PicturePoint(hour, 0)).x
            p.line(PathLayer.horizon.rawValue, from: (x, horizon - 1), to: (x, horizon + 1))
        }
        for (a, b) in zip(samples, samples.dropFirst()) { p.line(PathLayer.path.rawValue, from: dot(a), to: dot(b)) }
        let n = dot(now)
        for y in stride(from: 0, to: h, by: 3) { p.set(PathLayer.now.rawValue, n.x, y) }
        p.blob(PathLayer.now.rawValue, n.x, n.y)
        return p
    }
}

extension Int {
    func clamped(_ low: Int, _ high: Int) -> Int { Swift.min(Swift.max(self, low), Swift.max(low, high)) }
}
