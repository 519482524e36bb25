import TimeKit

/// Text and colours for the SVG pictures (`FrameSVG`, `WeatherCard`).
public enum SVGText {
    /// `text` safe inside an XML element or a quoted attribute; controls
    /// (which a picture cannot show) removed.
    public static func escaped(_ text: String) -> String {
        XMLText.escaped(text, controls: .remove)
    }

    /// A number for an attribute: at most two decimals, no exponent.
    static func number(_ value: Double) -> String {
        let hundredths = (value * 100).rounded()
        if hundredths.truncatingRemainder(dividingBy: 100) == 0 { return String(Int(hundredths / 100)) }
        var text = String(format: "%.2f", hundredths / 100)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}

/// The hex colour a terminal colour is usually shown as: xterm's defaults
/// for the eight ANSI colours, the standard 6×6×6 cube and grey ramp for
/// the 256-colour palette, and a dark terminal's own foreground and
/// background for "default".
public struct SVGPalette: Equatable, Sendable {
    public var foreground: String
    public var background: String

    /// A dark terminal (the mission theme and mono are drawn on it).
    public static let dark = SVGPalette(foreground: "#d0d0d0", background: "#121212")

    public init(foreground: String, background: String) {
        self.foreground = foreground
        self.background = background
    }

    static let ansi = ["#000000", "#cd0000", "#00cd00", "#cdcd00", "#0000ee", "#cd00cd", "#00cdcd", "#e5e5e5"]
    static let bright = ["#7f7f7f", "#ff0000", "#00ff00", "#ffff00", "#5c5cff", "#ff00ff", "#00ffff", "#ffffff"]

    /// The hex colour of `color` (`isForeground` picks the default).
    public func hex(_ color: TerminalColor, isForeground: Bool) -> String {
        switch color {
        case .default: return isForeground ? foreground : background
        case .ansi(let n): return Self.ansi[max(0, min(7, n))]
        case .palette(let n): return Self.paletteHex(n)
        }
    }

    /// xterm's 256-colour palette.
    static func paletteHex(_ n: Int) -> String {
        let index = max(0, min(255, n))
        if index < 8 { return ansi[index] }
        if index < 16 { return bright[index - 8] }
        func hex(_ r: Int, _ g: Int, _ b: Int) -> String {
            let digits = Array("0123456789abcdef")
            return "#" + [r, g, b].map { String([digits[$0 / 16], digits[$0 % 16]]) }.joined()
        }
        if index >= 232 {
            let level = 8 + 10 * (index - 232)
            return hex(level, level, level)
        }
        let levels = [0, 95, 135, 175, 215, 255]
        let i = index - 16
        return hex(levels[i / 36], levels[(i / 6) % 6], levels[i % 6])
    }
}
