/// One of the terminal's basic colours, or the terminal's own default.
public enum TerminalColor: Equatable, Hashable, Sendable {
    case `default`
    /// ANSI colour 0–7 (black, red, green, yellow, blue, magenta, cyan, white).
    case ansi(Int)
    /// A 256-colour palette index (16–255), used only where the terminal has it.
    case palette(Int)
}

/// How one role looks: colours and text attributes.
public struct CellStyle: Equatable, Hashable, Sendable {
    public var foreground: TerminalColor
    public var background: TerminalColor
    public var bold: Bool
    public var reverse: Bool
    public var dim: Bool
    public var underline: Bool

    public init(_ foreground: TerminalColor = .default, _ background: TerminalColor = .default,
                bold: Bool = false, reverse: Bool = false, dim: Bool = false, underline: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.reverse = reverse
        self.dim = dim
        self.underline = underline
    }
}

/// What the terminal can show, decided once by the shell from terminfo and
/// the environment (`NO_COLOR` forces `.mono`).
public enum ColorDepth: Equatable, Sendable {
    case mono
    case eight
    case palette256
}

/// A table from role to style, per colour depth. Each theme is written as a
/// `switch` over `StyleRole`, so a new role does not compile until every
/// theme gives it a style; the table is filled from it once.
public struct Theme: Equatable, Sendable {
    public var name: String
    /// Every role's style (each role present: filled from the theme's switch).
    public let styles: [StyleRole: CellStyle]

    /// A theme whose style for each role is `style(role)`.
    public init(name: String, style: (StyleRole) -> CellStyle) {
        self.name = name
        styles = Dictionary(uniqueKeysWithValues: StyleRole.allCases.map { ($0, style($0)) })
    }

    public func style(for role: StyleRole) -> CellStyle {
        styles[role] ?? CellStyle()
    }

    /// The theme called `name` ("mission", "sunlight", "mono") for what the
    /// terminal can show; unknown names get "mission". Mono depth (NO_COLOR,
    /// `--no-color`, a terminal without colours) always gets "mono".
    public static func named(_ name: String, depth: ColorDepth) -> Theme {
        if depth == .mono { return mono }
        switch name {
        case "mono": return mono
        case "sunlight": return sunlight(depth)
        default: return mission(depth)
        }
    }

    /// Dark text on a white ground with strong accents: readable on a screen
    /// in bright light, where dim greys and dark backgrounds wash out.
    public static func sunlight(_ depth: ColorDepth) -> Theme {
        let ink: TerminalColor = depth == .palette256 ? .palette(16) : .ansi(0)
        let paper: TerminalColor = depth == .palette256 ? .palette(231) : .ansi(7)
        let blue: TerminalColor = depth == .palette256 ? .palette(19) : .ansi(4)
        let red: TerminalColor = depth == .palette256 ? .palette(124) : .ansi(1)
        let brown: TerminalColor = depth == .palette256 ? .palette(94) : .ansi(3)
        return Theme(name: "sunlight") { role in
            switch role {
            case .normal: CellStyle(ink, paper)
            case .dim: CellStyle(ink, paper)
            case .title: CellStyle(blue, paper, bold: true)
            case .border: CellStyle(ink, paper)
            case .utcClock: CellStyle(ink, paper, bold: true)
            case .utcDate: CellStyle(ink, paper, bold: true)
            case .localTime: CellStyle(blue, paper, bold: true)
            case .teamMark: CellStyle(blue, paper)
            case .keyHint: CellStyle(ink, paper)
            case .helpKey: CellStyle(blue, paper, bold: true)
            case .helpText: CellStyle(ink, paper)
            case .overlay: CellStyle(ink, paper)
            case .warning: CellStyle(brown, paper, bold: true, underline: true)
            case .error: CellStyle(red, paper, bold: true, underline: true)
            case .selection: CellStyle(paper, ink, bold: true)
            case .markFlash: CellStyle(paper, red, bold: true)
            case .callBeforeDawn: CellStyle(blue, paper, bold: true)
            case .callBreakfast: CellStyle(brown, paper)
            case .callDay: CellStyle(ink, paper, bold: true)
            case .callDinner: CellStyle(red, paper)
            case .callLateNight: CellStyle(brown, paper, bold: true)
            case .callBad: CellStyle(paper, red, bold: true)
            case .callHand: CellStyle(ink, paper, bold: true)
            case .callNow: CellStyle(blue, paper, bold: true, underline: true)
            case .callScheduled: CellStyle(red, paper, bold: true)
            case .callEditing: CellStyle(paper, blue, bold: true)
            case .callPlace: CellStyle(ink, paper, bold: true)
            case .marsTime: CellStyle(red, paper, bold: true)
            case .weatherCold: CellStyle(blue, paper, bold: true)
            case .weatherMild: CellStyle(ink, paper, bold: true)
            case .weatherWarm: CellStyle(brown, paper, bold: true)
            case .weatherHot: CellStyle(red, paper, bold: true)
            case .weatherDry: CellStyle(ink, paper)
            case .weatherLight: CellStyle(blue, paper)
            case .weatherModerate: CellStyle(blue, paper, bold: true)
            case .weatherHeavy: CellStyle(paper, blue, bold: true)
            }
        }
    }

    /// The default dark "mission" theme for the given colour depth.
    public static func mission(_ depth: ColorDepth) -> Theme {
        switch depth {
        case .mono: return mono
        case .eight: return Theme(name: "mission") { role in
            switch role {
            case .normal: CellStyle()
            case .dim: CellStyle(dim: true)
            case .title: CellStyle(.ansi(6), bold: true)
            case .border: CellStyle(.ansi(6))
            case .utcClock: CellStyle(.ansi(6), bold: true)
            case .utcDate: CellStyle(.ansi(7), bold: true)
            case .localTime: CellStyle(.ansi(3))
            case .teamMark: CellStyle(.ansi(6))
            case .keyHint: CellStyle(.ansi(6))
            case .helpKey: CellStyle(.ansi(3), bold: true)
            case .helpText: CellStyle()
            case .overlay: CellStyle(.ansi(7))
            case .warning: CellStyle(.ansi(3), bold: true)
            case .error: CellStyle(.ansi(1), bold: true)
            case .selection: CellStyle(reverse: true)
            case .markFlash: CellStyle(.ansi(0), .ansi(3), bold: true)
            case .callBeforeDawn: CellStyle(.ansi(4), bold: true)
            case .callBreakfast: CellStyle(.ansi(3))
            case .callDay: CellStyle(.ansi(7), bold: true)
            case .callDinner: CellStyle(.ansi(1))
            case .callLateNight: CellStyle(.ansi(3), dim: true)
            case .callBad: CellStyle(.ansi(1), bold: true, reverse: true)
            case .callHand: CellStyle(.ansi(7), bold: true)
            case .callNow: CellStyle(.ansi(6), bold: true)
            case .callScheduled: CellStyle(.ansi(3), bold: true)
            case .callEditing: CellStyle(.ansi(0), .ansi(5), bold: true)
            case .callPlace: CellStyle(bold: true)
            case .marsTime: CellStyle(.ansi(1), bold: true)
            case .weatherCold: CellStyle(.ansi(6), bold: true)
            case .weatherMild: CellStyle(.ansi(2), bold: true)
            case .weatherWarm: CellStyle(.ansi(3), bold: true)
            case .weatherHot: CellStyle(.ansi(1), bold: true)
            case .weatherDry: CellStyle(dim: true)
            case .weatherLight: CellStyle(.ansi(6))
            case .weatherModerate: CellStyle(.ansi(4), bold: true)
            case .weatherHeavy: CellStyle(.ansi(5), bold: true)
            }
        }
        case .palette256: return Theme(name: "mission") { role in
            switch role {
            case .normal: CellStyle()
            case .dim: CellStyle(.palette(244))
            case .title: CellStyle(.palette(208), bold: true)
            case .border: CellStyle(.palette(30))
            case .utcClock: CellStyle(.palette(51), bold: true)
            case .utcDate: CellStyle(.palette(255), bold: true)
            case .localTime: CellStyle(.palette(214))
            case .teamMark: CellStyle(.palette(117))
            case .keyHint: CellStyle(.palette(73))
            case .helpKey: CellStyle(.palette(208), bold: true)
            case .helpText: CellStyle(.palette(252))
            case .overlay: CellStyle(.palette(252))
            case .warning: CellStyle(.palette(220), bold: true)
            case .error: CellStyle(.palette(196), bold: true)
            case .selection: CellStyle(reverse: true)
            case .markFlash: CellStyle(.palette(16), .palette(220), bold: true)
            case .callBeforeDawn: CellStyle(.palette(62), bold: true)
            case .callBreakfast: CellStyle(.palette(214))
            case .callDay: CellStyle(.palette(230), bold: true)
            case .callDinner: CellStyle(.palette(167))
            case .callLateNight: CellStyle(.palette(179))
            case .callBad: CellStyle(.palette(231), .palette(160), bold: true)
            case .callHand: CellStyle(.palette(255), bold: true)
            case .callNow: CellStyle(.palette(51), bold: true)
            case .callScheduled: CellStyle(.palette(208), bold: true)
            case .callEditing: CellStyle(.palette(16), .palette(177), bold: true)
            case .callPlace: CellStyle(.palette(255), bold: true)
            case .marsTime: CellStyle(.palette(209), bold: true)
            case .weatherCold: CellStyle(.palette(75), bold: true)
            case .weatherMild: CellStyle(.palette(114), bold: true)
            case .weatherWarm: CellStyle(.palette(214), bold: true)
            case .weatherHot: CellStyle(.palette(196), bold: true)
            case .weatherDry: CellStyle(.palette(240))
            case .weatherLight: CellStyle(.palette(117))
            case .weatherModerate: CellStyle(.palette(33), bold: true)
            case .weatherHeavy: CellStyle(.palette(129), bold: true)
            }
        }
        }
    }

    /// Attributes only: for NO_COLOR, mono terminals and the Linux console
    /// without colour.
    public static let mono = Theme(name: "mono") { role in
        switch role {
        case .normal: CellStyle()
        case .dim: CellStyle(dim: true)
        case .title: CellStyle(bold: true)
        case .border: CellStyle()
        case .utcClock: CellStyle(bold: true)
        case .utcDate: CellStyle(bold: true)
        case .localTime: CellStyle()
        case .teamMark: CellStyle()
        case .keyHint: CellStyle()
        case .helpKey: CellStyle(bold: true)
        case .helpText: CellStyle()
        case .overlay: CellStyle()
        case .warning: CellStyle(bold: true)
        case .error: CellStyle(bold: true, underline: true)
        case .selection: CellStyle(reverse: true)
        case .markFlash: CellStyle(bold: true, reverse: true)
        case .callBeforeDawn: CellStyle(dim: true)
        case .callBreakfast: CellStyle()
        case .callDay: CellStyle(bold: true)
        case .callDinner: CellStyle()
        case .callLateNight: CellStyle(dim: true)
        case .callBad: CellStyle(bold: true, reverse: true)
        case .callHand: CellStyle(bold: true)
        case .callNow: CellStyle(underline: true)
        case .callScheduled: CellStyle(bold: true)
        case .callEditing: CellStyle(bold: true, reverse: true)
        case .callPlace: CellStyle(bold: true)
        case .marsTime: CellStyle(bold: true)
        case .weatherCold, .weatherMild, .weatherWarm, .weatherHot: CellStyle(bold: true)
        case .weatherDry: CellStyle(dim: true)
        case .weatherLight: CellStyle()
        case .weatherModerate: CellStyle(bold: true)
        case .weatherHeavy: CellStyle(bold: true, reverse: true)
        }
    }
}
