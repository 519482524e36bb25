import Foundation
import TimeKit

/// An analog clock face drawn in Braille dots: hour and minute hands, marks
/// at 12, 3, 6 and 9, and a ring around the face marking the periods of the
/// time the dial shows (solid dots for good periods, a sparse dotted arc for
/// before dawn, so the ring reads without colour too).
public struct BrailleClockFace: Equatable, Sendable {
    /// What the ring around the face shows.
    public enum RingSpan: Equatable, Sendable {
        /// The 12 hours from the shown time, one turn of the hour hand.
        case next12Hours
        /// The 60 minutes from the shown time, one turn of the minute hand.
        case next60Minutes
    }

    /// What a cell of the face holds, for colouring it by meaning.
    public enum CellKind: Equatable, Sendable {
        case blank, dial, hand
        /// A part of the ring showing this period.
        case ring(DayPeriod)
    }

    public var canvas: BrailleCanvas
    public var kinds: [[CellKind]]

    public var lines: [String] { canvas.lines }

    /// Draws a face `heightCells` tall and `2 × heightCells` wide.
    ///
    /// - Parameters:
    ///   - minutesOfDay: the time the hands show, in (fractional) minutes
    ///     since local midnight; values past 1440 wrap, so an animation can
    ///     sweep through several turns.
    ///   - period: the period of a local minute of the day (for the ring).
    public static func draw(heightCells: Int, minutesOfDay: Double, ring: RingSpan = .next12Hours,
                            period: (Int) -> DayPeriod) -> BrailleClockFace {
        let h = max(2, heightCells)
        var canvas = BrailleCanvas(widthCells: 2 * h, heightCells: h)
        var kinds = Array(repeating: Array(repeating: CellKind.blank, count: 2 * h), count: h)
        let cx = Double(canvas.widthDots - 1) / 2, cy = Double(canvas.heightDots - 1) / 2
        let r = min(cx, cy)

        func point(_ turns: Double, _ radius: Double) -> (x: Int, y: Int) {
            let a = turns * 2 * Double.pi
            return (Int((cx + radius * sin(a)).rounded()), Int((cy - radius * cos(a)).rounded()))
        }
        func mark(_ p: (x: Int, y: Int), _ kind: CellKind) {
            guard p.x >= 0, p.y >= 0, p.x < canvas.widthDots, p.y < canvas.heightDots else { return }
            let (col, row) = (p.x / 2, p.y / 4)
            switch (kinds[row][col], kind) {
            case (.hand, _): break  // hands win a shared cell
            case (.ring, .dial): break
            default: kinds[row][col] = kind
            }
        }

        // The ring: one sample per dot of circumference.
        let now = minutesOfDay.truncatingRemainder(dividingBy: 1440)
        let samples = max(24, Int(2 * Double.pi * r))
        let span = ring == .next12Hours ? 720.0 : 60.0
        let dialAtNow = now.truncatingRemainder(dividingBy: span) / span  // where the relevant hand points
        for i in 0..<samples {
            let turns = Double(i) / Double(samples)
            // Minutes ahead of now that this point of the dial stands for.
            var ahead = (turns - dialAtNow) * span
            if ahead < 0 { ahead += span }
            let minute = Int((now + ahead).rounded(.down)) % 1440
            let p = period(minute)
            let q = point(turns, r)
            if p.isGood || i % 4 == 0 { canvas.set(q.x, q.y) }
            mark(q, .ring(p))
        }
        // Marks at 12, 3, 6 and 9.
        for quarter in 0..<4 {
            let q = point(Double(quarter) / 4, r - 2)
            canvas.set(q.x, q.y)
            mark(q, .dial)
        }
        // Hands: hour hand half the radius, minute hand three quarters.
        let centre = (x: Int(cx.rounded()), y: Int(cy.rounded()))
        let hourTurns = (minutesOfDay / 720).truncatingRemainder(dividingBy: 1)
        let minuteTurns = (minutesOfDay / 60).truncatingRemainder(dividingBy: 1)
        for (turns, length) in [(hourTurns, r * 0.5), (minuteTurns, r * 0.78)] {
            let tip = point(turns, length)
            canvas.line(from: centre, to: tip)
            let steps = max(abs(tip.x - centre.x), abs(tip.y - centre.y), 1)
            for s in 0...steps {
                mark((centre.x + (tip.x - centre.x) * s / steps, centre.y + (tip.y - centre.y) * s / steps), .hand)
            }
        }
        return BrailleClockFace(canvas: canvas, kinds: kinds)
    }
}
