import Foundation

/// A rendered `Frame` as a standalone SVG picture, the way a terminal shows
/// it with a theme: one `<text>` per run of cells with the same role on a
/// row (spaces kept, each run stretched to its cells so columns line up
/// whatever the viewer's monospace font), background rectangles where a
/// style has a background, Braille and CJK as text. Pure: frame and theme
/// in, XML out; every character goes through `SVGText.escaped`.
public enum FrameSVG {
    /// Cell size in pixels and the font size that fills it.
    public struct Metrics: Equatable, Sendable {
        public var cellWidth: Double = 9
        public var cellHeight: Double = 18
        public var fontSize: Double = 15
        public init() {}
    }

    public static let fontFamily = "'DejaVu Sans Mono', 'Menlo', 'Consolas', monospace"

    /// The picture of `frame` in `theme`; `palette` defaults to the page
    /// the theme draws on (the sunlight theme's paper, else a dark terminal).
    public static func svg(_ frame: Frame, theme: Theme, palette: SVGPalette? = nil, metrics: Metrics = Metrics()) -> String {
        let palette = palette ?? page(for: theme)
        let width = Double(frame.size.columns) * metrics.cellWidth
        let height = Double(frame.size.rows) * metrics.cellHeight
        let n = SVGText.number
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" "
        out += "viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"\(fontFamily)\" font-size=\"\(n(metrics.fontSize))\">\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"\(palette.background)\"/>\n"
        var texts = ""
        for y in 0..<frame.size.rows {
            for run in runs(frame, row: y) {
                let style = theme.style(for: run.role)
                var fg = palette.hex(style.foreground, isForeground: true)
                var bg = palette.hex(style.background, isForeground: false)
                if style.reverse { swap(&fg, &bg) }
                let x = Double(run.column) * metrics.cellWidth, top = Double(y) * metrics.cellHeight
                let runWidth = Double(run.cells) * metrics.cellWidth
                if bg != palette.background {
                    out += "<rect x=\"\(n(x))\" y=\"\(n(top))\" width=\"\(n(runWidth))\" height=\"\(n(metrics.cellHeight))\" fill=\"\(bg)\"/>\n"
                }
                guard run.text.contains(where: { $0 != " " }) else { continue }
                var attributes = "x=\"\(n(x))\" y=\"\(n(top + metrics.cellHeight * 0.78))\" fill=\"\(fg)\""
                attributes += " textLength=\"\(n(runWidth))\" lengthAdjust=\"spacingAndGlyphs\""
                if style.bold { attributes += " font-weight=\"bold\"" }
                if style.dim { attributes += " opacity=\"0.6\"" }
                if style.underline { attributes += " text-decoration=\"underline\"" }
                texts += "<text \(attributes) xml:space=\"preserve\">\(SVGText.escaped(run.text))</text>\n"
            }
        }
        return out + texts + "</svg>\n"
    }

    /// The page under `theme`: its normal text's colours when it sets them.
    public static func page(for theme: Theme) -> SVGPalette {
        let normal = theme.style(for: .normal)
        let dark = SVGPalette.dark
        return SVGPalette(foreground: dark.hex(normal.foreground, isForeground: true),
                          background: dark.hex(normal.background, isForeground: false))
    }

    /// A row's runs of one role: the text (wide characters once) and how
    /// many cells it spans.
    struct Run: Equatable {
        var column: Int
        var cells: Int
        var role: StyleRole
        var text: String
    }

    static func runs(_ frame: Frame, row y: Int) -> [Run] {
        var runs: [Run] = []
        for x in 0..<frame.size.columns {
            let cell = frame[x, y]
            if cell.isWideTail {
                if !runs.isEmpty { runs[runs.count - 1].cells += 1 }
                continue
            }
            if let last = runs.last, last.role == cell.role {
                runs[runs.count - 1].cells += 1
                runs[runs.count - 1].text.append(cell.character)
            } else {
                runs.append(Run(column: x, cells: 1, role: cell.role, text: String(cell.character)))
            }
        }
        return runs
    }
}
