import Foundation

/// Mars's relief in four elevation classes on a 2° grid, from the MOLA
/// MEGDR (NASA, public domain) as reduced by `scripts/reduce-mola.py` into
/// `Resources/mars-relief.txt`. Read once, the first time the sunclock is
/// drawn (`shared` is a lazy static); nothing else pays for it.
public struct MarsRelief: Sendable, Equatable {
    /// Class bounds in metres above the areoid: below −5 km is 0, below 0 is
    /// 1, below +3 km is 2, the rest 3.
    public static let boundsMetres = [-5000, 0, 3000]
    public static let rows = 90
    public static let columns = 180

    /// Row-major classes, row 0 at 90°N–88°N, column 0 at 0°E–2°E.
    let classes: [UInt8]

    public struct Malformed: Error, CustomStringConvertible {
        public var reason: String
        public var description: String {
            "timedeck: mars-relief.txt is damaged (\(reason)). Regenerate it with scripts/reduce-mola.py (docs/DATA.md)."
        }
    }

    public init(text: String) throws {
        var classes: [UInt8] = []
        classes.reserveCapacity(Self.rows * Self.columns)
        var rowCount = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) where !line.hasPrefix("#") {
            guard line.utf8.count == Self.columns else {
                throw Malformed(reason: "row \(rowCount + 1) has \(line.utf8.count) cells, not \(Self.columns)")
            }
            for byte in line.utf8 {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "3") else {
                    throw Malformed(reason: "row \(rowCount + 1) has a cell that is not 0–3")
                }
                classes.append(byte - UInt8(ascii: "0"))
            }
            rowCount += 1
        }
        guard rowCount == Self.rows else { throw Malformed(reason: "\(rowCount) rows, not \(Self.rows)") }
        self.classes = classes
    }

    /// The bundled relief, or nil when the file is missing or damaged (the
    /// sunclock is then drawn without it).
    public static let shared: MarsRelief? = {
        guard let url = try? ResourceLocator.url(for: "mars-relief.txt"),
              let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        return try? MarsRelief(text: text)
    }()

    /// The elevation class (0 lowest … 3 highest) of the 2° cell holding a
    /// point (planetocentric latitude, longitude east, any turn).
    public func elevationClass(latitude: Double, longitudeEast: Double) -> Int {
        elevationClass(row: Self.row(latitude: latitude), column: Self.column(longitudeEast: longitudeEast))
    }

    /// The class of a grid cell (`row(latitude:)`, `column(longitudeEast:)`):
    /// a picture that asks for thousands of dots finds each dot's row and
    /// column once per row and per column instead of once per dot.
    public func elevationClass(row: Int, column: Int) -> Int { Int(classes[row * Self.columns + column]) }

    /// The grid row holding a latitude, clamped to the poles.
    public static func row(latitude: Double) -> Int {
        min(max(Int(((90 - latitude) / 2).rounded(.down)), 0), rows - 1)
    }

    /// The grid column holding a longitude east (any turn).
    public static func column(longitudeEast: Double) -> Int {
        var lon = longitudeEast.truncatingRemainder(dividingBy: 360)
        if lon < 0 { lon += 360 }
        return min(max(Int((lon / 2).rounded(.down)), 0), columns - 1)
    }
}
