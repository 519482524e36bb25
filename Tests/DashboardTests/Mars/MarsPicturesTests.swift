import Foundation
import Testing
import TestSupport
import TimeKit
@testable import Dashboard

/// Issue 33: the Mars panel's pictures (sunclock, orbit plot, solar path) and
/// the light time and sol kept in the state, so that idle frames solve nothing.
@Suite struct MarsPicturesTests {
    static let sites = (try? MarsSiteLibrary.bundled().sites) ?? []
    /// 2021-04-19T07:34:00Z, Ingenuity's first flight (subsolar point 73.5°E 13.8°N).
    static let instant = 1_618_817_640.0

    func mars(siteID: String? = "perseverance", picture: MarsPictureKind? = nil, ephemeris: Bool = true) throws -> MarsPanelState {
        var state = MarsPanelState(longitudeEast: 77.4508, siteID: siteID, sites: Self.sites)
        if ephemeris { state.ephemeris = MarsPanelEphemeris(try ChebyshevEphemeris.loadBundled()) }
        state.picture = picture
        return state
    }

    func app(_ mars: MarsPanelState, at unixSeconds: Double = instant) -> AppState {
        var s = AppState(now: Date(timeIntervalSince1970: unixSeconds), localZone: zone("UTC"), panels: [.mars])
        s.mars = mars
        s.focus = .mars
        return s
    }

    // MARK: Sunclock

    @Test func terminatorMatchesTheSubsolarPoint() throws {
        let data = MarsPictureSource.data(.sunclock, at: Self.instant, state: try mars())
        guard case let .sunclock(subsolar, _) = data else { Issue.record("no sunclock: \(data)"); return }
        #expect(abs(subsolar.x - 73.48) < 0.01 && abs(subsolar.y - 13.79) < 0.01)
        #expect(MarsPictureDrawing.isDay(latitude: subsolar.y, longitudeEast: subsolar.x, subsolar: subsolar))
        #expect(!MarsPictureDrawing.isDay(latitude: -subsolar.y, longitudeEast: subsolar.x - 180, subsolar: subsolar))
        // In the drawing: no night dots in the subsolar point's cell, night dots in the antipode's.
        let layers = try #require(MarsPictureDrawing.draw(data, columns: 72, rows: 18))
        let night = layers.layers[MarsPictureDrawing.MapLayer.night.rawValue]
        func cellHasNight(latitude: Double, longitude: Double) -> Bool {
            var lon = longitude
            if lon > 180 { lon -= 360 } else if lon <= -180 { lon += 360 }
            let x = Int((lon + 180) / 360 * Double(layers.widthDots)), y = Int((90 - latitude) / 180 * Double(layers.heightDots))
            return (x / 2 * 2..<x / 2 * 2 + 2).contains { dx in (y / 4 * 4..<y / 4 * 4 + 4).contains { night.isSet(dx, $0) } }
        }
        #expect(!cellHasNight(latitude: subsolar.y, longitude: subsolar.x))
        #expect(cellHasNight(latitude: -subsolar.y, longitude: subsolar.x + 180))
    }

    /// The relief layer is the contour between elevation classes: a relief
    /// whose eastern hemisphere is high and western low has dots only at 0°
    /// and 180°, every row; without a relief the layer is empty.
    @Test func reliefContoursFollowTheClassBoundaries() throws {
        let row = String(repeating: "2", count: 90) + String(repeating: "1", count: 90)
        let halves = try MarsRelief(text: Array(repeating: row, count: 90).joined(separator: "\n"))
        let data = MarsPictureSource.data(.sunclock, at: Self.instant, state: try mars())
        let layers = try #require(MarsPictureDrawing.draw(data, columns: 72, rows: 18, relief: halves))
        let relief = layers.layers[MarsPictureDrawing.MapLayer.relief.rawValue]
        var columns = Set<Int>()
        for x in 0..<layers.widthDots {
            let count = (0..<layers.heightDots).filter { relief.isSet(x, $0) }.count
            if count > 0 { columns.insert(x); #expect(count == layers.heightDots, "column \(x) has \(count) dots") }
        }
        #expect(columns == [layers.widthDots / 2 - 1, layers.widthDots - 1])
        let bare = try #require(MarsPictureDrawing.draw(data, columns: 72, rows: 18, relief: nil))
        #expect(bare.layers[MarsPictureDrawing.MapLayer.relief.rawValue] == BrailleCanvas(widthCells: 72, heightCells: 18))
    }

    /// With the bundled MOLA relief, contours ring Olympus Mons and Hellas.
    @Test func bundledReliefRingsOlympusAndHellas() throws {
        let data = MarsPictureSource.data(.sunclock, at: Self.instant, state: try mars())
        let layers = try #require(MarsPictureDrawing.draw(data, columns: 72, rows: 18))
        let relief = layers.layers[MarsPictureDrawing.MapLayer.relief.rawValue]
        func dotsNear(latitude: Double, longitudeEast: Double, within r: Double) -> Int {
            var n = 0
            for x in 0..<layers.widthDots {
                for y in 0..<layers.heightDots where relief.isSet(x, y) {
                    let lon = (Double(x) + 0.5) / Double(layers.widthDots) * 360 - 180
                    let lat = 90 - (Double(y) + 0.5) / Double(layers.heightDots) * 180
                    var dl = abs(lon - (longitudeEast > 180 ? longitudeEast - 360 : longitudeEast))
                    dl = min(dl, 360 - dl)
                    if hypot(dl, lat - latitude) <= r { n += 1 }
                }
            }
            return n
        }
        // The +3 km contour passes within 15° of Olympus; the −5 km one within 25° of Hellas's centre.
        #expect(dotsNear(latitude: 18.65, longitudeEast: 226.2, within: 15) > 4)
        #expect(dotsNear(latitude: -42.4, longitudeEast: 70.5, within: 25) > 4)
        // Deep in Hellas itself (one class throughout) there is no contour.
        #expect(dotsNear(latitude: -42.4, longitudeEast: 70.5, within: 3) == 0)
    }

    /// Golden frames of the sunclock with its MOLA relief at 80×24 and
    /// 120×40 (re-record on purpose with TIMEDECK_RECORD_SNAPSHOTS=1).
    @Test(arguments: [(80, 24), (120, 40)]) func sunclockGolden(columns: Int, rows: Int) throws {
        var state = app(try mars(picture: .sunclock))
        state.mars.refreshSky(at: Self.instant)
        expectSnapshot(render(state, size: Size(columns: columns, rows: rows)), named: "mars-sunclock-\(columns)x\(rows)")
    }

    /// The map's day side is where `MarsSolarPosition` has the Sun up: every site agrees.
    @Test func dayAndNightAgreeWithTheSunAtEachSite() throws {
        for hour in stride(from: 0.0, to: 24, by: 3) {
            let u = Self.instant + hour * 3600
            guard case let .sunclock(subsolar, sites) = MarsPictureSource.data(.sunclock, at: u, state: try mars()) else {
                Issue.record("no sunclock"); return
            }
            for (site, mapSite) in zip(Self.sites, sites) {
                let clock = MarsClock(unixSeconds: u, ttMinusUTCSeconds: 69.184, longitudeEast: site.longitudeEast)
                let elevation = MarsSolarPosition(clock: clock, planetocentricLatitude: site.latitude).elevationDegrees
                guard abs(elevation) > 0.01 else { continue }
                #expect(MarsPictureDrawing.isDay(latitude: mapSite.latitude, longitudeEast: mapSite.longitudeEast,
                                                 subsolar: subsolar) == (elevation > 0), "\(site.name) at +\(hour) h")
            }
        }
    }

    // MARK: Orbit plot

    @Test func earthIsOneAUFromTheSunInThePlot() throws {
        let data = MarsPictureSource.data(.orbit, at: Self.instant, state: try mars())
        guard case let .orbit(planets, orbits, earthMars) = data else { Issue.record("no orbit: \(data)"); return }
        #expect(planets.count == 4 && orbits.count == 4)
        #expect(abs(hypot(planets[2].x, planets[2].y) - 1.0) < 0.02)
        // Mars on 2021-04-19: 1.63 AU from the Sun; Earth–Mars about 2.1 AU (before conjunction).
        #expect(abs(hypot(planets[3].x, planets[3].y) - 1.63) < 0.03)
        #expect((1.9...2.3).contains(earthMars))
        let columns = 40, rows = 20
        let layers = try #require(MarsPictureDrawing.draw(data, columns: columns, rows: rows))
        let earth = layers.layers[MarsPictureDrawing.OrbitLayer.earth.rawValue]
        var dots: [(Int, Int)] = []
        for x in 0..<layers.widthDots { for y in 0..<layers.heightDots where earth.isSet(x, y) { dots.append((x, y)) } }
        let cx = Double(dots.map(\.0).reduce(0, +)) / Double(dots.count), cy = Double(dots.map(\.1).reduce(0, +)) / Double(dots.count)
        let radius = hypot(cx - Double(layers.widthDots / 2), cy - Double(layers.heightDots / 2))
        let scale = MarsPictureDrawing.orbitScale(columns: layers.widthCells, rows: layers.heightCells)
        #expect(abs(radius - scale) < 1.5, "Earth drawn \(radius) dots out for 1 AU = \(scale) dots")
    }

    @Test func orbitWithoutTheEphemerisSaysWhy() throws {
        let data = MarsPictureSource.data(.orbit, at: Self.instant, state: try mars(ephemeris: false))
        #expect(data == .unavailable(.orbit, because: .marsPictureNeedsEphemeris))
        #expect(MarsPictureDrawing.draw(data, columns: 40, rows: 10) == nil)
        #expect(MarsPictureReadout.line(data, language: .en).hasPrefix("Orbits: needs the almanac ephemeris"))
    }

    // MARK: Solar path

    @Test func solarPathPeaksAtLocalNoonAndMarksNow() throws {
        let data = MarsPictureSource.data(.path, at: Self.instant, state: try mars())
        guard case let .path(site, samples, now, maximum) = data else { Issue.record("no path: \(data)"); return }
        #expect(site == "Perseverance")
        let top = try #require(samples.max { $0.y < $1.y })
        #expect(abs(top.x - 12) < 0.01 && abs(top.y - (maximum ?? 0)) < 0.05)
        // LTST 12:15:52 and +83.8° at the instant (the panel's golden rows).
        #expect(abs(now.x - (12 + 15.0 / 60 + 52.0 / 3600)) < 0.001 && abs(now.y - 83.8) < 0.05)
        #expect(MarsPictureSource.data(.path, at: Self.instant, state: try mars(siteID: nil))
                == .unavailable(.path, because: .marsPictureNeedsSite))
        // Noon: 90° − (φg − δ) with φg = 18.64° (Jezero's 18.44° planetocentric) and δ = 13.79°: 85.1°.
        #expect(MarsPictureReadout.line(data, language: .en) == "Solar path · Perseverance: now +83.8° · noon +85.1°")
    }

    // MARK: Idle cost

    /// A minute of ticks solves the light time and draws the picture's numbers
    /// once, the sol once; a new minute, a new sol or a new site each again.
    @Test func ticksComputeOnlyWhatIsStale() throws {
        let start = (Self.instant / 60).rounded(.down) * 60
        var s = app(try mars(picture: .sunclock), at: start)
        for second in 0..<60 { s = update(s, .tick(Date(timeIntervalSince1970: start + Double(second)))).0 }
        #expect(s.mars.sky.runs == MarsPanelSky.Runs(lightTime: 1, solarDays: 1, pictures: 1))
        s = update(s, .tick(Date(timeIntervalSince1970: start + 60))).0
        #expect(s.mars.sky.runs == MarsPanelSky.Runs(lightTime: 2, solarDays: 1, pictures: 2))
        s = update(s, .key(.character("s"), at: Date(timeIntervalSince1970: start + 61))).0  // next site
        #expect(s.mars.sky.runs.solarDays == 2 && s.mars.sky.runs.pictures == 3)
        let sol = s.mars.sky.days.first?.localSol
        s = update(s, .tick(Date(timeIntervalSince1970: start + 88_775.244))).0  // a sol later
        #expect(s.mars.sky.days.first?.localSol == sol.map { $0 + 1 })
        #expect(s.mars.sky.runs.solarDays == 3)
    }

    /// Idle frames put the remembered Braille (`MarsPanel.drawnPicture`), and
    /// a new minute's numbers are drawn anew: each frame's picture rows equal
    /// a fresh drawing of that frame's numbers, and the two minutes differ.
    @Test func rememberedPictureFollowsTheNumbers() throws {
        let start = (Self.instant / 60).rounded(.down) * 60
        let size = Size(columns: 100, rows: 30)
        func pictureRows(_ s: AppState) -> [String] {
            render(s, size: size).lines.filter { line in line.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) } }
        }
        var s = app(try mars(siteID: "perseverance", picture: .sunclock), at: start)
        s = update(s, .tick(Date(timeIntervalSince1970: start))).0
        let first = pictureRows(s)
        s = update(s, .tick(Date(timeIntervalSince1970: start + 30))).0
        #expect(pictureRows(s) == first)
        // Six hours on: the terminator has moved a quarter of the way round.
        s = update(s, .tick(Date(timeIntervalSince1970: start + 6 * 3600))).0
        let later = pictureRows(s)
        #expect(later != first)
        let data = try #require(s.mars.sky.pictureData)
        let remembered = try #require(MarsPanel.drawnPicture(data, columns: 60, rows: 12))
        let drawn = try #require(MarsPictureDrawing.draw(data, columns: 60, rows: 12))
        #expect(remembered.runs.map { $0.map(\.text).joined() } == drawn.runs.map { $0.map(\.text).joined() })
        #expect(remembered.runs.map { $0.map(\.role) } == drawn.runs.map { $0.map(\.role) })
        // The remembered cells are the runs put: replayed at the panel's
        // place, the frame is the one putting them there gives.
        for columns in [60, 41, 90] {
            let picture = try #require(MarsPanel.drawnPicture(data, columns: columns, rows: 12))
            let left = 7 + MarsPanel.pictureOffset(widthCells: picture.widthCells, columns: columns)
            var put = Frame(size: Size(columns: 110, rows: 20))
            put.put("東京 under the picture", x: 0, y: 2)
            var replayed = put
            let clip = Rect(x: 7, y: 1, width: columns, height: 14)
            for (i, row) in picture.runs.enumerated() {
                var x = left
                for run in row { x = put.put(run.text, x: x, y: 1 + i, role: run.role, clip: clip) }
            }
            replayed.replay(picture.cells, x: left, y: 1)
            #expect(replayed == put, "\(columns) columns")
        }
    }

    /// Drawing reads the state: with an ephemeris but nothing solved yet, a
    /// frame shows no light time (it would if the frame solved it).
    @Test func framesDoNotSolve() throws {
        let state = try mars(picture: .orbit)
        let input = MarsPanelText.input(at: Self.instant, state: state)
        #expect(input.light == nil && input.nextSunEvent == nil)
        let frame = render(app(state), size: Size(columns: 100, rows: 30))
        #expect(!frame.lines.joined().contains("OWLT") && !frame.lines.joined().contains("Orbits"))
        let refreshed = app(state.refreshingSky(at: Self.instant))
        let text = render(refreshed, size: Size(columns: 100, rows: 30)).lines.joined(separator: "\n")
        #expect(text.contains("OWLT") && text.contains("Orbits: Earth–Mars"))
    }

    // MARK: The key and the panel

    @Test func pKeyCyclesThePictures() throws {
        var s = app(try mars())
        var seen: [MarsPictureKind?] = []
        for _ in 0..<4 {
            s = update(s, .key(.character("p"), at: s.now)).0
            seen.append(s.mars.picture)
        }
        #expect(seen == [.sunclock, .orbit, .path, nil])
        #expect(s.mars.sky.pictureData == nil)
    }

    @Test(arguments: [(100, 30), (80, 24)]) func picturesShowInThePanel(columns: Int, rows: Int) throws {
        for kind in MarsPictureKind.allCases {
            var state = app(try mars(picture: kind))
            state.mars.refreshSky(at: Self.instant)
            let lines = render(state, size: Size(columns: columns, rows: rows)).lines
            let braille = lines.joined().unicodeScalars.filter { (0x2801...0x28FF).contains($0.value) }.count
            #expect(braille > 40, "\(kind) at \(columns)x\(rows): \(braille) Braille cells\n\(lines.joined(separator: "\n"))")
            #expect(lines.contains { $0.contains(UILanguage.en.text(kind.title)) })
        }
    }

    /// Too little room: one line of readout instead of a picture.
    @Test func smallPanelsGetTheReadout() throws {
        var state = app(try mars(picture: .sunclock))
        state.mars.refreshSky(at: Self.instant)
        let lines = render(state, size: Size(columns: 40, rows: 12)).lines
        #expect(lines.contains { $0.contains("Sunclock: subsolar 73.5°E 13.8°N") })
        #expect(!lines.joined().unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) })
    }

    @Test func plainModeReadsThePictureOut() throws {
        let old = app(try mars().refreshingSky(at: Self.instant))
        let new = update(old, .key(.character("p"), at: old.now)).0
        #expect(MarsPanel.announcements(from: old, to: new) == ["Sunclock: subsolar 73.5°E 13.8°N · Perseverance day"])
        let ja = MarsPanel.announcements(from: { var o = old; o.language = .ja; return o }(),
                                         to: { var n = new; n.language = .ja; return n }())
        #expect(ja == ["日照図: 太陽直下点 73.5°E 13.8°N · Perseverance 昼"])
    }

    // MARK: Where the planets land (against the oracle's DE421)

    struct OracleBody: Decodable { var longitude: Double }
    struct OracleCase: Decodable { var unix: Double; var earth: OracleBody; var mars: OracleBody }
    struct Oracle: Decodable { var cases: [OracleCase] }

    /// scripts/inner-planets-oracle.py's cases (full DE421 through jplephem).
    static func oracle() throws -> Oracle {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("TimeKitTests/Fixtures/inner-planets-oracle.json")
        return try JSONDecoder().decode(Oracle.self, from: Data(contentsOf: url))
    }

    /// The Earth's and Mars's dots sit at the oracle's heliocentric ecliptic
    /// longitude round the drawn Sun (vernal equinox to the right, north up).
    @Test func orbitPlotPlacesThePlanetsAtTheirEphemerisLongitudes() throws {
        let state = try mars()
        for c in try Self.oracle().cases.prefix(8) {
            let data = MarsPictureSource.data(.orbit, at: c.unix, state: state)
            let layers = try #require(MarsPictureDrawing.draw(data, columns: 60, rows: 30))
            for (layer, expected) in [(MarsPictureDrawing.OrbitLayer.earth, c.earth.longitude), (.mars, c.mars.longitude)] {
                let canvas = layers.layers[layer.rawValue]
                var dots: [(Double, Double)] = []
                for x in 0..<layers.widthDots { for y in 0..<layers.heightDots where canvas.isSet(x, y) { dots.append((Double(x), Double(y))) } }
                try #require(!dots.isEmpty, "\(layer) not drawn at \(c.unix)")
                let cx = dots.map(\.0).reduce(0, +) / Double(dots.count) - Double(layers.widthDots / 2)
                let cy = Double(layers.heightDots / 2) - dots.map(\.1).reduce(0, +) / Double(dots.count)
                var drawn = atan2(cy, cx) * 180 / .pi
                if drawn < 0 { drawn += 360 }
                let off = min(abs(drawn - expected), 360 - abs(drawn - expected))
                // A dot is 1/35 AU here: the Earth's dot is within ~1.7° of its longitude by rounding alone.
                #expect(off < 2.5, "\(layer) drawn at \(drawn)°, DE421 says \(expected)° (\(c.unix))")
            }
        }
    }

    // MARK: 80×24, bigger screens, SVG and no colour

    /// At 80×24 the picture takes the rows the text leaves: the light time and
    /// the Sun rows stay, and the picture's legend is the last row of the panel's text.
    @Test(arguments: [(80, 24), (140, 45)]) func picturesLeaveTheSkyRows(columns: Int, rows: Int) throws {
        for kind in MarsPictureKind.allCases {
            var state = app(try mars(picture: kind))
            state.mars.refreshSky(at: Self.instant)
            let lines = render(state, size: Size(columns: columns, rows: rows)).lines
            let text = lines.joined(separator: "\n")
            #expect(text.contains("OWLT") && text.contains("Sun  +83.8°"), "\(kind) at \(columns)x\(rows):\n\(text)")
            let pictureRows = lines.filter { $0.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) } }.count
            #expect(pictureRows >= (rows >= 40 ? 20 : 10), "\(kind) at \(columns)x\(rows): \(pictureRows) rows\n\(text)")
        }
    }

    /// The solar path's present moment is the frame's: the legend's "now" is
    /// the Sun row's elevation even late in the minute the path was drawn for.
    @Test func solarPathNowIsTheFramesSun() throws {
        let late = (Self.instant / 60).rounded(.down) * 60 + 59
        var state = app(try mars(picture: .path), at: late)
        state.mars.refreshSky(at: late)
        let text = render(state, size: Size(columns: 100, rows: 30)).lines.joined(separator: "\n")
        let sun = try #require(text.firstMatch(of: /Sun  ([+-]\d+\.\d)°/)).1
        #expect(text.contains("Solar path · Perseverance: now \(sun)°"), "\(text)")
    }

    /// Every picture, the solar path included, changes at most once a minute
    /// (issue 33): a minute of frames draws its Braille once, while the
    /// solar path's legend still follows the frame's Sun each second.
    @Test(arguments: MarsPictureKind.allCases) func aMinuteOfFramesDrawsThePictureOnce(kind: MarsPictureKind) throws {
        let start = (Self.instant / 60).rounded(.down) * 60
        let pictures = Remembered<MarsPanel.DrawnPicture.Key, MarsPanel.DrawnPicture?>()
        let rect = Rect(x: 0, y: 0, width: 80, height: 22)
        var s = app(try mars(picture: kind), at: start)
        var legends: Set<String> = []
        for second in 0..<60 {
            s = update(s, .tick(Date(timeIntervalSince1970: start + Double(second)))).0
            var frame = Frame(size: Size(columns: 80, rows: 22))
            MarsPanel.draw(s, in: rect, into: &frame, pictures: pictures)
            if let legend = frame.lines.first(where: { $0.contains(s.language.text(kind.title)) }) { legends.insert(legend) }
        }
        #expect(pictures.computed == 1, "\(kind): drawn \(pictures.computed) times in a minute")
        if kind == .path { #expect(legends.count > 1, "the legend's present moment should follow the seconds") }
        s = update(s, .tick(Date(timeIntervalSince1970: start + 60))).0
        var frame = Frame(size: Size(columns: 80, rows: 22))
        MarsPanel.draw(s, in: rect, into: &frame, pictures: pictures)
        #expect(pictures.computed == 2, "a new minute, a new drawing")
    }

    /// In an SVG snapshot and in the mono theme (--no-color) the picture is
    /// the same Braille text: every row the SVG draws is the frame's row.
    @Test(arguments: MarsPictureKind.allCases) func picturesInSVGAndMono(kind: MarsPictureKind) throws {
        var state = app(try mars(picture: kind))
        state.mars.refreshSky(at: Self.instant)
        let frame = render(state, size: Size(columns: 80, rows: 24))
        for theme in [Theme.mono, Theme.named("mission", depth: .palette256)] {
            let svg = FrameSVG.svg(frame, theme: theme)
            let check = XMLCheck(svg)
            #expect(check.problem == nil, "\(check.problem ?? "")")
            let drawn = FrameSVGTests.rows(check, metrics: FrameSVG.Metrics(), rows: frame.size.rows, columns: frame.size.columns)
            func trimmed(_ s: String) -> String { String(s.reversed().drop { $0 == " " }.reversed()) }
            for (y, line) in frame.lines.enumerated() { #expect(trimmed(drawn[y]) == trimmed(line), "\(kind) row \(y)") }
            #expect(svg.unicodeScalars.filter { (0x2801...0x28FF).contains($0.value) }.count > 100)
        }
    }

    /// Roles by meaning on the sunclock: the chosen site in the title role, night dim.
    @Test func sunclockRoles() throws {
        let data = MarsPictureSource.data(.sunclock, at: Self.instant, state: try mars())
        guard case let .sunclock(subsolar, sites) = data else { Issue.record("no sunclock"); return }
        let layers = try #require(MarsPictureDrawing.draw(data, columns: 72, rows: 18))
        let chosen = try #require(sites.first { $0.isChosen })
        let column = Int((chosen.longitudeEast + 180) / 360 * Double(layers.widthCells))
        let row = Int((90 - chosen.latitude) / 180 * Double(layers.heightCells))
        #expect(layers.cell(column, row).role == .title)
        // The antipode of the subsolar point is night: dim, and not blank.
        var lon = subsolar.x + 180
        if lon > 180 { lon -= 360 }
        let night = layers.cell(Int((lon + 180) / 360 * Double(layers.widthCells)), Int((90 + subsolar.y) / 180 * Double(layers.heightCells)))
        #expect(night.role == .dim && night.character != " ")
    }

    /// In Japanese the legends are translated and measured after translation:
    /// each stays inside the panel's border at 80×24.
    @Test(arguments: MarsPictureKind.allCases) func japaneseLegendsFitThePanel(kind: MarsPictureKind) throws {
        var state = app(try mars(picture: kind))
        state.language = .ja
        state.mars.refreshSky(at: Self.instant)
        let lines = render(state, size: Size(columns: 80, rows: 24)).lines
        let title = UILanguage.ja.text(kind.title)
        let legend = try #require(lines.first { $0.contains(title) }, "\(lines.joined(separator: "\n"))")
        #expect(DisplayWidth.of(legend) <= 80 && legend.hasSuffix("│"), "\(legend)")
        let expected = ["日照図: 太陽直下点 73.5°E 13.8°N · Perseverance 昼", "軌道図: 地球–火星", "太陽の軌跡 · Perseverance: 現在 +83.8° · 南中 +85.1°"]
        #expect(legend.contains(expected[MarsPictureKind.allCases.firstIndex(of: kind) ?? 0]), "\(legend)")
    }
}

