import Foundation
import TimeKit

/// The weather panel's part of the dashboard state: the last forecast and
/// the last failure since it (both kept by the shell in the store), when
/// the panel last asked and for where, and which ring span it prefers.
/// Whether weather is on, the API and the units are read from
/// `AppState.settings`, never copied here.
public struct WeatherPanelState: Equatable, Sendable {
    /// The panel asks at most this often (seconds) while the position stays…
    public static let askEverySeconds: Double = 600
    /// …and again when the position moves farther than this (km), though
    /// never sooner than `movedAskAfterSeconds` after the last ask.
    public static let movedKilometres = 5.0
    public static let movedAskAfterSeconds: Double = 60
    /// An ask not answered after this long no longer holds back the next
    /// (the shell's own timeout is shorter).
    public static let answerWaitSeconds: Double = 120

    /// The last forecast the parser accepted (kept when a later ask fails).
    public var series: WeatherSeries?
    /// Why the latest ask failed, if it did after `series` arrived, and when.
    public var failure: WeatherProblem?
    public var failedAt: Date?
    /// When the panel last asked, and for which position.
    public var lastAsked: Date?
    public var askedPosition: GeoPosition?
    /// Where the forecast in `series` was asked for (the store keeps it
    /// beside the forecast); nil when unknown. After a move the panel says
    /// "forecast for <there>, N km away" until a forecast for here arrives.
    public var seriesAsked: GeoPosition?
    /// An ask is under way (sent at this instant, not yet answered).
    public var askSent: Date?
    /// Show the next 60 minutes when the source has them (else 12 hours).
    public var prefersHour = true

    public init(series: WeatherSeries? = nil, failure: WeatherProblem? = nil, failedAt: Date? = nil) {
        self.series = series
        self.failure = failure
        self.failedAt = failedAt
    }
}
