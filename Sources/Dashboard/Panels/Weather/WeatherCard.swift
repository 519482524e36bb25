import Foundation
import TimeKit

/// The share card (Lucid's share image): a compact SVG of the weather
/// face: the place and time on top, the temperature large, the analog face
/// with its hands at the time and the precipitation ring around it, the
/// coming rain in words and a legend, on a background coloured by the
/// temperature. Intensity is drawn three ways, never by colour alone: a dry
/// segment is an outline, light a pale fill, moderate a fill with diagonal
/// hatching, heavy a solid fill with cross-hatching. Pure: values in, XML out.
public enum WeatherCard {
    public static let width = 400.0
    public static let height = 480.0

    /// What the card shows.
    public struct Content: Equatable, Sendable {
        public var forecast: WeatherForecast
        public var now: Date
        public var zone: ZoneRules
        /// The zone as shown (`Europe/Berlin`, `UTC`).
        public var zoneLabel: String
        /// The place's name as the user knows it (made inert here).
        public var place: String
        public var units: WeatherUnits
        /// The hour ring when the forecast has it.
        public var prefersHour: Bool
        public var use24Hour: Bool
        public var language: UILanguage

        public init(forecast: WeatherForecast, now: Date, zone: TimeZone, zoneLabel: String, place: String,
                    units: WeatherUnits = .metric, prefersHour: Bool = true, use24Hour: Bool = true, language: UILanguage = .en) {
            self.init(forecast: forecast, now: now, zone: zone.rules, zoneLabel: zoneLabel, place: place, units: units,
                      prefersHour: prefersHour, use24Hour: use24Hour, language: language)
        }

        public init(forecast: WeatherForecast, now: Date, zone: ZoneRules, zoneLabel: String, place: String,
                    units: WeatherUnits = .metric, prefersHour: Bool = true, use24Hour: Bool = true, language: UILanguage = .en) {
            self.forecast = forecast
            self.now = now
            self.zone = zone
            self.zoneLabel = zoneLabel
            self.place = place
            self.units = units
            self.prefersHour = prefersHour
            self.use24Hour = use24Hour
            self.language = language
        }
    }

    /// The card for the dashboard's weather as it is now (nil: no forecast).
    public static func content(_ state: AppState, place: String) -> Content? {
        guard let series = state.weather.series else { return nil }
        return Content(forecast: series.forecast(at: state.now), now: state.now, zone: state.localZone,
                       zoneLabel: state.localZoneLabel, place: place, units: state.settings.weatherUnits,
                       prefersHour: state.weather.prefersHour, use24Hour: state.use24Hour, language: state.language)
    }

    static let centre = (x: 200.0, y: 285.0)
    static let faceRadius = 108.0
    static let ringInner = 120.0
    static let ringOuter = 146.0

    public static func svg(_ c: Content) -> String {
        let n = SVGText.number, e = SVGText.escaped
        let celsius = c.forecast.currentTemperatureCelsius
        let (span, segments) = c.forecast.segments(preferringHour: c.prefersHour)
        let clock = { (d: Date) in WeatherText.clock(d, zone: c.zone, use24Hour: c.use24Hour, c.language) }
        let rain = c.language.text(WeatherText.rain(c.forecast.comingRain(span, at: c.now), c.forecast.comingType(span, at: c.now), clock: clock))
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\" "
        out += "font-family=\"'DejaVu Sans', 'Helvetica', sans-serif\" fill=\"#ffffff\">\n"
        out += "<defs>\n"
        out += "<pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
        out += "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#ffffff\" stroke-width=\"2\"/></pattern>\n"
        out += "<pattern id=\"crosshatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
        out += "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#ffffff\" stroke-width=\"2\"/>"
        out += "<line x1=\"0\" y1=\"0\" x2=\"6\" y2=\"0\" stroke=\"#ffffff\" stroke-width=\"2\"/></pattern>\n"
        out += "</defs>\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"\(background(celsius: celsius))\"/>\n"
        out += "<text x=\"200\" y=\"38\" text-anchor=\"middle\" font-size=\"20\" font-weight=\"bold\">\(e(InertText.display(c.place)))</text>\n"
        out += "<text x=\"200\" y=\"62\" text-anchor=\"middle\" font-size=\"14\" opacity=\"0.85\">\(e(clock(c.now) + "  " + InertText.display(c.zoneLabel)))</text>\n"
        let temperature = celsius.map { c.units.temperatureText(celsius: $0) } ?? (c.units == .imperial ? "– °F" : "– °C")
        out += "<text x=\"200\" y=\"\(n(temperatureBaseline))\" text-anchor=\"middle\" font-size=\"\(n(temperatureSize))\" "
        out += "font-weight=\"bold\">\(e(temperature))</text>\n"
        out += ring(segments, span: span, c)
        out += face(c)
        out += "<text x=\"200\" y=\"\(n(spanBaseline))\" text-anchor=\"middle\" font-size=\"12\" opacity=\"0.85\">"
        out += "\(e(c.language.text(span == .nextHour ? .weatherCardHour : .weatherCard12h)))</text>\n"
        out += "<text x=\"200\" y=\"450\" text-anchor=\"middle\" font-size=\"15\">\(e(rain))</text>\n"
        out += legend(c.language)
        return out + "</svg>\n"
    }

    /// The span line's baseline and the temperature's: the temperature's
    /// capitals (0.73 em) clear the span line's descenders (issue 34: at 122
    /// they touched).
    static let spanBaseline = 86.0
    static let temperatureBaseline = 128.0
    static let temperatureSize = 46.0

    /// A label's estimated advance at `size` px: 0.62 em a terminal column
    /// (DejaVu Sans's lowercase average; a CJK character, two columns, is
    /// about 1 em), so labels in any language are spaced by their length.
    static func estimatedWidth(_ text: String, size: Double) -> Double {
        Double(DisplayWidth.of(text)) * 0.62 * size
    }

    /// Where the legend's swatches and labels go: x of each swatch, and the font size.
    static func legendLayout(_ labels: [String]) -> (xs: [Double], fontSize: Double) {
        let swatch = 14.0, gap = 12.0, room = width - 16
        func total(_ size: Double) -> Double {
            labels.map { swatch + estimatedWidth($0, size: size) }.reduce(0, +) + gap * Double(labels.count - 1)
        }
        var size = 11.0
        if total(size) > room { size = max(8, size * room / total(size)) }
        var x = (width - total(size)) / 2
        var xs: [Double] = []
        for label in labels {
            xs.append(x)
            x += swatch + estimatedWidth(label, size: size) + gap
        }
        return (xs, size)
    }

    /// The legend as the ring draws it (issue 34: it showed the terminal's
    /// ░▒▓, which the card does not draw): a swatch per class, filled as
    /// `fill(_:)` fills a segment, with its words, spaced by their length.
    static func legend(_ language: UILanguage) -> String {
        let n = SVGText.number, e = SVGText.escaped
        let items: [(PrecipitationIntensity, UIText)] = [
            (.none, .weatherCardDry), (.light, .weatherCardLight), (.moderate, .weatherCardModerate), (.heavy, .weatherCardHeavy),
        ]
        let labels = items.map { language.text($0.1) }
        let (xs, size) = legendLayout(labels)
        var out = ""
        for (i, (intensity, _)) in items.enumerated() {
            out += fill("M\(n(xs[i])) 460 h10 v10 h-10 Z", intensity)
            out += "<text x=\"\(n(xs[i] + 14))\" y=\"469\" font-size=\"\(n(size))\" opacity=\"0.85\">\(e(labels[i]))</text>\n"
        }
        return out
    }

    /// The paths that draw `path` as a segment of `intensity`: dry an
    /// outline, light a pale fill, moderate a fill with diagonal hatching,
    /// heavy a dark fill with cross-hatching (never colour alone).
    static func fill(_ path: String, _ intensity: PrecipitationIntensity) -> String {
        switch intensity {
        case .none:
            "<path d=\"\(path)\" fill=\"none\" stroke=\"#ffffff\" stroke-opacity=\"0.6\" stroke-width=\"1\"/>\n"
        case .light:
            "<path d=\"\(path)\" fill=\"#9fd3ff\" fill-opacity=\"0.55\"/>\n"
        case .moderate:
            "<path d=\"\(path)\" fill=\"#3d8bff\" fill-opacity=\"0.85\"/>\n<path d=\"\(path)\" fill=\"url(#hatch)\" fill-opacity=\"0.6\"/>\n"
        case .heavy:
            "<path d=\"\(path)\" fill=\"#5b2bd6\"/>\n<path d=\"\(path)\" fill=\"url(#crosshatch)\" fill-opacity=\"0.7\"/>\n"
        }
    }

    /// The dial position (turns from 12 o'clock) of `date` for the span.
    static func turns(_ date: Date, span: WeatherForecast.RingSpan, zone: ZoneRules) -> Double {
        let f = LocalTimeText.fields(date, in: zone)
        let minutes = Double(f.hour * 60 + f.minute) + Double(f.second) / 60
        let spanMinutes = Double(span.minutes)
        return minutes.truncatingRemainder(dividingBy: spanMinutes) / spanMinutes
    }

    static func point(_ turns: Double, _ radius: Double) -> (x: Double, y: Double) {
        let a = turns * 2 * .pi
        return (centre.x + radius * sin(a), centre.y - radius * cos(a))
    }

    /// The ring: one annulus sector per segment, clipped to now … now + span.
    static func ring(_ segments: [PrecipitationSegment], span: WeatherForecast.RingSpan, _ c: Content) -> String {
        let n = SVGText.number
        let horizon = c.now.addingTimeInterval(Double(span.minutes) * 60)
        var out = "<circle cx=\"\(n(centre.x))\" cy=\"\(n(centre.y))\" r=\"\(n((ringInner + ringOuter) / 2))\" fill=\"none\" "
        out += "stroke=\"#ffffff\" stroke-opacity=\"0.15\" stroke-width=\"\(n(ringOuter - ringInner))\"/>\n"
        for segment in segments {
            let start = max(segment.start, c.now), end = min(segment.end, horizon)
            guard end > start, let mm = segment.millimetres else { continue }
            let t0 = turns(start, span: span, zone: c.zone)
            var sweep = end.timeIntervalSince(start) / 60 / Double(span.minutes)
            sweep = min(sweep, 0.9999)
            let path = sector(from: t0, sweep: sweep)
            out += fill(path, PrecipitationIntensity(millimetres: mm, minutes: segment.minutes))
        }
        return out
    }

    /// An annulus sector from `t0` clockwise through `sweep` turns.
    static func sector(from t0: Double, sweep: Double) -> String {
        let n = SVGText.number
        let large = sweep > 0.5 ? 1 : 0
        let (a, b) = (point(t0, ringOuter), point(t0 + sweep, ringOuter))
        let (c, d) = (point(t0 + sweep, ringInner), point(t0, ringInner))
        return "M\(n(a.x)) \(n(a.y)) A\(n(ringOuter)) \(n(ringOuter)) 0 \(large) 1 \(n(b.x)) \(n(b.y)) "
            + "L\(n(c.x)) \(n(c.y)) A\(n(ringInner)) \(n(ringInner)) 0 \(large) 0 \(n(d.x)) \(n(d.y)) Z"
    }

    /// The face: a disc, twelve ticks, and the hands at the local time.
    static func face(_ c: Content) -> String {
        let n = SVGText.number
        var out = "<circle cx=\"\(n(centre.x))\" cy=\"\(n(centre.y))\" r=\"\(n(faceRadius))\" fill=\"#000000\" fill-opacity=\"0.25\" "
        out += "stroke=\"#ffffff\" stroke-width=\"2\"/>\n"
        for hour in 0..<12 {
            let t = Double(hour) / 12
            let (a, b) = (point(t, faceRadius - (hour % 3 == 0 ? 16 : 9)), point(t, faceRadius - 3))
            out += "<line x1=\"\(n(a.x))\" y1=\"\(n(a.y))\" x2=\"\(n(b.x))\" y2=\"\(n(b.y))\" stroke=\"#ffffff\" stroke-width=\"\(hour % 3 == 0 ? 3 : 1.5)\"/>\n"
        }
        let f = LocalTimeText.fields(c.now, in: c.zone)
        let minutes = Double(f.hour * 60 + f.minute) + Double(f.second) / 60
        for (turns, length, widthPx) in [(minutes / 720, 58.0, 6.0), (minutes / 60, 86.0, 4.0)] {
            let tip = point(turns.truncatingRemainder(dividingBy: 1), length)
            out += "<line x1=\"\(n(centre.x))\" y1=\"\(n(centre.y))\" x2=\"\(n(tip.x))\" y2=\"\(n(tip.y))\" "
            out += "stroke=\"#ffffff\" stroke-width=\"\(n(widthPx))\" stroke-linecap=\"round\"/>\n"
        }
        out += "<circle cx=\"\(n(centre.x))\" cy=\"\(n(centre.y))\" r=\"5\" fill=\"#ffffff\"/>\n"
        return out
    }

    /// The background by temperature: blue when freezing through green and
    /// amber to red when hot (linear between the stops), grey without one.
    static func background(celsius: Double?) -> String {
        guard let t = celsius else { return "#505050" }
        let stops: [(Double, (Double, Double, Double))] = [
            (-10, (36, 62, 128)), (0, (52, 104, 168)), (10, (52, 128, 104)), (20, (196, 138, 48)), (30, (184, 58, 44)),
        ]
        let clamped = min(max(t, stops.first!.0), stops.last!.0)
        let i = max(0, (stops.firstIndex { $0.0 >= clamped } ?? 1) - 1)
        let (t0, c0) = stops[i], (t1, c1) = stops[min(i + 1, stops.count - 1)]
        let f = t1 > t0 ? (clamped - t0) / (t1 - t0) : 0
        func mix(_ a: Double, _ b: Double) -> Int { Int((a + (b - a) * f).rounded()) }
        let rgb = [mix(c0.0, c1.0), mix(c0.1, c1.1), mix(c0.2, c1.2)]
        return "#" + rgb.map { String(format: "%02x", $0) }.joined()
    }
}
