import Foundation
import TimeKit

extension MarsPanel {
    /// Rows the panel wants at least: the box, three clock rows, a site row
    /// and one notice.
    public static let minimumRows = 7

    /// Draws the Mars panel for `state` at `state.now` into `rect`.
    static func draw(_ state: AppState, in rect: Rect, into frame: inout Frame) {
        draw(state, in: rect, into: &frame, pictures: drawnPictures)
    }

    /// The same, remembering the picture's Braille in `pictures` (tests pass
    /// their own to count the drawings).
    static func draw(_ state: AppState, in rect: Rect, into frame: inout Frame,
                     pictures: Remembered<DrawnPicture.Key, DrawnPicture?>) {
        let input = MarsPanelText.input(at: state.now.timeIntervalSince1970, state: state.mars)
        let focused = state.focus == .mars
        let title = state.language.text(.mars) + (input.site.map { " · \($0.name)" } ?? "")
        let hintText: UIText = state.mars.goToText != nil ? .marsGoToHint : (state.mars.showsAllSites ? .allSitesHint : .marsHint)
        // The box, its title and the keys change only with the site, the
        // focus or the mode: their cells are remembered and copied in.
        let box = BoxKey(size: Size(columns: rect.width, rows: rect.height), title: title, focused: focused,
                         hint: focused ? hintText : nil, language: state.language)
        frame.replay(boxes.value(for: box) { key in
            DrawnCells.record(size: key.size) { scratch in drawBox(key, into: &scratch) }
        }, x: rect.x, y: rect.y)
        let inner = Rect(x: rect.x + 2, y: rect.y + 1, width: max(0, rect.width - 4), height: max(0, rect.height - 2))
        // The Braille is drawn from the minute's numbers (it changes at most
        // once a minute); its legend line says the frame's own present.
        let picture = state.mars.picture != nil && !state.mars.showsAllSites ? state.mars.sky.pictureData : nil
        // The picture takes every row the text leaves (up to `maximumPictureRows`);
        // when that is too few it takes up to `pictureRows` from the rows below
        // the clocks, and with too little room even for that it is one line of readout.
        // Each kind of row is formatted once, then chosen from for the whole
        // panel and, with a picture, for the rows above it.
        let sections: MarsPanelText.Sections? = input.allSites == nil
            ? MarsPanelText.sections(input, height: inner.height, width: inner.width, language: state.language) : nil
        let whole = sections?.rows(height: inner.height)
            ?? MarsPanelText.rows(input, height: inner.height, width: inner.width, language: state.language)
        var pictureHeight = 0
        if picture != nil, let sections {
            let spare = inner.height - whole.count
            let room = spare >= minimumPictureRows ? min(maximumPictureRows, spare) : min(pictureRows, max(0, inner.height - sections.core.count))
            pictureHeight = room >= minimumPictureRows && inner.width >= minimumPictureColumns ? room : min(1, inner.height)
        }
        let rows = pictureHeight == 0 ? whole : (sections?.rows(height: inner.height - pictureHeight) ?? [])
        for (i, row) in rows.enumerated() {
            var x = inner.x
            for segment in row {
                x = frame.put(segment.text, x: x, y: inner.y + i, role: segment.role, clip: inner)
            }
        }
        guard let picture, pictureHeight > 0 else { return }
        let top = inner.y + rows.count
        let legend = legendLine(shownPicture(state.mars, input: input) ?? picture, language: state.language, width: inner.width)
        if pictureHeight >= minimumPictureRows, let drawn = drawnPicture(picture, columns: inner.width, rows: pictureHeight - 1, in: pictures) {
            // The picture's cells, recorded when its numbers last changed
            // (at most once a minute), copied in: no Braille is measured or
            // put on an idle second.
            frame.replay(drawn.cells, x: inner.x + Self.pictureOffset(widthCells: drawn.widthCells, columns: inner.width), y: top)
            frame.put(legend, x: inner.x, y: top + drawn.runs.count, role: .dim, clip: inner)
        } else {
            frame.put(legend, x: inner.x, y: top, role: .dim, clip: inner)
        }
    }

    /// The picture's Braille as rows of runs, remembered by its numbers and
    /// size: the numbers change at most once a minute (`MarsPanelSky`), so
    /// an idle frame puts the remembered runs instead of drawing the
    /// picture again (it was most of an idle second with the sunclock open).
    static func drawnPicture(_ picture: MarsPictureData, columns: Int, rows: Int,
                             in pictures: Remembered<DrawnPicture.Key, DrawnPicture?> = drawnPictures) -> DrawnPicture? {
        pictures.value(for: DrawnPicture.Key(picture: picture, columns: columns, rows: rows)) { key in
            MarsPictureDrawing.draw(key.picture, columns: key.columns, rows: key.rows).map { drawing in
                // Centred in the columns, clipped at their right edge.
                let offset = pictureOffset(widthCells: drawing.widthCells, columns: key.columns)
                let cells = DrawnCells.record(size: Size(columns: key.columns - offset, rows: drawing.runs.count)) { scratch in
                    putRuns(drawing.runs, into: &scratch)
                }
                return DrawnPicture(widthCells: drawing.widthCells, runs: drawing.runs, cells: cells)
            }
        }
    }

    /// The panel's box with its title, and the keys after the title (in the
    /// hint role) when the panel has focus and room, at the origin.
    static func drawBox(_ key: BoxKey, into frame: inout Frame) {
        let rect = Rect(x: 0, y: 0, width: key.size.columns, height: key.size.rows)
        frame.box(rect, title: key.title, role: key.focused ? .title : .border, titleRole: .title)
        if let hintText = key.hint {
            let hint = " " + key.language.text(hintText)
            if DisplayWidth.of(key.title + "  " + hint) + 4 <= rect.width {
                frame.put(hint + " ", x: rect.x + 3 + DisplayWidth.of(key.title), y: rect.y, role: .keyHint)
            }
        }
    }

    struct BoxKey: Equatable, Sendable {
        var size: Size
        var title: String
        var focused: Bool
        var hint: UIText?
        var language: UILanguage
    }

    static let boxes = Remembered<BoxKey, DrawnCells>()

    /// The legend under the picture, cut to `width` cells: remembered, since
    /// only the solar path's changes within a minute (its "now").
    static func legendLine(_ picture: MarsPictureData, language: UILanguage, width: Int) -> String {
        legends.value(for: LegendKey(picture: picture, language: language, width: width)) { key in
            DisplayWidth.prefix(MarsPictureReadout.line(key.picture, language: key.language), fitting: key.width)
        }
    }

    struct LegendKey: Equatable, Sendable {
        var picture: MarsPictureData
        var language: UILanguage
        var width: Int
    }

    static let legends = Remembered<LegendKey, String>()

    /// Columns left of a picture `widthCells` wide centred in `columns`.
    static func pictureOffset(widthCells: Int, columns: Int) -> Int { max(0, (columns - widthCells) / 2) }

    /// The picture's runs put row by row from the frame's left edge, clipped to it.
    static func putRuns(_ runs: [[(text: String, role: StyleRole)]], into frame: inout Frame) {
        for (i, row) in runs.enumerated() {
            var x = 0
            for run in row { x = frame.put(run.text, x: x, y: i, role: run.role, clip: frame.bounds) }
        }
    }

    struct DrawnPicture: Sendable {
        struct Key: Equatable, Sendable {
            var picture: MarsPictureData
            var columns: Int
            var rows: Int
        }
        var widthCells: Int
        var runs: [[(text: String, role: StyleRole)]]
        /// The runs as cells (`putRuns` recorded), replayed each frame.
        var cells: DrawnCells
    }

    static let drawnPictures = Remembered<DrawnPicture.Key, DrawnPicture?>()

    /// Rows the picture area wants: the picture and its legend line.
    static let pictureRows = 11
    /// Rows the picture area takes at most when the panel has them to spare.
    static let maximumPictureRows = 24

    /// The picture's numbers as this frame's legend and readout say them: the
    /// minute's, except that the solar path's present moment is the frame's
    /// own (the same LTST and elevation as the Sun row above it; arithmetic
    /// the frame did anyway). The Braille itself is drawn from the minute's
    /// numbers: one dot of the path is about ten minutes of LTST at 80
    /// columns, so a present point moved every second would redraw the
    /// picture sixty times for at most one visible step.
    static func shownPicture(_ mars: MarsPanelState, input: MarsPanelText.Input) -> MarsPictureData? {
        guard mars.picture != nil, !mars.showsAllSites, let data = mars.sky.pictureData else { return nil }
        if case let .path(site, samples, _, maximum) = data, let sun = input.sun {
            return .path(site: site, samples: samples, now: PicturePoint(input.clock.localTrueSolarTime, sun.elevationDegrees),
                         maximumDegrees: maximum)
        }
        return data
    }
    /// Below these the picture is replaced by its one-line readout.
    static let minimumPictureRows = 5
    static let minimumPictureColumns = 16
}
