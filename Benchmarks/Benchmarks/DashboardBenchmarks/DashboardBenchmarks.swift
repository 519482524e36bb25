// Dashboard rendering and frame-diff benchmarks (docs/PERFORMANCE.md,
// the "dashboard second" row). Run from Benchmarks/:
//   swift package benchmark --target DashboardBenchmarks
import Benchmark
import Dashboard
import Foundation
import TimeKit

/// The dashboard as a user sees it: every panel on main, focus on the first,
/// at an instant with a busy header (seconds about to roll over a minute).
func benchmarkState(at unixSeconds: Double) -> AppState {
    let zone = TimeZone(identifier: "Australia/Brisbane") ?? TimeZone(secondsFromGMT: 36_000) ?? .current
    return AppState(now: Date(timeIntervalSince1970: unixSeconds), localZone: zone, panels: PanelID.allCases)
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        warmupIterations: 10,
        maxDuration: .seconds(3),
        maxIterations: .kilo(10)
    )
    // 2026-11-22T01:59:59Z: the next second flips minutes and hours digits.
    let t0 = 1_795_312_799.0
    // Everything a benchmark needs is made here, outside its closure: the
    // closure runs once per sample and all of it is measured.
    let base = benchmarkState(at: t0)
    var withHelp = base
    withHelp.overlay = .help(scroll: 0)
    var later = base
    later.now = Date(timeIntervalSince1970: t0 + 1)
    for size in [Size(columns: 100, rows: 30), Size(columns: 200, rows: 60)] {
        let label = "\(size.columns)×\(size.rows)"
        let frame = render(base, size: size)
        let nextFrame = render(later, size: size)
        Benchmark("render: full frame, every panel, \(label)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(render(base, size: size)) }
        }
        Benchmark("render: help overlay open, \(label)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(render(withHelp, size: size)) }
        }
        Benchmark("diff: one second later (a tick), \(label)") { benchmark in
            let old = frame, new = nextFrame
            for _ in benchmark.scaledIterations {
                var cells = 0
                FrameDiff.forEachChangedRun(old: old, new: new) { _, _, _, scalars in cells += scalars.count }
                blackHole(cells)
            }
        }
        Benchmark("encode: one second later, the bytes written, \(label)") { benchmark in
            var encoder = ScreenEncoder(codes: TerminalCodes(
                cursorAddress: .ansi, clearScreen: Array("\u{1B}[H\u{1B}[2J".utf8), reset: Array("\u{1B}[0m".utf8),
                styles: [:], avoidsBottomRightCell: false))
            var bytes: [UInt8] = []
            // The first frame (sent whole) is set-up, not the tick.
            encoder.encode(frame, into: &bytes)
            var flip = false
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                bytes.removeAll(keepingCapacity: true)
                encoder.encode(flip ? frame : nextFrame, into: &bytes)
                flip.toggle()
                blackHole(bytes.count)
            }
        }
        Benchmark("diff: whole screen (first frame or resize), \(label)") { benchmark in
            let new = frame
            for _ in benchmark.scaledIterations {
                var cells = 0
                FrameDiff.forEachChangedRun(old: nil, new: new) { _, _, _, scalars in cells += scalars.count }
                blackHole(cells)
            }
        }
        Benchmark("tick end to end: update + render + diff, \(label)") { benchmark in
            var program = Program(state: base)
            var effects = CountingPerformer()
            var previous = frame
            var t = t0
            for _ in benchmark.scaledIterations {
                t += 1
                program.send(.tick(Date(timeIntervalSince1970: t)), to: &effects)
                let frame = render(program.state, size: size)
                var cells = 0
                FrameDiff.forEachChangedRun(old: previous, new: frame) { _, _, _, scalars in cells += scalars.count }
                blackHole(cells)
                previous = frame
            }
        }
    }
}

/// Performs nothing, counts the effects (the benchmark has no store).
struct CountingPerformer: EffectPerforming {
    var count = 0
    mutating func perform(_ effect: Effect) -> [Event] {
        count += 1
        return []
    }
}
