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

/// A table from role to style, per colour depth.
public struct Theme: Equatable, Sendable {
    public var name: String
    public var styles: [StyleRole: CellStyle]
    /// The style of roles the table does not list.
    public var fallback = CellStyle()

    public init(name: String, styles: [StyleRole: CellStyle], fallback: CellStyle = CellStyle()) {
        self.name = name
        self.styles = styles
        self.fallback = fallback
    }

    public func style(for role: StyleRole) -> CellStyle {
        styles[role] ?? fallback
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
        return Theme(name: "sunlight", styles: [
            .normal: CellStyle(ink, paper),
            .dim: CellStyle(ink, paper),
            .title: CellStyle(blue, paper, bold: true),
            .border: CellStyle(ink, paper),
            .utcClock: CellStyle(ink, paper, bold: true),
            .utcDate: CellStyle(ink, paper, bold: true),
            .localTime: CellStyle(blue, paper, bold: true),
            .teamMark: CellStyle(blue, paper),
            .keyHint: CellStyle(ink, paper),
            .helpKey: CellStyle(blue, paper, bold: true),
            .helpText: CellStyle(ink, paper),
            .overlay: CellStyle(ink, paper),
            .warning: CellStyle(brown, paper, bold: true, underline: true),
            .error: CellStyle(red, paper, bold: true, underline: true),
            .selection: CellStyle(paper, ink, bold: true),
            .markFlash: CellStyle(paper, red, bold: true),
            .callBeforeDawn: CellStyle(blue, paper, bold: true),
            .callBreakfast: CellStyle(brown, paper),
            .callDay: CellStyle(ink, paper, bold: true),
            .callDinner: CellStyle(red, paper),
            .callLateNight: CellStyle(brown, paper, bold: true),
            .callBad: CellStyle(paper, red, bold: true),
            .callHand: CellStyle(ink, paper, bold: true),
            .callNow: CellStyle(blue, paper, bold: true, underline: true),
            .callScheduled: CellStyle(red, paper, bold: true),
            .callEditing: CellStyle(paper, blue, bold: true),
            .callPlace: CellStyle(ink, paper, bold: true),
            .marsTime: CellStyle(red, paper, bold: true),
        ], fallback: CellStyle(ink, paper))
    }

    /// The default dark "mission" theme for the given colour depth.
    public static func mission(_ depth: ColorDepth) -> Theme {
        switch depth {
        case .mono: return mono
        case .eight: return Theme(name: "mission", styles: [
            .normal: CellStyle(),
            .dim: CellStyle(dim: true),
            .title: CellStyle(.ansi(6), bold: true),
            .border: CellStyle(.ansi(6)),
            .utcClock: CellStyle(.ansi(6), bold: true),
            .utcDate: CellStyle(.ansi(7), bold: true),
            .localTime: CellStyle(.ansi(3)),
            .teamMark: CellStyle(.ansi(6)),
            .keyHint: CellStyle(.ansi(6)),
            .helpKey: CellStyle(.ansi(3), bold: true),
            .helpText: CellStyle(),
            .overlay: CellStyle(.ansi(7)),
            .warning: CellStyle(.ansi(3), bold: true),
            .error: CellStyle(.ansi(1), bold: true),
            .selection: CellStyle(reverse: true),
            .markFlash: CellStyle(.ansi(0), .ansi(3), bold: true),
            .callBeforeDawn: CellStyle(.ansi(4), bold: true),
            .callBreakfast: CellStyle(.ansi(3)),
            .callDay: CellStyle(.ansi(7), bold: true),
            .callDinner: CellStyle(.ansi(1)),
            .callLateNight: CellStyle(.ansi(3), dim: true),
            .callBad: CellStyle(.ansi(1), bold: true, reverse: true),
            .callHand: CellStyle(.ansi(7), bold: true),
            .callNow: CellStyle(.ansi(6), bold: true),
            .callScheduled: CellStyle(.ansi(3), bold: true),
            .callEditing: CellStyle(.ansi(0), .ansi(5), bold: true),
            .callPlace: CellStyle(bold: true),
            .marsTime: CellStyle(.ansi(1), bold: true),
        ])
        case .palette256: return Theme(name: "mission", styles: [
            .normal: CellStyle(),
            .dim: CellStyle(.palette(244)),
            .title: CellStyle(.palette(208), bold: true),
            .border: CellStyle(.palette(30)),
            .utcClock: CellStyle(.palette(51), bold: true),
            .utcDate: CellStyle(.palette(255), bold: true),
            .localTime: CellStyle(.palette(214)),
            .teamMark: CellStyle(.palette(117)),
            .keyHint: CellStyle(.palette(73)),
            .helpKey: CellStyle(.palette(208), bold: true),
            .helpText: CellStyle(.palette(252)),
            .overlay: CellStyle(.palette(252)),
            .warning: CellStyle(.palette(220), bold: true),
            .error: CellStyle(.palette(196), bold: true),
            .selection: CellStyle(reverse: true),
            .markFlash: CellStyle(.palette(16), .palette(220), bold: true),
            .callBeforeDawn: CellStyle(.palette(62), bold: true),
            .callBreakfast: CellStyle(.palette(214)),
            .callDay: CellStyle(.palette(230), bold: true),
            .callDinner: CellStyle(.palette(167)),
            .callLateNight: CellStyle(.palette(179)),
            .callBad: CellStyle(.palette(231), .palette(160), bold: true),
            .callHand: CellStyle(.palette(255), bold: true),
            .callNow: CellStyle(.palette(51), bold: true),
            .callScheduled: CellStyle(.palette(208), bold: true),
            .callEditing: CellStyle(.palette(16), .palette(177), bold: true),
            .callPlace: CellStyle(.palette(255), bold: true),
            .marsTime: CellStyle(.palette(209), bold: true),
        ])
        }
    }

    /// Attributes only: for NO_COLOR, mono terminals and the Linux console
    /// without colour.
    public static let mono = Theme(name: "mono", styles: [
        .normal: CellStyle(),
        .dim: CellStyle(dim: true),
        .title: CellStyle(bold: true),
        .border: CellStyle(),
        .utcClock: CellStyle(bold: true),
        .utcDate: CellStyle(bold: true),
        .localTime: CellStyle(),
        .teamMark: CellStyle(),
        .keyHint: CellStyle(),
        .helpKey: CellStyle(bold: true),
        .helpText: CellStyle(),
        .overlay: CellStyle(),
        .warning: CellStyle(bold: true),
        .error: CellStyle(bold: true, underline: true),
        .selection: CellStyle(reverse: true),
        .markFlash: CellStyle(bold: true, reverse: true),
        .callBeforeDawn: CellStyle(dim: true),
        .callBreakfast: CellStyle(),
        .callDay: CellStyle(bold: true),
        .callDinner: CellStyle(),
        .callLateNight: CellStyle(dim: true),
        .callBad: CellStyle(bold: true, reverse: true),
        .callHand: CellStyle(bold: true),
        .callNow: CellStyle(underline: true),
        .callScheduled: CellStyle(bold: true),
        .callEditing: CellStyle(bold: true, reverse: true),
        .callPlace: CellStyle(bold: true),
        .marsTime: CellStyle(bold: true),
    ])
}
