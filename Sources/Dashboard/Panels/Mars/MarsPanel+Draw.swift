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
        for (i, row) in MarsPanelText.rows(input, height: inner.height, width: inner.width, language: state.language).enumerated() {
            var x = inner.x
            for segment in row {
                x = frame.put(segment.text, x: x, y: inner.y + i, role: segment.role, clip: inner)
            }
        }
    }
}
