/// Where each part of the screen goes for a given size. Pure; `render` asks
/// it, and tests can check it directly.
///
/// The shape: the header (live UTC clock) on top; the panels in bands below
/// it, those that share a `sideBySideBand` side by side when the terminal is
/// wide enough (marks and Mars), else stacked; the last band gets every row
/// left over; the status line at the bottom. Panels are known only through
/// their `layoutHints`. Each panel has a one-column gutter on its left where the focused
/// panel shows a bar. When the panels cannot all have their minimum height,
/// only the focused one is shown (Tab cycles), so a small terminal still
/// gets one whole instrument rather than three broken ones.
public struct Layout: Equatable, Sendable {
    /// The smallest terminal the dashboard draws into; below it, a message.
    public static let minimum = Size(columns: 40, rows: 10)
    /// Rows of the header in big-digit and one-line form.
    public static let bigHeaderRows = 7
    public static let compactHeaderRows = 2
    /// Width from which panels of one band sit side by side.
    public static let sideBySideColumns = 96

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
    /// Panels of one `sideBySideBand` share the band where the first of
    /// them stands.
    static func bands(_ panels: [PanelID], columns: Int) -> [[PanelID]] {
        guard columns >= sideBySideColumns else { return panels.map { [$0] } }
        var bands: [[PanelID]] = []
        var bandIndex: [Int: Int] = [:]
        for panel in panels {
            guard let band = PanelRegistry.panel(panel).layoutHints.sideBySideBand else {
                bands.append([panel])
                continue
            }
            if let index = bandIndex[band] {
                bands[index].append(panel)
            } else {
                bandIndex[band] = bands.count
                bands.append([panel])
            }
        }
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
        let wantsMore = panels.reduce(0) { $0 + PanelRegistry.panel($1).layoutHints.comfortRows }
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
            // Not room for all: the focused panel first, then by each
            // panel's keep priority (the marks, the navigator's instrument,
            // before the call planner), while they fit; Tab brings a hidden
            // panel back by focusing it.
            var chosen: [PanelID] = []
            var used = 0
            let byPriority = panels.enumerated().sorted {
                (PanelRegistry.panel($0.element).layoutHints.keepPriority, $0.offset)
                    < (PanelRegistry.panel($1.element).layoutHints.keepPriority, $1.offset)
            }.map(\.element)
            let priority = [focus ?? panels.first].compactMap { $0 } + byPriority
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

    /// Column widths for a band: one panel takes all; two split about
    /// 54/46; more share alike (the last takes the remainder).
    static func split(_ columns: Int, into count: Int) -> [Int] {
        guard count > 1 else { return [columns] }
        if count == 2 {
            let left = columns * 54 / 100
            return [left, columns - left]
        }
        let each = columns / count
        return Array(repeating: each, count: count - 1) + [columns - each * (count - 1)]
    }
}
