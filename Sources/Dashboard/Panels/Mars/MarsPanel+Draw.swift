import Foundation
import TimeKit

extension MarsPanel {
    /// Rows the panel wants at least: the box, three clock rows, a site row
    /// and one notice.
    public static let minimumRows = 7

    /// Draws the Mars panel for `state` at `state.now` into `rect`.
    static func draw(_ state: AppState, in rect: Rect, into frame: inout Frame) {
        let input = MarsPanelText.input(at: state.now.timeIntervalSince1970, state: state.mars)
        let focused = state.focus == .mars
        let title = state.language.text(.mars) + (input.site.map { " · \($0.name)" } ?? "")
        frame.box(rect, title: title, role: focused ? .title : .border, titleRole: .title)
        // The keys follow the title, in the hint role, when the panel has focus and room.
        let hintText: UIText = state.mars.goToText != nil ? .marsGoToHint : (state.mars.showsAllSites ? .allSitesHint : .marsHint)
        let hint = " " + state.language.text(hintText)
        if focused && DisplayWidth.of(title + "  " + hint) + 4 <= rect.width {
            frame.put(hint + " ", x: rect.x + 3 + DisplayWidth.of(title), y: rect.y, role: .keyHint)
        }
        let inner = Rect(x: rect.x + 2, y: rect.y + 1, width: max(0, rect.width - 4), height: max(0, rect.height - 2))
        let picture = state.mars.picture != nil && !state.mars.showsAllSites ? state.mars.sky.pictureData : nil
        // The picture takes what the clock rows leave, up to `pictureRows`;
        // with too little room it is one line of readout instead.
        let core = MarsPanelText.coreRows(input, width: inner.width, language: state.language).count
        let room = min(pictureRows, max(0, inner.height - core))
        let pictureHeight = picture == nil ? 0 : (room >= minimumPictureRows && inner.width >= minimumPictureColumns ? room : min(1, inner.height))
        let rows = MarsPanelText.rows(input, height: inner.height - pictureHeight, width: inner.width, language: state.language)
        for (i, row) in rows.enumerated() {
            var x = inner.x
            for segment in row {
                x = frame.put(segment.text, x: x, y: inner.y + i, role: segment.role, clip: inner)
            }
        }
        guard let picture, pictureHeight > 0 else { return }
        let top = inner.y + rows.count
        let legend = MarsPictureReadout.line(picture, language: state.language)
        if pictureHeight >= minimumPictureRows, let layers = MarsPictureDrawing.draw(picture, columns: inner.width, rows: pictureHeight - 1) {
            let left = inner.x + max(0, (inner.width - layers.widthCells) / 2)
            for (i, runs) in layers.runs.enumerated() {
                var x = left
                for run in runs { x = frame.put(run.text, x: x, y: top + i, role: run.role, clip: inner) }
            }
            frame.put(DisplayWidth.prefix(legend, fitting: inner.width), x: inner.x, y: top + layers.heightCells, role: .dim, clip: inner)
        } else {
            frame.put(DisplayWidth.prefix(legend, fitting: inner.width), x: inner.x, y: top, role: .dim, clip: inner)
        }
    }

    /// Rows the picture area wants: the picture and its legend line.
    static let pictureRows = 11
    /// Below these the picture is replaced by its one-line readout.
    static let minimumPictureRows = 5
    static let minimumPictureColumns = 16
}
