import Foundation
import Testing
@testable import Dashboard
import TimeKit

/// Golden Braille faces (4 cells tall, 8 wide). Read them in a terminal:
/// the minute hand is the longer line from the centre, the hour hand the
/// shorter; the ring is solid over good periods and dotted before dawn.
@Suite struct BrailleClockFaceTests {
    func draw(_ h: Int, _ m: Int, height: Int = 4, ring: BrailleClockFace.RingSpan = .next12Hours) -> BrailleClockFace {
        BrailleClockFace.draw(heightCells: height, minutesOfDay: Double(h * 60 + m), ring: ring) {
            PeriodTable.standard.period(minuteOfDay: $0)
        }
    }

    @Test func threeInTheMorning() {
        // Hour hand right, minute hand up; 03:00–06:00 (3 to 6 o'clock) is
        // before dawn, so the lower right of the ring is dotted.
        #expect(draw(3, 0).lines == [
            "⢀⠤⠒⠉⡍⠒⠤⡀",
            "⡜   ⡇  ⢣",
            "⢇⠁  ⠉⠉⠈⠈",
            "⠈⠣⢄⣀⠂⠠ ⠁",
        ])
    }

    @Test func quarterToTenInTheMorning() {
        // Minute hand at 9, hour hand just short of 10; the next 12 hours
        // (09:45–21:45) are all good: the ring is solid.
        #expect(draw(9, 45).lines == [
            "⢀⠤⠒⠉⠍⠒⠤⡀",
            "⡜ ⠤⣀   ⢣",
            "⢇⠉⠉⠉⠁ ⠈⡸",
            "⠈⠣⢄⣀⣂⡠⠜⠁",
        ])
    }

    @Test func noon() {
        // Both hands up.
        #expect(draw(12, 0).lines == [
            "⢀⠤⠒⠉⡍⠒⠤⡀",
            "⡜   ⡇  ⢣",
            "⢇⠁  ⠁ ⠈⡸",
            "⠈⠣⢄⣀⣂⡠⠜⠁",
        ])
    }

    @Test func midnightRingIsDottedFromTwelveToSix() {
        let face = draw(0, 0)
        #expect(face.lines[1].last == "⠁")  // right edge: sparse
        #expect(face.lines[1].first == "⡜")  // left edge: solid
        #expect(face.kinds[1][7] == .ring(.beforeDawn))
        #expect(face.kinds[1][0] == .ring(.morning))  // about 10 o'clock: 10:00 is morning
        #expect(face.kinds[3][3] == .ring(.beforeDawn) || face.kinds[3][4] == .ring(.beforeDawn))
    }

    @Test func handsAreMarkedForColouring() {
        let face = draw(3, 0)
        #expect(face.kinds[1][4] == .hand)  // minute hand above the centre
        #expect(face.kinds[2][5] == .hand)  // hour hand to the right
    }

    @Test func sixtyMinuteRingFollowsTheMinuteHand() {
        // 05:30 with the 60-minute ring: 05:30–06:00 before dawn (dial 6→12,
        // the left half), 06:00–06:30 breakfast (dial 12→6, the right half).
        let face = draw(5, 30, ring: .next60Minutes)
        #expect(face.kinds[1][7] == .ring(.breakfast))
        #expect(face.kinds[1][0] == .ring(.beforeDawn))
    }

    @Test func canvasSetsTheRightBrailleDots() {
        var c = BrailleCanvas(widthCells: 2, heightCells: 1)
        c.set(0, 0)  // dot 1
        c.set(1, 3)  // dot 8
        c.set(2, 3)  // second cell, dot 7
        #expect(c.lines == ["\u{2881}\u{2840}"])
        c.set(99, 99)  // ignored
        #expect(c.isSet(1, 3) && !c.isSet(0, 1))
    }
}
