import Foundation
import TimeKit

/// What the weather panel's keys do.
public enum WeatherAction: Equatable, Hashable, Sendable {
    /// Bring the weather panel to the screen and focus it (it takes no
    /// room while weather is off, so Tab alone would never reach it).
    case focus
    /// Turn weather on (the first-use prompt's key) or off again.
    case toggleEnabled
    /// Ring: the next 60 minutes or the next 12 hours.
    case toggleSpan
}

/// What the weather panel asks the shell to do.
public enum WeatherEffect: Equatable, Sendable {
    /// Ask the forecast API once, off the main loop (`request.url`; a
    /// User-Agent naming timedeck and its version). Answer with
    /// `.weather(.arrived)` once the body passed `OpenMeteoParser.parse`
    /// (asked: `request.sentPosition`) and was saved (`saveForecast`), or
    /// `.weather(.failed)` (saved with `saveForecastFailure`).
    case fetch(OpenMeteoRequest)
}

/// What comes back to the weather panel from the shell.
public enum WeatherEvent: Equatable, Sendable {
    /// The stored forecast and failure at start (`loadForecast`), read
    /// before the first frame or just after it.
    case loaded(series: WeatherSeries?, asked: GeoPosition?, failure: WeatherProblem?, failedAt: Date?)
    /// A new forecast, checked and saved.
    case arrived(WeatherSeries, asked: GeoPosition)
    /// The ask failed; the last forecast stays.
    case failed(WeatherProblem, at: Date)
}

/// The weather panel: keys and the pure `perform`/`handle`/`tick` here,
/// what it shows in `WeatherReadout`, drawing in `WeatherPanel+Draw.swift`.
public enum WeatherPanel {
    public static let keyBindings: [KeyBinding] = [
        KeyBinding([.character("W")], .weather(.focus), .keyWeatherFocus),
        KeyBinding([.character("e")], .weather(.toggleEnabled), .keyWeatherEnable, scope: .panel(.weather)),
        KeyBinding([.character("h")], .weather(.toggleSpan), .keyWeatherSpan, scope: .panel(.weather)),
    ]

    /// The next state for a weather key.
    static func perform(_ action: WeatherAction, in state: AppState) -> (AppState, [Effect]) {
        var next = state
        switch action {
        case .focus:
            next.focus = .weather
            return (next, [])
        case .toggleEnabled:
            let on = !state.settings.weatherEnabled
            var effects = next.changeSetting(.weatherEnabled(on))
            if on {
                // Ask at once: the user just said yes.
                next.weather.lastAsked = nil
                let (asked, fetch) = ask(next)
                next = asked
                effects += fetch
            } else {
                next.weather.askSent = nil
            }
            return (next, effects)
        case .toggleSpan:
            next.weather.prefersHour.toggle()
            return (next, [])
        }
    }

    /// A result from the shell.
    static func handle(_ event: WeatherEvent, in state: AppState) -> AppState {
        var next = state
        switch event {
        case let .loaded(series, asked, failure, failedAt):
            next.weather.series = series
            next.weather.seriesAsked = asked
            next.weather.failure = failure
            next.weather.failedAt = failedAt
            // A restart does not ask again sooner than the last ask would have.
            let last = [series?.fetched, failedAt].compactMap { $0 }.max()
            if let last, last > (next.weather.lastAsked ?? .distantPast) {
                next.weather.lastAsked = last
                next.weather.askedPosition = asked ?? series?.position
            }
        case let .arrived(series, asked):
            next.weather.series = series
            next.weather.failure = nil
            next.weather.failedAt = nil
            next.weather.askSent = nil
            next.weather.askedPosition = asked
            next.weather.seriesAsked = asked
        case let .failed(problem, at):
            next.weather.failure = problem
            next.weather.failedAt = at
            next.weather.askSent = nil
        }
        return next
    }

    /// The panel's part of a tick: ask when weather is on, there is a
    /// position, nothing is under way, and the last ask is 10 minutes old
    /// or was for a place more than 5 km away.
    static func askIfDue(_ state: inout AppState) -> [Effect] {
        guard state.settings.weatherEnabled else { return [] }
        if let refused = state.settings.weatherURLRefused {
            if state.weather.failure != refused { state.weather.failure = refused }
            return []
        }
        let now = state.now
        if let sent = state.weather.askSent, now.timeIntervalSince(sent) < WeatherPanelState.answerWaitSeconds { return [] }
        guard let position = WeatherReadout.position(state).position else { return [] }
        guard let last = state.weather.lastAsked else { return asked(&state) }
        let age = now.timeIntervalSince(last)
        if age >= WeatherPanelState.askEverySeconds || age < 0 { return asked(&state) }
        if let asked = state.weather.askedPosition, age >= WeatherPanelState.movedAskAfterSeconds,
           OpenMeteoParser.distanceKilometres(asked, position) > WeatherPanelState.movedKilometres {
            return Self.asked(&state)
        }
        return []
    }

    /// `ask`, in place (a tick's).
    private static func asked(_ state: inout AppState) -> [Effect] {
        let (next, effects) = ask(state)
        state = next
        return effects
    }

    /// The panel saying why it asks nothing: the config's `weather.url`
    /// was refused (no fallback to another host).
    static func refusing(_ state: AppState, _ problem: WeatherProblem) -> AppState {
        guard state.weather.failure != problem else { return state }
        var next = state
        next.weather.failure = problem
        return next
    }

    /// Sends one ask for the current position (none without one, nor with
    /// a refused `weather.url`).
    static func ask(_ state: AppState) -> (AppState, [Effect]) {
        if let refused = state.settings.weatherURLRefused { return (refusing(state, refused), []) }
        guard state.settings.weatherEnabled, let position = WeatherReadout.position(state).position else { return (state, []) }
        var next = state
        let request = OpenMeteoRequest(baseURL: state.settings.weatherURL, position: position, caFile: state.settings.weatherCAFile)
        next.weather.lastAsked = state.now
        next.weather.askSent = state.now
        next.weather.askedPosition = request.sentPosition
        return (next, [.weather(.fetch(request))])
    }
}
