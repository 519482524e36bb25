import Testing
@testable import Dashboard
import TimeKit

@Suite struct FrameTests {
    @Test func putClipsAtTheRightEdge() {
        var frame = Frame(size: Size(columns: 5, rows: 1))
        let end = frame.put("abcdefg", x: 2, y: 0)
        #expect(frame.lines == ["  abc"])
        #expect(end == 5)
    }

    @Test func putClipsToARectangle() {
        var frame = Frame(size: Size(columns: 6, rows: 2))
        frame.put("abcdef", x: 0, y: 1, clip: Rect(x: 1, y: 1, width: 3, height: 1))
        #expect(frame.lines == ["      ", " bcd  "])
    }

    @Test func doubleWidthCharactersTakeTwoCells() {
        var frame = Frame(size: Size(columns: 6, rows: 1))
        let end = frame.put("東京x", x: 0, y: 0)
        #expect(end == 5)
        #expect(frame[1, 0].isWideTail)
        #expect(frame.lines == ["東京x "])
        // A wide character that would straddle the edge is not drawn at all.
        var narrow = Frame(size: Size(columns: 3, rows: 1))
        narrow.put("東京", x: 0, y: 0)
        #expect(narrow.lines == ["東 "])
    }

    @Test func controlCharactersAreShownInert() {
        var frame = Frame(size: Size(columns: 8, rows: 1))
        frame.put("a\u{1B}[2Jb\u{07}", x: 0, y: 0)
        #expect(frame.lines == ["a␛[2Jb␇ "])
        #expect(!frame.cells.contains { $0.character == "\u{1B}" || $0.character == "\u{07}" })
    }

    /// Issue 20: bidi overrides and isolates reached the screen in four
    /// dashboard fields; every text goes through `Frame.put`.
    @Test func bidiControlsAreShownAsCodePoints() {
        var frame = Frame(size: Size(columns: 16, rows: 1))
        frame.put("x\u{202E}y\u{2066}", x: 0, y: 0)
        #expect(frame.lines == ["xU+202EyU+2066  "])
        for entry in HostileText.corpus {
            var wide = Frame(size: Size(columns: 80, rows: 1))
            wide.put(entry, x: 0, y: 0)
            #expect(!wide.cells.contains { $0.character.unicodeScalars.contains(where: InertText.isHazard) }, "\(entry.debugDescription)")
        }
    }

    @Test func displayWidthMeasuresJapanese() {
        #expect(DisplayWidth.of("東京") == 4)
        #expect(DisplayWidth.of("Tōkyō") == 5)
        #expect(DisplayWidth.prefix("東京都", fitting: 5) == "東京")
    }

    @Test func boxDrawsCornersAndTitle() {
        var frame = Frame(size: Size(columns: 10, rows: 3))
        frame.box(frame.bounds, title: "Marks")
        #expect(frame.lines == ["┌ Marks ─┐", "│        │", "└────────┘"])
    }
}

@Suite struct FrameExportTests {
    @Test func plainTrimsTrailingSpaces() {
        var frame = Frame(size: Size(columns: 6, rows: 2))
        frame.put("ab", x: 1, y: 0)
        #expect(FrameExport.plain(frame) == " ab\n\n")
    }

    @Test func ansiChangesStyleOnlyWhereTheRoleChanges() {
        var frame = Frame(size: Size(columns: 4, rows: 1))
        frame.put("ab", x: 0, y: 0, role: .warning)
        let theme = Theme(name: "t") { $0 == .warning ? CellStyle(.ansi(3), bold: true) : CellStyle() }
        #expect(FrameExport.ansi(frame, theme: theme) == "\u{1B}[0;1;33mab\u{1B}[0m  \u{1B}[0m\n")
    }

    @Test func sgrCoversPaletteAndAttributes() {
        #expect(FrameExport.sgr(CellStyle(.palette(208), .palette(231), reverse: true, underline: true)) == "\u{1B}[0;4;7;38;5;208;48;5;231m")
    }
}

@Suite struct WideCharacterOverwriteTests {
    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var frame = Frame(size: Size(columns: 6, rows: 1))
        frame.put("東京", x: 0, y: 0)
        frame.put("x", x: 1, y: 0)  // lands on the tail of 東
        #expect(frame.lines == [" x京  "])
        frame.put("y", x: 2, y: 0)  // lands on the head of 京
        #expect(frame.lines == [" xy   "])
        for line in frame.lines { #expect(DisplayWidth.of(line) == 6) }
    }

    @Test func fillAcrossAWideCharacterKeepsTheRowWidth() {
        var frame = Frame(size: Size(columns: 6, rows: 1))
        frame.put("東京東", x: 0, y: 0)
        frame.fill(Rect(x: 1, y: 0, width: 2, height: 1), with: "-")
        #expect(frame.lines == [" -- 東"])
        for line in frame.lines { #expect(DisplayWidth.of(line) == 6) }
    }
}
