import Foundation
import Testing
@testable import TimeKit

/// `[sights]`: the sights panel's conditions and DR, checked like
/// `timedeck fix --eye/--ie/--temp/--pressure/--dr`.
@Suite struct SightSettingsTests {
    @Test func defaultsAreTheFixCommandsDefaults() {
        #expect(Settings().sightCorrections == .standard)
        #expect(Settings().sightsDeadReckoning == nil)
    }

    @Test func valuesApplyFromTheFile() {
        let (s, problems) = Settings.parse("""
            [sights]
            eye_metres = 2.5
            index_error_arcminutes = -1.2
            temperature_celsius = 25
            pressure_hectopascals = 1020.0
            dr = "40 10.0 N, 050 15.0 W"
            """)
        #expect(problems.isEmpty, "\(problems)")
        #expect(s.sightCorrections == SightCorrections(heightOfEyeMetres: 2.5, indexErrorArcminutes: -1.2,
                                                       temperatureCelsius: 25, pressureHectopascals: 1020))
        #expect(s.sightsDeadReckoning == "40 10.0 N, 050 15.0 W")
    }

    @Test(arguments: [("eye_metres", "-1"), ("eye_metres", "1001"), ("index_error_arcminutes", "61"),
                      ("temperature_celsius", "80"), ("pressure_hectopascals", "500"), ("dr", "\"somewhere\""),
                      ("eye_metres", "\"2\"")])
    func outOfRangeIsRefused(key: String, value: String) {
        let (s, problems) = Settings.parse("[sights]\n\(key) = \(value)\n")
        #expect(problems.count == 1, "\(key) = \(value)")
        #expect(problems.first?.key == "sights.\(key)", "\(problems)")
        #expect(s == Settings())
    }
}
