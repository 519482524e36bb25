import Foundation

/// The Sun's elevation through one local sol at a site, sampled for the
/// solar-path picture (Mars24's panorama): by `MarsSolarPosition`, at
/// instants spread evenly over the mean sol centred on local noon.
public struct MarsSolarPath: Equatable, Sendable {
    /// One sample: local true solar time (hours, unwrapped round noon so that
    /// the samples run from about 0 to about 24 in order) and elevation.
    public struct Sample: Equatable, Sendable {
        public var ltstHours: Double
        public var elevationDegrees: Double
        public init(ltstHours: Double, elevationDegrees: Double) {
            self.ltstHours = ltstHours
            self.elevationDegrees = elevationDegrees
        }
    }

    public var samples: [Sample]

    /// Mean solar day on Mars, SI seconds (Mars24, Allison & McEwen 2000).
    public static let meanSolSeconds = 88_775.244

    /// `count` samples over the sol whose local noon is `noonUnixSeconds`.
    public init(noonUnixSeconds noon: Double, planetocentricLatitude latitude: Double, longitudeEast: Double,
                leapSeconds: LeapSecondTable, count: Int = 97) {
        let n = max(3, count)
        samples = (0..<n).map { k in
            let u = noon + (Double(k) / Double(n - 1) - 0.5) * Self.meanSolSeconds
            let clock = MarsClock(unixSeconds: u, ttMinusUTCSeconds: leapSeconds.ttMinusUTC(atUnixSeconds: u),
                                  longitudeEast: longitudeEast)
            var hours = clock.localTrueSolarTime
            // Before noon a time just under 24 h belongs at the start; after it, one just over 0 h at the end.
            if k < n / 2 && hours > 18 { hours -= 24 }
            if k > n / 2 && hours < 6 { hours += 24 }
            return Sample(ltstHours: hours,
                          elevationDegrees: MarsSolarPosition(clock: clock, planetocentricLatitude: latitude).elevationDegrees)
        }
    }
}
