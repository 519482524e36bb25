import Foundation
import TimeKit

/// A shareable record of the dashboard at one instant: the screen as plain
/// text and with ANSI colour, and a short data summary a reader can use
/// without the picture.
public struct SnapshotDocument: Equatable, Sendable {
    /// `timedeck-20261121T234712Z`: names the files, sorts by time.
    public var fileStem: String
    /// Heading, the screen as plain text, then the data summary.
    public var text: String
    /// The screen with ANSI colours (for `cat` in a terminal), then the summary.
    public var ansi: String
    /// The screen as a standalone SVG picture in the same theme (`FrameSVG`),
    /// for the shell to write beside the text (issue 24).
    public var svg: String

    /// Renders `state` at `size` in the state's theme (256 colours).
    public static func make(_ state: AppState, size: Size) -> SnapshotDocument {
        var clean = state
        clean.overlay = nil
        clean.notice = nil
        let frame = render(clean, size: size)
        let theme = Theme.named(state.settings.theme.rawValue, depth: .palette256)
        let heading = "timedeck snapshot \(ISOInstant.milliseconds(state.now)) (\(size))\n\n"
        let summary = "\n" + summaryLines(state).joined(separator: "\n") + "\n"
        return SnapshotDocument(
            fileStem: "timedeck-" + CalendarInvite.utcStamp(state.now),
            text: heading + FrameExport.plain(frame) + summary,
            ansi: heading + FrameExport.ansi(frame, theme: theme) + summary,
            svg: FrameSVG.svg(frame, theme: state.colorForcedOff ? .mono : theme))
    }

    /// The data behind the screen, one fact per line, inert.
    public static func summaryLines(_ state: AppState) -> [String] {
        let offset = state.localZone.offsetSeconds(at: state.now)
        var lines = [
            "Data",
            "UTC: \(ISOInstant.milliseconds(state.now)) (Mark Time \(MarkTime.mark(state.now)))",
            "Local: \(LocalTimeText.isoLocal(state.now, in: state.localZone)) "
                + "\(LocalTimeText.offset(seconds: offset)) \(state.localZoneLabel)",
        ]
        for panel in shownPanels(state) { lines += PanelRegistry.panel(panel).summary(state) }
        // Notes, sight bodies, place names, team stations and server reasons
        // reach these lines; the file and `snapshot --stdout` go to
        // terminals, so every line passes the one sanitizer (issue 34): a
        // line holds one fact, and no control character stays live.
        return lines.map(InertText.display)
    }
}

extension Notice {
    /// How long a status-line notice stays.
    public static let seconds: TimeInterval = 6
}
