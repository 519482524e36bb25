import TimeKit

/// The Mars panel's all-sites rows and its go-to field (pure).
extension MarsPanelText {
    /// Width of the site-name column: what the row leaves, 8 to 14 cells.
    static func siteColumn(width: Int, wide: Bool) -> Int { min(14, max(8, width - (wide ? 33 : 24))) }

    /// A header and one row per site (LMST, LTST, local sol, mission sol)
    /// within `height`; when they do not all fit, the last row says how many
    /// more there are. The panel's chosen site is in the title role. Below
    /// `compactBelowColumns` the LTST column is left out.
    public static func allSitesRows(_ readings: [MarsSiteReading], selectedID: String?, height: Int, width: Int = 100,
                                    language l: UILanguage = .en) -> [Row] {
        guard height > 0 else { return [] }
        let wide = width >= compactBelowColumns
        func cell(_ text: String, _ w: Int, right: Bool = false) -> String {
            let cut = DisplayWidth.of(text) > w ? DisplayWidth.prefix(text, fitting: w) : text
            let pad = RepeatedText.spaces(w - DisplayWidth.of(cut))
            return right ? pad + cut : cut + pad
        }
        let siteColumn = siteColumn(width: width, wide: wide)
        var header = cell(l.text(.site), siteColumn) + " " + cell("LMST", 8)
        if wide { header += " " + cell("LTST", 8) }
        header += " " + cell(l.text(.sol), 5, right: true) + " " + cell(l.text(.missionColumn), 8, right: true)
        var rows: [Row] = [[Segment(header, .dim)]]
        let room = height - 1
        let shown = readings.count <= room ? readings.count : max(0, room - 1)
        for r in readings.prefix(shown) {
            let c = r.clock
            var row: Row = [Segment(cell(r.site.name, siteColumn) + " ", r.site.id == selectedID ? .title : .normal),
                            Segment(FixedText.clock(hours: c.localMeanSolarTime), .marsTime)]
            if wide { row += [Segment(" "), Segment(FixedText.clock(hours: c.localTrueSolarTime), .marsTime)] }
            row.append(Segment(" " + cell(String(r.localSol), 5, right: true) + " "
                               + cell(r.missionSol.map(String.init) ?? "—", 8, right: true)))
            rows.append(row)
        }
        if shown < readings.count && room > 0 {
            rows.append([Segment("+\(readings.count - shown) " + l.text(.moreSites), .dim)])
        }
        return Array(rows.prefix(height))
    }

    /// The go-to field (with an example) while open, and the last go-to's
    /// message, word-wrapped to `width`.
    public static func goToRows(_ input: Input, width: Int = 100, language l: UILanguage = .en) -> [Row] {
        var rows: [Row] = []
        if let text = input.goToText {
            rows.append([Segment(l.text(.marsGoToField(text: text)), .title)])
            rows.append([Segment("  " + l.text(.goToExample), .dim)])
        }
        if let message = input.goToMessage {
            let role: StyleRole
            if case .marsCallMoved = message { role = .normal } else { role = .warning }
            rows += wrap(l.text(message), width: max(8, width)).enumerated().map { i, line in
                [Segment(i == 0 ? line : "  " + line, role)]
            }
        }
        return rows
    }
}
