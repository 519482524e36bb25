/// Where each part of the screen goes for a given size. Pure; `render` asks
/// it, and tests can check it directly.
///
/// The shape: the header (live UTC clock) on top; the marks and Mars panels
/// side by side when the terminal is wide enough, else stacked; the call
/// planner below them with every row left over; the status line at the
/// bottom. Each panel has a one-column gutter on its left where the focused
/// panel shows a bar. When the panels cannot all have their minimum height,
/// only the focused one is shown (Tab cycles), so a small terminal still
/// gets one whole instrument rather than three broken ones.
public struct Layout: Equatable, Sendable {
    /// The smallest terminal the dashboard draws into; below it, a message.
    public static let minimum = Size(columns: 40, rows: 10)
    /// Rows of the header in big-digit and one-line form.
    public static let bigHeaderRows = 7
    public static let compactHeaderRows = 2
    /// Width from which marks and Mars sit side by side.
    public static let sideBySideColumns = 96
    /// Rows the call planner should keep beyond its minimum before the
    /// header may use big digits.
    static let callsComfortRows = 6

    public var header: Rect
    public var isBigClock: Bool
    /// Each shown panel's area, gutter excluded.
    public var panels: [PanelID: Rect]
    /// Each shown panel's gutter column (for the focus bar).
    public var gutters: [PanelID: Rect]
    public var statusBar: Rect

    /// Rows a panel needs at least to be useful.
    public static func minimumRows(of panel: PanelID) -> Int {
        PanelRegistry.panel(panel).minimumRows
    }

    /// Panels in bands from top to bottom; a band with two panels is side by side.
    static func bands(_ panels: [PanelID], columns: Int) -> [[PanelID]] {
        guard columns >= sideBySideColumns, panels.contains(.marks), panels.contains(.mars) else {
            return panels.map { [$0] }
        }
        var bands: [[PanelID]] = [[.marks, .mars]]
        bands += panels.filter { $0 != .marks && $0 != .mars }.map { [$0] }
        return bands
    }

    static func bandRows(_ band: [PanelID], _ wanted: [PanelID: Int]) -> Int {
        band.map { wanted[$0] ?? minimumRows(of: $0) }.max() ?? 0
    }

    /// `wanted` raises a panel's minimum for what it shows now (the Mars
    /// panel's advanced fields, the call planner's number of places).
    public init(size: Size, panels: [PanelID], focus: PanelID? = nil, wanted: [PanelID: Int] = [:]) {
        statusBar = Rect(x: 0, y: size.rows - 1, width: size.columns, height: 1)
        let usable = size.rows - 1
        var bands = Self.bands(panels, columns: size.columns)
        var needed = bands.reduce(0) { $0 + Self.bandRows($1, wanted) }
        let wantsMore = panels.contains(.calls) ? Self.callsComfortRows : 0
        let wideEnough = size.columns >= BigDigits.markTimeColumns + 2
        isBigClock = wideEnough && usable - Self.bigHeaderRows >= needed + wantsMore
        var headerRows = isBigClock ? Self.bigHeaderRows : Self.compactHeaderRows
        panelsArea: do {
            if panels.isEmpty {
                // Only the clock: centre it vertically, as a desk clock would be.
                isBigClock = wideEnough && usable >= Self.bigHeaderRows
                headerRows = isBigClock ? Self.bigHeaderRows : Self.compactHeaderRows
                header = Rect(x: 0, y: max(0, (usable - headerRows) / 2), width: size.columns, height: headerRows)
                self.panels = [:]
                gutters = [:]
                return
            }
        }
        header = Rect(x: 0, y: 0, width: size.columns, height: headerRows)
        let room = usable - headerRows
        if room < needed {
            // Not room for all: the focused panel first, then the marks
            // (the navigator's instrument), the call planner, then the rest,
            // while they fit; Tab brings a hidden panel back by focusing it.
            var chosen: [PanelID] = []
            var used = 0
            let priority = [focus ?? panels.first, .marks, .calls].compactMap { $0 } + panels
            for panel in priority where panels.contains(panel) && !chosen.contains(panel) {
                let rows = wanted[panel] ?? Self.minimumRows(of: panel)
                if chosen.isEmpty || used + rows <= room {
                    chosen.append(panel)
                    used += rows
                }
            }
            bands = panels.filter(chosen.contains).map { [$0] }
            needed = bands.reduce(0) { $0 + Self.bandRows($1, wanted) }
        }
        var rects: [PanelID: Rect] = [:]
        var gutterRects: [PanelID: Rect] = [:]
        var y = headerRows
        let spare = max(0, usable - headerRows - needed)
        for (index, band) in bands.enumerated() {
            // The last band takes whatever rows are left.
            let height = min(Self.bandRows(band, wanted) + (index == bands.count - 1 ? spare : 0), max(0, usable - y))
            let widths = Self.split(size.columns, into: band.count)
            var x = 0
            for (i, (panel, width)) in zip(band, widths).enumerated() {
                // Side by side, the left panel stops a column short, so the
                // right one's focus bar never touches its text or highlight.
                let gap = band.count > 1 && i < band.count - 1 ? 1 : 0
                gutterRects[panel] = Rect(x: x, y: y, width: 1, height: height)
                rects[panel] = Rect(x: x + 1, y: y, width: width - 1 - gap, height: height)
                x += width
            }
            y += height
        }
        self.panels = rects
        gutters = gutterRects
    }

    /// Column widths for a band: one panel takes all; two split about 54/46.
    static func split(_ columns: Int, into count: Int) -> [Int] {
        guard count == 2 else { return [columns] }
        let left = columns * 54 / 100
        return [left, columns - left]
    }
}
