import Foundation
import TimeKit

/// The weather panel's analog face (issue 34, item 3): a Braille clock face
/// inside a Braille ring whose thickness shows the precipitation ahead, so
/// moderate and heavy differ without colour (mono, `--no-color`): dry is a
/// dotted hairline, light a solid hairline, moderate twice as thick, heavy
/// three times. Each dot of the ring stands for the instant its place on the
/// dial shows next (the hour hand's circle for 12 hours, the minute hand's
/// for 60), as the call planner's ring does.
///
/// The face is `heightCells` tall and twice as wide (Braille dots are about
/// square). The ring is worked out once per minute and forecast
/// (`ring`, remembered), the hands every frame (`BrailleClockFace`, cheap).
struct WeatherFace: Equatable {
    var canvas: BrailleCanvas
    /// Per cell: its role (the ring's intensity colour, the hands, the dial).
    var roles: [[StyleRole?]]

    /// The smallest face drawn; below it the panel shows text alone.
    static let minimumHeightCells = 4

    /// Dots of ring thickness per step (dry and light 1, moderate 2, heavy
    /// 3 steps) on a face `heightCells` tall: one dot up to 11 rows, two
    /// from 12, so the ring grows with the face.
    static func unit(heightCells: Int) -> Int { heightCells >= 12 ? 2 : 1 }

    /// Cells of the band the ring takes on each side (the clock face sits
    /// inside it): the ring's widest plus a dot of gap, in whole cells.
    static func bandCells(heightCells: Int) -> Int { (3 * unit(heightCells: heightCells) + 1 + 3) / 4 }

    /// Ring thickness in dots for an intensity (0: nothing drawn).
    static func thickness(_ intensity: PrecipitationIntensity?, unit: Int) -> Int {
        switch intensity {
        case nil: 0
        case .none?, .light?: unit
        case .moderate?: 2 * unit
        case .heavy?: 3 * unit
        }
    }

    /// The face at `now` (hands at the local time in `zone`).
    static func draw(heightCells h: Int, now: Date, zone: ZoneRules, span: WeatherForecast.RingSpan,
                     segments: [PrecipitationSegment]) -> WeatherFace {
        var face = ring(heightCells: h, now: now, zone: zone, span: span, segments: segments)
        let f = LocalTimeText.fields(now, in: zone)
        let minutesOfDay = Double(f.hour * 60 + f.minute) + Double(f.second) / 60
        let band = bandCells(heightCells: h)
        let clockSpan = span == .nextHour ? BrailleClockFace.RingSpan.next60Minutes : .next12Hours
        // The clock's own ring is its rim here (every minute "good": solid).
        let clock = BrailleClockFace.draw(heightCells: h - 2 * band, minutesOfDay: minutesOfDay, ring: clockSpan) { _ in .morning }
        for row in 0..<clock.canvas.heightCells {
            for column in 0..<clock.canvas.widthCells {
                let bits = clock.canvas.bits[row * clock.canvas.widthCells + column]
                guard bits != 0 else { continue }
                let (x, y) = (column + 2 * band, row + band)
                face.canvas.bits[y * face.canvas.widthCells + x] |= bits
                if clock.kinds[row][column] == .hand {
                    face.roles[y][x] = .normal
                } else if face.roles[y][x] == nil {
                    face.roles[y][x] = .dim
                }
            }
        }
        return face
    }

    /// The ring alone, remembered: the same size, span, segments and minute
    /// give the same ring, so an idle dashboard draws it once a minute, not
    /// once a second. It is drawn for `now` to the minute (a dot stands for
    /// at least a quarter minute of the 60-minute ring, so this moves the
    /// edge at the hand by less than a few dots, once a minute).
    static func ring(heightCells h: Int, now: Date, zone: ZoneRules, span: WeatherForecast.RingSpan,
                     segments: [PrecipitationSegment]) -> WeatherFace {
        let minute = (now.timeIntervalSince1970 / 60).rounded(.down)
        let key = Memo.Key(heightCells: h, minute: minute, offsetSeconds: zone.offsetSeconds(at: now), span: span,
                           segments: segments)
        return Memo.last.value(for: key) { key in
            computeRing(heightCells: key.heightCells, at: Date(timeIntervalSince1970: key.minute * 60),
                        offsetSeconds: key.offsetSeconds, span: key.span, segments: key.segments)
        }
    }

    /// The last ring drawn, by everything it was drawn from. One entry: the
    /// dashboard draws one weather face per frame.
    enum Memo {
        struct Key: Equatable, Sendable {
            var heightCells: Int
            var minute: Double
            var offsetSeconds: Int
            var span: WeatherForecast.RingSpan
            var segments: [PrecipitationSegment]
        }
        /// `computed` counts the rings worked out (a test counts them).
        static let last = Remembered<Key, WeatherFace>()
    }

    /// Every dot of the ring band: its angle on the dial gives the instant
    /// it stands for, that instant's segment its thickness.
    static func computeRing(heightCells h: Int, at now: Date, offsetSeconds: Int, span: WeatherForecast.RingSpan,
                            segments: [PrecipitationSegment]) -> WeatherFace {
        var canvas = BrailleCanvas(widthCells: 2 * h, heightCells: h)
        var rank = Array(repeating: Array(repeating: -1, count: 2 * h), count: h)
        let unit = unit(heightCells: h)
        let centre = Double(canvas.heightDots - 1) / 2
        let radius = centre
        let spanMinutes = Double(span.minutes)
        // Where the span's hand points now: local minutes of the day on its dial.
        let localMinutes = ((now.timeIntervalSince1970 + Double(offsetSeconds)) / 60)
            .truncatingRemainder(dividingBy: 1440)
        let dialAtNow = localMinutes.truncatingRemainder(dividingBy: spanMinutes) / spanMinutes
        let circumference = 2 * Double.pi * radius
        let deepest = Double(3 * unit)
        for y in 0..<canvas.heightDots {
            for x in 0..<canvas.widthDots {
                let dx = Double(x) - centre, dy = Double(y) - centre
                let distance = (dx * dx + dy * dy).squareRoot()
                let depth = radius + 0.5 - distance  // 0 at the outer edge, growing inwards
                guard depth > 0, depth <= deepest else { continue }
                var turns = atan2(dx, -dy) / (2 * .pi)
                if turns < 0 { turns += 1 }
                var ahead = turns - dialAtNow
                if ahead < 0 { ahead += 1 }
                let instant = now.addingTimeInterval(ahead * spanMinutes * 60)
                let segment = segments.first { $0.start <= instant && instant < $0.end }
                let intensity = segment.flatMap(\.intensity)
                guard depth <= Double(thickness(intensity, unit: unit)) else { continue }
                // Dry: every fourth dot along the rim, so it reads as dotted.
                if intensity == PrecipitationIntensity.none, Int((turns * circumference).rounded(.down)) % 4 != 0 { continue }
                canvas.set(x, y)
                let (column, row) = (x / 2, y / 4)
                rank[row][column] = max(rank[row][column], intensity?.rawValue ?? -1)
            }
        }
        let roles = rank.map { row in
            row.map { r -> StyleRole? in r < 0 ? nil : WeatherText.intensityRole(PrecipitationIntensity(rawValue: r)) }
        }
        return WeatherFace(canvas: canvas, roles: roles)
    }
}
