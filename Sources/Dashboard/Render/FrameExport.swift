/// A frame as text for files and clipboards: plain, or with ANSI SGR colour
/// codes taken from a theme.
public enum FrameExport {
    /// The frame's rows, trailing spaces trimmed, joined by newlines.
    public static func plain(_ frame: Frame) -> String {
        frame.lines.map { line in
            var s = Substring(line)
            while s.last == " " { s = s.dropLast() }
            return String(s)
        }.joined(separator: "\n") + "\n"
    }

    /// The frame with SGR sequences, one reset at the end of every row, so
    /// `cat FILE` in a colour terminal shows it as it was on screen.
    public static func ansi(_ frame: Frame, theme: Theme) -> String {
        var out = ""
        for y in 0..<frame.size.rows {
            var current: StyleRole?
            for x in 0..<frame.size.columns {
                let cell = frame[x, y]
                if cell.isWideTail { continue }
                if cell.role != current {
                    out += sgr(theme.style(for: cell.role))
                    current = cell.role
                }
                out.append(cell.character)
            }
            out += "\u{1B}[0m\n"
        }
        return out
    }

    /// The SGR sequence selecting `style` from a reset state.
    public static func sgr(_ style: CellStyle) -> String {
        var codes = ["0"]
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.underline { codes.append("4") }
        if style.reverse { codes.append("7") }
        switch style.foreground {
        case .default: break
        case .ansi(let n): codes.append(String(30 + n))
        case .palette(let n): codes.append("38;5;\(n)")
        }
        switch style.background {
        case .default: break
        case .ansi(let n): codes.append(String(40 + n))
        case .palette(let n): codes.append("48;5;\(n)")
        }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}
