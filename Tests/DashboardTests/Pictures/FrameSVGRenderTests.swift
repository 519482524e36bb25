import Foundation
import Testing
import TestSupport
import TimeKit
@testable import Dashboard

/// Issue 34, item 4: the pictures look the same in librsvg (GNOME's viewer,
/// ImageMagick, thumbnailers) as in a browser. Each picture is drawn to PNG
/// by `rsvg-convert` and read back: every blank cell must be free of ink
/// and every visible character must leave ink inside its own cell, so a
/// glyph drawn a few pixels off its column fails. librsvg ignores
/// `textLength`, so the pictures this replaced (one stretched `<text>` per
/// run) fail here; `theCheckCatchesTextLengthStretching` keeps that shown.
@Suite(.enabled(if: RSVGConvert.path != nil, "rsvg-convert is not installed (apt-get install librsvg2-bin; .ci/run does)"))
struct FrameSVGRenderTests {

    /// Any colour channel this far from the cell's background is ink (dim
    /// text at 60 % opacity stays well above it; anti-aliasing a pixel past
    /// a glyph's edge is inside the margin the check leaves).
    static let inkThreshold = 32

    /// `svg` drawn by librsvg, decoded.
    static func rendered(_ svg: String) throws -> PNGImage {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("svg-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("picture.svg").path, output = folder.appendingPathComponent("picture.png").path
        try svg.write(toFile: input, atomically: true, encoding: .utf8)
        let run = try ChildProcess.run([try #require(RSVGConvert.path), "-o", output, input])
        #expect(run.status == 0, "rsvg-convert: \(run.stderr)")
        return try PNGImage(contentsOf: output)
    }

    /// The cells whose drawing is not where the frame puts it: a blank
    /// cell with ink inside it (a margin of `margin` pixels kept clear of
    /// its neighbours' anti-aliasing), or a visible character with no ink
    /// inside its cell (one cell, two for a wide character).
    static func misplaced(_ frame: Frame, theme: Theme, image: PNGImage, metrics: FrameSVG.Metrics = FrameSVG.Metrics(),
                          margin: Int = 1) -> [String] {
        let palette = FrameSVG.page(for: theme)
        let cw = metrics.cellWidth, ch = metrics.cellHeight
        var problems: [String] = []
        func hex(_ s: String) -> (Int, Int, Int) {
            let v = Int(s.dropFirst(), radix: 16) ?? 0
            return (v >> 16, (v >> 8) & 0xFF, v & 0xFF)
        }
        func inkCount(_ left: Int, _ top: Int, _ right: Int, _ bottom: Int, on background: (Int, Int, Int)) -> Int {
            var count = 0
            for y in max(0, top)..<min(image.height, bottom) {
                for x in max(0, left)..<min(image.width, right) {
                    let p = image.pixel(x, y)
                    let d = max(abs(Int(p.r) - background.0), abs(Int(p.g) - background.1), abs(Int(p.b) - background.2))
                    if d > inkThreshold { count += 1 }
                }
            }
            return count
        }
        for row in 0..<frame.size.rows {
            for column in 0..<frame.size.columns {
                let cell = frame[column, row]
                guard !cell.isWideTail else { continue }
                let cells = column + 1 < frame.size.columns && frame[column + 1, row].isWideTail ? 2 : 1
                let background = hex(FrameSVG.colours(of: cell.role, theme: theme, palette: palette).background)
                let left = Int((Double(column) * cw).rounded()), right = Int((Double(column + cells) * cw).rounded())
                let top = Int((Double(row) * ch).rounded()), bottom = Int((Double(row + 1) * ch).rounded())
                let what = "row \(row) column \(column) \(cell.character.unicodeScalars.map { String(format: "U+%04X", $0.value) }.joined(separator: " "))"
                if FrameSVG.isBlank(cell.character) {
                    guard !theme.style(for: cell.role).underline else { continue }  // the line runs under blanks too
                    let ink = inkCount(left + margin, top + margin, right - margin, bottom - margin, on: background)
                    if ink > 0 { problems.append("\(what) is blank but has \(ink) inked pixels") }
                } else if !cell.character.isWhitespace {
                    if inkCount(left - margin, top, right + margin, bottom, on: background) == 0 {
                        problems.append("\(what) has no ink in its cell")
                    }
                }
            }
        }
        return problems
    }

    /// Braille full blocks and single dots with blank cells between, CJK
    /// wide characters at odd and even columns, box drawing and plain text.
    static func knownFrame() -> Frame {
        var frame = Frame(size: Size(columns: 40, rows: 5))
        for x in stride(from: 0, to: 40, by: 3) { frame[x, 0] = Cell("⣿") }
        for x in stride(from: 1, to: 40, by: 4) { frame[x, 1] = Cell("⠁"); frame[x + 1, 1] = Cell("⢀") }
        frame.put("日本 語x  時刻", x: 1, y: 2)
        frame.put("┌──────┐ time  ⣿⣿  deck", x: 0, y: 3)
        frame.put("WWW iii ⣀⣀⣀ 天気 mmm", x: 3, y: 4, role: .title)
        return frame
    }

    @Test func aKnownFrameLandsInItsCells() throws {
        let frame = Self.knownFrame()
        let theme = Theme.named("mission", depth: .palette256)
        let image = try Self.rendered(FrameSVG.svg(frame, theme: theme))
        #expect(image.width == 360 && image.height == 90)
        let problems = Self.misplaced(frame, theme: theme, image: image)
        #expect(problems.isEmpty, "\(problems.count) cells off: \(problems.prefix(8).joined(separator: "; "))")
    }

    /// The check itself can fail: the same frame as the old pictures drew
    /// it (a row's run stretched with `textLength`, which librsvg ignores)
    /// is caught.
    @Test func theCheckCatchesTextLengthStretching() throws {
        let frame = Self.knownFrame()
        let theme = Theme.mono
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"360\" height=\"90\" font-family=\"'DejaVu Sans Mono', monospace\" "
        svg += "font-size=\"15\"><rect width=\"100%\" height=\"100%\" fill=\"\(FrameSVG.page(for: theme).background)\"/>"
        for row in 0..<frame.size.rows {
            let text = String(frame.lines[row].reversed().drop { $0 == " " }.reversed())
            svg += "<text x=\"0\" y=\"\(Double(row) * 18 + 14.04)\" fill=\"#d0d0d0\" textLength=\"\(text.count * 9)\" "
            svg += "lengthAdjust=\"spacingAndGlyphs\" xml:space=\"preserve\">\(SVGText.escaped(text))</text>"
        }
        svg += "</svg>"
        let problems = Self.misplaced(frame, theme: theme, image: try Self.rendered(svg))
        #expect(problems.count > 10, "\(problems)")
    }

    @Test(arguments: ["dashboard-80x24.svg", "dashboard-120x45.svg", "dashboard-ja-120x45.svg", "plain-transcript.svg"])
    func everyDocsPictureLandsInItsCells(_ name: String) throws {
        let picture = try #require(try DocImagesTests.all().first { $0.name == name })
        let committed = try String(contentsOf: DocImagesTests.folder.appendingPathComponent(name), encoding: .utf8)
        let image = try Self.rendered(committed)
        #expect(image.width == picture.frame.size.columns * 9 && image.height == picture.frame.size.rows * 18)
        let problems = Self.misplaced(picture.frame, theme: picture.theme, image: image)
        #expect(problems.isEmpty, "\(name): \(problems.count) cells off: \(problems.prefix(8).joined(separator: "; "))")
    }

    /// The list above is every picture there is.
    @Test func thePicturesAreAllChecked() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: DocImagesTests.folder.path).filter { $0.hasSuffix(".svg") }
        #expect(Set(files) == Set(try DocImagesTests.all().map(\.name)))
    }
}

/// Where `rsvg-convert` is on PATH, if anywhere.
enum RSVGConvert {
    static let path: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/rsvg-convert" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()
}
