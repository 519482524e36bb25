import Testing
@testable import Dashboard

/// A cell is a plain value (the dashboard copies thousands a second), and
/// `put`'s fast paths give exactly the cells of the general path.
@Suite struct FrameCellTests {
    @Test func aCellIsAPlainEightByteValue() {
        #expect(_isPOD(Cell.self))
        #expect(MemoryLayout<Cell>.size <= 8)
    }

    @Test func charactersOfSeveralScalarsComeBackWhole() {
        for text in ["👩‍👩‍👧", "e\u{301}", "🇯🇵", "❤️", "ｶﾞ", "각"] {
            let character = Character(text)
            let cell = Cell(character, .title)
            #expect(cell.character == character, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(cell == Cell(character, .title))
            #expect(cell != Cell(character, .normal))
            var scalars: [Unicode.Scalar] = []
            cell.appendScalars(to: &scalars)
            #expect(scalars == Array(text.unicodeScalars))
        }
        #expect(Cell("a").character == "a")
        #expect(Cell(" ") == .blank)
        #expect(Cell("\u{0}").isWideTail)
        #expect(!Cell("e\u{301}").isWideTail)
    }

    @Test func theClusterTableIsBounded() {
        let table = CellClusters(limit: 3)
        let codes = ["e\u{301}", "a\u{301}", "o\u{301}"].map { table.code(for: Character($0)) }
        #expect(Set(codes).count == 3)
        #expect(codes.allSatisfy { $0 >= CellClusters.base })
        #expect(table.code(for: Character("a\u{301}")) == codes[1])
        // The fourth distinct cluster finds the table full: shown as U+FFFD.
        #expect(table.code(for: Character("u\u{301}")) == 0xFFFD)
        #expect(table.count == 3)
        #expect(table.character(for: codes[2]) == Character("o\u{301}"))
        #expect(table.character(for: CellClusters.base + 99) == "\u{FFFD}")
    }

    /// Every scalar the fast path takes, between ASCII and at the clip edge:
    /// the same cells and the same end column as the general path.
    @Test func theFastPathsMatchTheGeneralPathForEveryScalarTheyTake() {
        var taken = 0
        for value in UInt32(0x20)...0xFFFF {
            guard let scalar = Unicode.Scalar(value), Frame.standsAlone(scalar) else { continue }
            taken += 1
            let text = "a" + String(scalar) + "b" + String(scalar)
            for (x, width) in [(0, 8), (1, 4), (2, 3)] {
                var fast = Frame(size: Size(columns: 8, rows: 1))
                fast.put("東京", x: 3, y: 0)
                var general = fast
                let clip = Rect(x: 0, y: 0, width: width + x, height: 1)
                let fastEnd = fast.put(text, x: x, y: 0, role: .title, clip: clip)
                let generalEnd = general.putCharacters(text, from: x, y: 0, left: 0, right: width + x, role: .title)
                #expect(fast == general && fastEnd == generalEnd, "U+\(String(value, radix: 16)) at \(x) in \(width)")
                if fast != general { return }
            }
        }
        #expect(taken > 20_000)
    }

    /// ASCII runs written at every start and clip over a row of wide
    /// characters (which a run may cut at either end, or swallow whole):
    /// the same cells and end column as the general path.
    @Test func asciiRunsMatchTheGeneralPathAtEveryStartAndClip() {
        var cases = 0
        for text in ["", "x", "ab", "hello", "0123456789ab"] {
            for x in -3...10 {
                for left in 0...4 {
                    for right in left...10 {
                        var fast = Frame(size: Size(columns: 10, rows: 1))
                        fast.put("東京a大阪", x: 1, y: 0, role: .dim)
                        var general = fast
                        let clip = Rect(x: left, y: 0, width: right - left, height: 1)
                        let fastEnd = fast.put(text, x: x, y: 0, role: .title, clip: clip)
                        let generalEnd = general.putCharacters(text, from: x, y: 0, left: left, right: right, role: .title)
                        #expect(fast == general && fastEnd == generalEnd, "\(text) at \(x) in \(left)..<\(right): \(fast.lines) vs \(general.lines)")
                        if fast != general || fastEnd != generalEnd { return }
                        cases += 1
                    }
                }
            }
        }
        #expect(cases > 2000)
    }

    /// Runs of stand-alone scalars, narrow and wide mixed, written at every
    /// start and clip over a row of wide characters: the same cells and end
    /// column as the general path (the run's two ends are the only places a
    /// wide character can be cut).
    @Test func standAloneRunsMatchTheGeneralPathAtEveryStartAndClip() {
        var cases = 0
        for text in ["·", "東", "a東", "東a", "⣿東⣿", "░▒▓東京", "━東━京━", "ｱ東ｲ"] {
            for x in -3...10 {
                for left in 0...4 {
                    for right in left...10 {
                        var fast = Frame(size: Size(columns: 10, rows: 1))
                        fast.put("東京a大阪", x: 1, y: 0, role: .dim)
                        var general = fast
                        let clip = Rect(x: left, y: 0, width: right - left, height: 1)
                        let fastEnd = fast.put(text, x: x, y: 0, role: .title, clip: clip)
                        let generalEnd = general.putCharacters(text, from: x, y: 0, left: left, right: right, role: .title)
                        #expect(fast == general && fastEnd == generalEnd, "\(text) at \(x) in \(left)..<\(right): \(fast.lines) vs \(general.lines)")
                        if fast != general || fastEnd != generalEnd { return }
                        cases += 1
                    }
                }
            }
        }
        #expect(cases > 3000)
    }

    /// Text the fast path must not take: marks, joiners, selectors, controls.
    @Test func combiningAndControlTextTakesTheGeneralPath() {
        for scalar: Unicode.Scalar in ["\u{301}", "\u{200D}", "\u{FE0F}", "\u{1B}", "\u{9B}", "\u{202E}", "\u{AD}", "\u{3099}", "\u{302A}", "\u{FF9E}", "\u{1160}", "\u{2028}"] {
            #expect(!Frame.standsAlone(scalar), "U+\(String(scalar.value, radix: 16))")
        }
        var frame = Frame(size: Size(columns: 6, rows: 1))
        frame.put("┌e\u{301}\u{1B}┐", x: 0, y: 0)
        #expect(frame.lines == ["┌e\u{301}␛┐  "])
    }
}

/// `Cell` packs its code and its role's case number into one word; the
/// frame diff compares rows of cells with `memcmp`.
@Suite struct CellLayoutTests {
    @Test func aCellIsOneWordWithNoPadding() {
        #expect(MemoryLayout<Cell>.size == 8)
        #expect(MemoryLayout<Cell>.stride == 8)
        #expect(MemoryLayout<StyleRole>.size == 1)
        #expect(StyleRole.allCases.count < 256)
    }

    @Test func everyRoleAndCodeReadBackAsWritten() {
        for role in StyleRole.allCases {
            for scalar: Unicode.Scalar in ["a", "東", "\u{10FFFD}", "⣿"] {
                var cell = Cell(scalar: scalar, role)
                #expect(cell.role == role)
                #expect(cell.code == scalar.value)
                cell.role = .normal
                #expect(cell.role == .normal && cell.code == scalar.value)
            }
            let cluster = Cell("e\u{301}", role)
            #expect(cluster.role == role && cluster.character == "e\u{301}")
        }
        #expect(Cell(scalar: "a", .title) != Cell(scalar: "a", .dim))
        #expect(Cell(scalar: "a", .title) == Cell("a", .title))
    }

    @Test func framesWithNoColumnsOrRowsDiffToNothing() {
        for size in [Size(columns: 0, rows: 4), Size(columns: 5, rows: 0), Size(columns: 0, rows: 0)] {
            let frame = Frame(size: size)
            #expect(FrameDiff.changedRuns(old: frame, new: frame).isEmpty)
            #expect(FrameDiff.changedRuns(old: nil, new: frame).isEmpty)
        }
    }
}
