/// Where each part of the screen goes for a given size. Pure; `render` asks
/// it, and tests can check it directly.
public struct Layout: Equatable, Sendable {
    /// The smallest terminal the dashboard draws into; below it, a message.
    public static let minimum = Size(columns: 40, rows: 10)
    /// Rows of the header in big-digit and one-line form.
    public static let bigHeaderRows = 7
    public static let compactHeaderRows = 2

    public var header: Rect
    public var isBigClock: Bool
    public var panels: [PanelID: Rect]
    public var statusBar: Rect

    /// Rows a panel needs at least to be useful.
    public static func minimumRows(of panel: PanelID) -> Int {
        switch panel {
        case .marks: return 8
        case .mars: return MarsPanel.minimumRows
        case .calls: return 6
        }
    }

    public init(size: Size, panels: [PanelID]) {
        statusBar = Rect(x: 0, y: size.rows - 1, width: size.columns, height: 1)
        let usable = size.rows - 1
        let panelRows = panels.reduce(0) { $0 + Self.minimumRows(of: $1) }
        isBigClock = size.columns >= BigDigits.markTimeColumns + 2
            && usable - Self.bigHeaderRows >= panelRows
        let headerRows = isBigClock ? Self.bigHeaderRows : Self.compactHeaderRows
        if panels.isEmpty {
            // Only the clock: centre it vertically, as a desk clock would be.
            let top = max(0, (usable - headerRows) / 2)
            header = Rect(x: 0, y: top, width: size.columns, height: headerRows)
            self.panels = [:]
            return
        }
        header = Rect(x: 0, y: 0, width: size.columns, height: headerRows)
        var rects: [PanelID: Rect] = [:]
        var y = headerRows
        let spare = max(0, usable - headerRows - panelRows)
        for (index, panel) in panels.enumerated() {
            // The last panel takes whatever rows are left.
            let extra = index == panels.count - 1 ? spare : 0
            let height = min(Self.minimumRows(of: panel) + extra, max(0, usable - y))
            rects[panel] = Rect(x: 0, y: y, width: size.columns, height: height)
            y += height
        }
        self.panels = rects
    }
}
