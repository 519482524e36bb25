import Foundation

/// The marks' settings as values: read from the config file's `[marks]`
/// table (`Settings`: position, gpsd, watch_error_seconds, bell, flash).
public struct MarkSettings: Equatable, Sendable {
    public var fixedPosition: GeoPosition?
    public var gpsdAddress: GPSDAddress?
    public var correctionNanoseconds: Int64
    public var bellEnabled: Bool
    public var flashEnabled: Bool

    public init(fixedPosition: GeoPosition? = nil, gpsdAddress: GPSDAddress? = nil, correctionNanoseconds: Int64 = 0,
                bellEnabled: Bool = true, flashEnabled: Bool = true) {
        self.fixedPosition = fixedPosition
        self.gpsdAddress = gpsdAddress
        self.correctionNanoseconds = correctionNanoseconds
        self.bellEnabled = bellEnabled
        self.flashEnabled = flashEnabled
    }

    /// From the config. A position or address text that does not parse
    /// counts as unset (the config check reports it); reduced motion turns
    /// the flash off.
    public init(_ settings: Settings) {
        self.init(fixedPosition: settings.fixedPosition.flatMap { try? GeoPosition(parsing: $0) },
                  gpsdAddress: settings.gpsdAddress.flatMap { try? GPSDAddress(parsing: $0) },
                  correctionNanoseconds: Int64((settings.watchErrorSeconds * 1_000_000_000).rounded()),
                  bellEnabled: settings.bell,
                  flashEnabled: settings.flash && !settings.reducedMotion)
    }

    /// Largest correction accepted on the command line (the config allows
    /// ±60 s): a watch error beyond an hour is a wrong time zone.
    public static let maximumCorrectionSeconds = 3600.0

    /// Bad correction text.
    public struct InvalidCorrection: Error, Equatable, CustomStringConvertible {
        public var input: String
        public var description: String {
            "cannot read correction \"\(InertText.display(input))\": give signed seconds between −3600 and 3600, "
                + "e.g. -0.3 for a 0.3 s reaction delay or -2 for a watch 2 s fast"
        }
    }

    /// Decimal seconds (`-0.35`, `+2`, `1.5s`) to nanoseconds.
    public static func correctionNanoseconds(parsing text: String) throws -> Int64 {
        var s = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\u{2212}", with: "-")
        if s.hasSuffix("s") { s.removeLast() }
        guard let seconds = Double(s), seconds.isFinite, abs(seconds) <= maximumCorrectionSeconds,
              s.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.".contains($0)) })
        else { throw InvalidCorrection(input: text) }
        return Int64((seconds * 1_000_000_000).rounded())
    }
}
