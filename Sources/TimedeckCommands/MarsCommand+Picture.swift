import ArgumentParser
import Dashboard
import DeckShell
import Foundation
import TimeKit

/// `timedeck mars --picture sunclock|orbit|path`: the Mars panel's pictures
/// on standard output (Braille, no colour), drawn by the panel's own code.
extension MarsCommand {
    static let pictureColumns = 16...200
    static let defaultPictureColumns = 72

    /// `--picture` is for one instant: not with --all.
    func checkNoPicture() throws {
        if picture != nil || width != nil { throw MarsUsageError("--picture draws one instant; it does not go with --all") }
    }

    func runPicture(now: Date, place: (longitudeEast: Double, site: MarsSite?), leap: LeapSecondList) throws {
        guard let name = picture else { throw MarsUsageError("--width goes with --picture sunclock|orbit|path") }
        guard let kind = MarsPictureKind(rawValue: name.lowercased()) else {
            throw MarsUsageError("unknown picture '\(InertText.display(name))'; use sunclock, orbit or path")
        }
        if json || csv { throw MarsUsageError("--picture prints a picture; drop --json/--csv (the JSON report has the numbers)") }
        if ert != nil || sol != nil || lmst != nil || ltst != nil || sols != nil || from != nil || to != nil || step != nil {
            throw MarsUsageError("--picture draws one instant: give it --at (or --scet) only")
        }
        var columns = Self.defaultPictureColumns
        if let text = width {
            guard let value = Int(text), Self.pictureColumns.contains(value) else {
                throw MarsUsageError("--width must be a whole number of columns from \(Self.pictureColumns.lowerBound) "
                    + "to \(Self.pictureColumns.upperBound), not '\(InertText.display(text))'")
            }
            columns = value
        }
        var unixSeconds = now.timeIntervalSince1970
        if let text = at ?? scet, text.lowercased() != "now" { unixSeconds = try InstantParser.parse(text).unixSeconds }
        var state = MarsPanelState(longitudeEast: place.longitudeEast, siteID: place.site?.id,
                                   sites: try Self.library(settings: CommandConfig.loadedWarning().settings).sites,
                                   leapSeconds: leap.table)
        if kind == .orbit { state.ephemeris = Self.ephemeris().map(MarsPanelEphemeris.init) }
        let data = MarsPictureSource.data(kind, at: unixSeconds, state: state)
        if case .unavailable = data {
            throw MarsUsageError(MarsPictureReadout.line(data, language: .en)
                + (kind == .path ? " (use --site NAME)" : ""))
        }
        let rows: Int
        switch kind {
        case .sunclock: rows = columns / 4
        case .orbit: rows = min(columns / 2, 40)
        case .path: rows = max(6, columns / 6)
        }
        guard let layers = MarsPictureDrawing.draw(data, columns: columns, rows: rows) else { return }
        Console.out((layers.lines + [InertText.display(MarsPictureReadout.line(data, language: .en))]).joined(separator: "\n"))
        if let notice = leap.notice { Console.error("note: \(notice)\n") }
    }
}
