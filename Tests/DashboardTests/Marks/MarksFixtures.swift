import Foundation
@testable import Dashboard
import TimeKit

/// Marks and states shared by the marks panel tests.
enum MarksFixtures {
    static let brisbane = try! GeoPosition(latitudeDegrees: -27.467, longitudeDegrees: 153.380_667)
    /// fixedInstant (2026-11-21T23:47:12Z) in nanoseconds.
    static let base: Int64 = 1_795_304_832_000_000_000
    static let synced = ClockStatus.Kernel(synchronized: true, estimatedErrorMicroseconds: 2000, maximumErrorMicroseconds: 40_000)

    static func mark(_ id: Int64, secondsBefore: Double, note: String = "", position: MarkPosition = .fixed(brisbane),
                     correction: Int64 = 0) -> SightingMark {
        SightingMark(id: id, unixNanoseconds: base - Int64(secondsBefore * 1e9), correctionNanoseconds: correction,
                     note: note, position: position, clock: ClockStatus(kernel: synced))
    }

    /// A dashboard at fixedInstant with the marks panel holding `count`
    /// marks, #count newest, one every 61.25 s.
    /// Settings with Brisbane as the fixed position (as the config writes it).
    static func settings(watchErrorSeconds: Double = 0) -> Settings {
        var settings = Settings()
        settings.fixedPosition = "-27.467, 153.380667"
        settings.watchErrorSeconds = watchErrorSeconds
        return settings
    }

    static func state(marks count: Int, settings: Settings = settings()) -> AppState {
        var s = AppState(now: fixedInstant, localZone: zone("UTC"), panels: [.marks])
        s.settings = settings
        var marks: [SightingMark] = []
        for i in 0..<count {
            let note: String = i == 0 ? "Sun LL" : (i == 2 ? "Moon UL \u{1B}[31m" : "")
            let seconds: Double = Double(i) * 61.25 + 0.346
            marks.append(mark(Int64(count - i), secondsBefore: seconds, note: note))
        }
        s.marks = MarksPanelState(marks: marks, totalCount: count)
        s.marks.kernel = synced
        return s
    }
}

extension MarksPanelState.Message {
    /// The message as an English screen shows it.
    var english: String { UILanguage.en.text(content) }
}
