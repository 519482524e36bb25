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
        if picture != nil || width != nil { throw MarsUsageError(.pictureWithAll) }
    }

    func runPicture(now: Date, place: (longitudeEast: Double, site: MarsSite?), leap: LeapSecondList) throws {
        guard let name = picture else { throw MarsUsageError(.widthNeedsPicture) }
        guard let kind = MarsPictureKind(rawValue: name.lowercased()) else {
            throw MarsUsageError(.unknownPicture(InertText.display(name)))
        }
        if json || csv { throw MarsUsageError(.pictureNoJSON) }
        if ert != nil || sol != nil || lmst != nil || ltst != nil || sols != nil || from != nil || to != nil || step != nil {
            throw MarsUsageError(.pictureOneInstant)
        }
        var columns = Self.defaultPictureColumns
        if let text = width {
            guard let value = Int(text), Self.pictureColumns.contains(value) else {
                throw MarsUsageError(.pictureWidth(lowest: Self.pictureColumns.lowerBound, highest: Self.pictureColumns.upperBound,
                                                   got: InertText.display(text)))
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
            throw MarsUsageError(.pictureUnavailable(readout: MarsPictureReadout.line(data, language: CommandConfig.language),
                                                 needsSite: kind == .path))
        }
        let rows: Int
        switch kind {
        case .sunclock: rows = columns / 4
        case .orbit: rows = min(columns / 2, 40)
        case .path: rows = max(6, columns / 6)
        }
        guard let layers = MarsPictureDrawing.draw(data, columns: columns, rows: rows) else { return }
        Console.out((layers.lines + [InertText.display(MarsPictureReadout.line(data, language: CommandConfig.language))]).joined(separator: "\n"))
        if let notice = leap.noticeText { Console.error(notice + "\n") }
    }
}
