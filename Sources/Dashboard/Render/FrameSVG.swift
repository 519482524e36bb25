import Foundation

/// A rendered `Frame` as a standalone SVG picture, the way a terminal shows
/// it with a theme. Every visible glyph is placed at its own cell: one
/// `<text>` per stretch of one role on a row, and in it a `<tspan x="…">`
/// per glyph, so columns line up whatever font the viewer falls back to for
/// Braille or CJK and whatever advance its monospace font has. Neither
/// `textLength` nor a list of `x` values on one element is used: librsvg
/// (GNOME's viewer, ImageMagick, thumbnailers) ignores the first and takes
/// only the first number of the second. Blanks stay in the text between
/// the spans (copied text keeps its spacing); a blank between two Braille
/// cells is written U+2800 so copied Braille art stays whole. Gaps of
/// `splitGap` blank cells or more end a `<text>`. Background rectangles
/// where a style has a background. Pure: frame and theme in, XML out;
/// every character goes through `SVGText.escaped`.
public enum FrameSVG {
    /// Cell size in pixels and the font size that fills it.
    public struct Metrics: Equatable, Sendable {
        public var cellWidth: Double = 9
        public var cellHeight: Double = 18
        public var fontSize: Double = 15
        public init() {}
    }

    /// Monospace first, then fonts that hold CJK (Noto, IPA, Apple's and
    /// Windows' Japanese fonts) and Braille (Noto Sans Symbols 2, DejaVu
    /// Sans, Apple Braille, Segoe UI Symbol): positions are explicit, so a
    /// proportional fallback only changes how a glyph looks, not where.
    public static let fontFamily = "'DejaVu Sans Mono', 'Menlo', 'Consolas', 'Noto Sans Mono CJK JP', 'IPAGothic', "
        + "'Hiragino Sans', 'MS Gothic', 'Noto Sans Symbols 2', 'DejaVu Sans', 'Apple Braille', 'Segoe UI Symbol', monospace"

    /// Blank cells in a row that end one `<text>` and start the next.
    static let splitGap = 6

    /// The picture of `frame` in `theme`; `palette` defaults to the page
    /// the theme draws on (the sunlight theme's paper, else a dark terminal).
    public static func svg(_ frame: Frame, theme: Theme, palette: SVGPalette? = nil, metrics: Metrics = Metrics()) -> String {
        let palette = palette ?? page(for: theme)
        let width = Double(frame.size.columns) * metrics.cellWidth
        let height = Double(frame.size.rows) * metrics.cellHeight
        let n = SVGText.number
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" "
        out += "viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"\(fontFamily)\" font-size=\"\(n(metrics.fontSize))\" "
        out += "xml:space=\"preserve\">\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"\(palette.background)\"/>\n"
        var texts = ""
        for y in 0..<frame.size.rows {
            let baseline = n(Double(y) * metrics.cellHeight + metrics.cellHeight * 0.78)
            for run in runs(frame, row: y) {
                let (fg, bg) = colours(of: run.role, theme: theme, palette: palette)
                let style = theme.style(for: run.role)
                if bg != palette.background {
                    let x = Double(run.column) * metrics.cellWidth, top = Double(y) * metrics.cellHeight
                    out += "<rect x=\"\(n(x))\" y=\"\(n(top))\" width=\"\(n(Double(run.cells) * metrics.cellWidth))\" "
                    out += "height=\"\(n(metrics.cellHeight))\" fill=\"\(bg)\"/>\n"
                }
                var attributes = "y=\"\(baseline)\" fill=\"\(fg)\""
                if style.bold { attributes += " font-weight=\"bold\"" }
                if style.dim { attributes += " opacity=\"0.6\"" }
                if style.underline { attributes += " text-decoration=\"underline\"" }
                for piece in pieces(run.glyphs) {
                    texts += "<text \(attributes)>"
                    for glyph in piece {
                        let character = SVGText.escaped(String(glyph.character))
                        if isBlank(glyph.character) || character.isEmpty {  // a control, dropped: no empty span
                            texts += character
                        } else {
                            texts += "<tspan x=\"\(n(Double(glyph.column) * metrics.cellWidth))\">\(character)</tspan>"
                        }
                    }
                    texts += "</text>\n"
                }
            }
        }
        return out + texts + "</svg>\n"
    }

    /// The text and background colours of `role` in `theme` on `palette`
    /// (reverse swaps them).
    static func colours(of role: StyleRole, theme: Theme, palette: SVGPalette) -> (foreground: String, background: String) {
        let style = theme.style(for: role)
        let fg = palette.hex(style.foreground, isForeground: true)
        let bg = palette.hex(style.background, isForeground: false)
        return style.reverse ? (bg, fg) : (fg, bg)
    }

    /// The page under `theme`: its normal text's colours when it sets them.
    public static func page(for theme: Theme) -> SVGPalette {
        let normal = theme.style(for: .normal)
        let dark = SVGPalette.dark
        return SVGPalette(foreground: dark.hex(normal.foreground, isForeground: true),
                          background: dark.hex(normal.background, isForeground: false))
    }

    /// One character at its cell (a wide character's first cell).
    struct Glyph: Equatable {
        var column: Int
        var character: Character
    }

    /// A row's runs of one role: where it starts, how many cells it spans
    /// (wide characters count two) and its characters at their columns.
    struct Run: Equatable {
        var column: Int
        var cells: Int
        var role: StyleRole
        var glyphs: [Glyph]

        /// The run's text, wide characters once.
        var text: String { String(glyphs.map(\.character)) }
    }

    static func runs(_ frame: Frame, row y: Int) -> [Run] {
        var runs: [Run] = []
        for x in 0..<frame.size.columns {
            let cell = frame[x, y]
            if cell.isWideTail {
                if !runs.isEmpty { runs[runs.count - 1].cells += 1 }
                continue
            }
            let glyph = Glyph(column: x, character: cell.character)
            if let last = runs.last, last.role == cell.role {
                runs[runs.count - 1].cells += 1
                runs[runs.count - 1].glyphs.append(glyph)
            } else {
                runs.append(Run(column: x, cells: 1, role: cell.role, glyphs: [glyph]))
            }
        }
        return runs
    }

    /// The `<text>` pieces of a run: blank ends dropped, split at gaps of
    /// `splitGap` blanks or more, and a blank between two Braille cells
    /// written U+2800.
    static func pieces(_ glyphs: [Glyph]) -> [[Glyph]] {
        var pieces: [[Glyph]] = []
        var current: [Glyph] = []
        var gap: [Glyph] = []
        for glyph in glyphs {
            if isBlank(glyph.character) {
                if !current.isEmpty { gap.append(glyph) }
                continue
            }
            if gap.count >= splitGap {
                pieces.append(current)
                current = []
            } else if let last = current.last {
                let braille = isBraille(last.character) && isBraille(glyph.character)
                current += gap.map { Glyph(column: $0.column, character: braille ? "\u{2800}" : " ") }
            }
            gap = []
            current.append(glyph)
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }

    /// A cell that draws nothing: a space or blank Braille.
    static func isBlank(_ character: Character) -> Bool { character == " " || character == "\u{2800}" }

    static func isBraille(_ character: Character) -> Bool {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else { return false }
        return (0x2800...0x28FF).contains(scalar.value)
    }
}
