import Foundation

/// What the marks remember between runs, kept in the store's settings table
/// under these keys (values are text).
public struct MarkSettings: Equatable, Sendable {
    public enum Key {
        /// Decimal `lat,lon`, e.g. `-27.467000,153.380667`.
        public static let fixedPosition = "marks.position"
        /// `HOST:PORT` of gpsd; when set, marks take their position from it.
        public static let gpsdAddress = "marks.gpsd"
        /// Watch error / reaction correction, decimal seconds (`-0.3`).
        public static let correctionSeconds = "marks.correctionSeconds"
        /// `on`/`off`: the double bell on a mark.
        public static let bell = "marks.bell"
        /// `on`/`off`: the flash of the new row.
        public static let flash = "marks.flash"
    }

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

    /// Reads the settings; a value that does not parse is ignored (the
    /// default applies) rather than stopping the program.
    public init(reading value: (String) -> String?) {
        self.init()
        if let text = value(Key.fixedPosition) { fixedPosition = try? GeoPosition(parsing: text) }
        if let text = value(Key.gpsdAddress) { gpsdAddress = try? GPSDAddress(parsing: text) }
        if let text = value(Key.correctionSeconds), let ns = try? Self.correctionNanoseconds(parsing: text) {
            correctionNanoseconds = ns
        }
        if let text = value(Key.bell) { bellEnabled = text != "off" }
        if let text = value(Key.flash) { flashEnabled = text != "off" }
    }

    /// The settings as key/value text, for writing back.
    public var values: [String: String?] {
        [
            Key.fixedPosition: fixedPosition.map {
                "\(GeoPosition.decimal($0.latitudeDegrees)),\(GeoPosition.decimal($0.longitudeDegrees))"
            },
            Key.gpsdAddress: gpsdAddress?.description,
            Key.correctionSeconds: correctionNanoseconds == 0 ? nil : Self.secondsText(correctionNanoseconds),
            Key.bell: bellEnabled ? "on" : "off",
            Key.flash: flashEnabled ? "on" : "off",
        ]
    }

    /// Largest correction accepted: a watch error beyond an hour is a wrong
    /// time zone, not a watch error.
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

    /// Nanoseconds as decimal seconds text, `-0.3`, `2`.
    public static func secondsText(_ nanoseconds: Int64) -> String {
        let sign = nanoseconds < 0 ? "-" : ""
        let magnitude = nanoseconds.magnitude
        var fraction = String(magnitude % 1_000_000_000)
        while fraction.count < 9 { fraction = "0" + fraction }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return sign + String(magnitude / 1_000_000_000) + (fraction.isEmpty ? "" : "." + fraction)
    }
}
