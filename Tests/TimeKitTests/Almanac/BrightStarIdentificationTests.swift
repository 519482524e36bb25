import Foundation
import Testing
@testable import TimeKit

/// `identify` with the brighter Hipparcos stars (issue 32 item 6): the
/// bundled file, and unknown sights made from the almanac itself of stars
/// that are not navigational (Mizar beside Alioth, Mimosa beside Acrux and
/// Gacrux). The Skyfield cases are in `NavigationOracleTests`.
@Suite struct BrightStarIdentificationTests {
    static let almanac: Almanac? = try? Almanac.loadBundled(leapSeconds: .builtIn)
    static let bright: [NavigationalStar] = (try? BrightStars.loadBundled()) ?? []
    static let corrections = SightCorrections(heightOfEyeMetres: 3, indexErrorArcminutes: 0.8)

    @Test func theFileHoldsTheBrighterStarsAndNoNavigationalOne() throws {
        let almanac = try #require(Self.almanac)
        let bright = Self.bright
        #expect(bright.count == 206)
        #expect(bright.allSatisfy { $0.magnitude <= 3.5 && $0.constellation?.count == 3 })
        #expect(Set(bright.map(\.hipparcosNumber)).isDisjoint(with: almanac.stars.map(\.hipparcosNumber)))
        #expect(Set(bright.map(\.name)).isDisjoint(with: almanac.stars.map(\.name)))
        #expect(Set(bright.map(\.name)).count == bright.count)
        let mizar = try #require(bright.first { $0.name == "Mizar" })
        #expect(mizar.hipparcosNumber == 65378 && mizar.constellation == "UMa")
        #expect(bright.first { $0.hipparcosNumber == 62434 }?.name == "Mimosa")
        // ε Cyg is "Gienah" in Skyfield's list, a name the almanac gives γ Crv: it stays "HIP 102488".
        #expect(bright.first { $0.hipparcosNumber == 102488 }?.name == "HIP 102488")
        // α Cen B is one point of light with Rigil Kentaurus: left out.
        #expect(!bright.contains { $0.hipparcosNumber == 71681 })
        // Brighter than Acamar (Hp 2.94, the faintest navigational star) is not enough to be listed only here:
        #expect(bright.contains { $0.magnitude > 3.0 })
    }

    @Test func aNameThatCouldReachTheTerminalRawIsRefused() throws {
        let row = "Miz\u{1B}[2Jar\t65378\t200.98\t54.92\t38.01\t119.01\t-25.97\t2.254\tUMa\n"
        #expect(throws: NavigationalStar.ParseError.self) { try BrightStars.parse(row) }
        let long = String(repeating: "M", count: 41) + "\t65378\t200.98\t54.92\t38.01\t119.01\t-25.97\t2.254\tUMa\n"
        #expect(throws: NavigationalStar.ParseError.self) { try BrightStars.parse(long) }
        #expect(try BrightStars.parse(row.replacingOccurrences(of: "\u{1B}[2J", with: "")).first?.name == "Mizar")
    }

    /// The brighter stars are placed by the almanac's own star code: an
    /// almanac that holds Mizar gives the same place as `including`.
    @Test func includingReusesTheAlmanacsStarCode() throws {
        let almanac = try #require(Self.almanac)
        let mizar = try #require(Self.bright.first { $0.name == "Mizar" })
        let extended = almanac.including(Self.bright)
        #expect(extended.stars.count == almanac.stars.count + Self.bright.count)
        // Adding the navigational stars again adds nothing.
        #expect(almanac.including(almanac.stars).stars.count == almanac.stars.count)
        let only = Almanac(ephemeris: almanac.ephemeris, stars: [mizar], leapSeconds: almanac.leapSeconds, ut1: almanac.ut1)
        let t = 1_716_775_295.0  // 2024-05-27T02:01:35Z
        let a = try extended.entry(for: .star("Mizar"), atUnixSeconds: t)
        let b = try only.entry(for: .star("Mizar"), atUnixSeconds: t)
        #expect(a == b)
        // Mizar is about 4.2° from Alioth (as catalogued: RA 13h 23.9m, Dec +54° 55′).
        let alioth = try extended.entry(for: .star("Alioth"), atUnixSeconds: t)
        let separation = Self.separationDegrees(a, alioth)
        #expect(abs(separation - 4.2) < 0.2, "\(separation)")
        #expect(abs((360 - (a.shaDegrees ?? 0)) / 15 - (13 + 23.9 / 60)) < 0.05)
    }

    static func separationDegrees(_ a: AlmanacEntry, _ b: AlmanacEntry) -> Double {
        let r = Double.pi / 180
        let c = sin(a.decDegrees * r) * sin(b.decDegrees * r)
            + cos(a.decDegrees * r) * cos(b.decDegrees * r) * cos((a.ghaDegrees - b.ghaDegrees) * r)
        return acos(min(1, c)) / r
    }

    /// An exact sextant reading of `body` (no error at all) from `position`, made by the almanac.
    static func exactSight(of name: String, at t: Double, from position: GeoPosition, almanac: Almanac) throws
        -> (hs: Double, zn: Double) {
        let e = try almanac.entry(for: .star(name), atUnixSeconds: t)
        let (h, z) = SightReduction.altitudeAndAzimuth(ghaDegrees: e.ghaDegrees, decDegrees: e.decDegrees, from: position)
        return (SightReduction.sextantAltitudeDegrees(observedAltitudeDegrees: h, limb: .centre, entry: e,
                                                      corrections: corrections, from: position), z)
    }

    /// Is `other` inside the tolerance box of a sight of `target` taken on
    /// `bearing` (the almanac's own places)?
    static func inBox(_ other: String, of target: String, bearing: Double, at t: Double, from p: GeoPosition,
                      almanac: Almanac) throws -> Bool {
        func place(_ n: String) throws -> (Double, Double) {
            let e = try almanac.entry(for: .star(n), atUnixSeconds: t)
            return SightReduction.altitudeAndAzimuth(ghaDegrees: e.ghaDegrees, decDegrees: e.decDegrees, from: p)
        }
        let (h1, _) = try place(target), (h2, z2) = try place(other)
        return h2 > 0 && abs(h1 - h2) <= BodyIdentification.altitudeToleranceDegrees
            && abs(CompassCheck.normalized(bearing - z2)) <= BodyIdentification.azimuthToleranceDegrees
    }

    /// Every 10 minutes of a day, an exact sight of `target` (15°–75° up),
    /// with the bearing off by `bearingError`: named when no other star is
    /// in its box, refused (body nil, both listed as within) when `neighbour`
    /// is. Returns how many were named and refused, so a caller can insist on both.
    static func sweep(target: String, neighbours: [String], from p: GeoPosition, day: Double,
                      bearingErrors: [Double]) throws -> (named: Int, refused: Int, namedByOldAlmanac: [String]) {
        let almanac = try #require(Self.almanac)
        let extended = almanac.including(Self.bright)
        var named = 0, refused = 0, old: [String] = []
        for k in 0..<144 * bearingErrors.count {
            let t = day + Double(k / bearingErrors.count) * 600, bearingError = bearingErrors[k % bearingErrors.count]
            let (hs, zn) = try exactSight(of: target, at: t, from: p, almanac: extended)
            guard hs > 15, hs < 75 else { continue }
            let bearing = (zn + bearingError + 360).truncatingRemainder(dividingBy: 360)
            let found = try BodyIdentification.identify(sextantAltitudeDegrees: hs, azimuthDegrees: bearing, unixSeconds: t,
                                                        from: p, corrections: corrections, almanac: almanac,
                                                        brighterStars: Self.bright)
            let within = Set(found.candidates.filter(\.matches).map(\.body.name))
            #expect(within.contains(target), "\(t)")
            let boxed = try neighbours.filter {
                try inBox($0, of: target, bearing: bearing, at: t, from: p, almanac: extended)
            }
            for n in boxed { #expect(within.contains(n), "\(t): \(n) is within tolerance of \(target)") }
            if within == [target] {
                #expect(found.body == .star(target))
                #expect(found.candidates.first?.catalogue == .bright)
                named += 1
            } else {
                #expect(found.body == nil, "\(t): \(within)")
                if !boxed.isEmpty { refused += 1 }
            }
            // The 58-star almanac alone, as identify was before: what does it say?
            let before = try BodyIdentification.identify(sextantAltitudeDegrees: hs, azimuthDegrees: bearing, unixSeconds: t,
                                                         from: p, corrections: corrections, almanac: almanac)
            if let body = before.body { old.append(body.name) }
        }
        return (named, refused, old)
    }

    @Test func mizarIsNamedAloneAndRefusedBesideAlioth() throws {
        // At 60° N Mizar and Alioth pass below the pole at ~25°, side by side (4.2° apart along the horizon).
        let p = try GeoPosition(latitudeDegrees: 60, longitudeDegrees: -40)
        let day = 1_716_768_000.0  // 2024-05-27T00:00:00Z
        let run = try Self.sweep(target: "Mizar", neighbours: ["Alioth", "Alkaid"], from: p, day: day,
                                 bearingErrors: [-2.5, 0, 2.5])
        #expect(run.named > 0 && run.refused > 0, "\(run)")
        // The almanac without the brighter stars names a navigational star for some of these Mizar sights:
        // the wrong answer the bright stars take away.
        #expect(run.namedByOldAlmanac.contains("Alioth"), "\(run.namedByOldAlmanac)")
    }

    @Test func mimosaIsNamedAloneAndRefusedBesideAcruxOrGacrux() throws {
        let p = try GeoPosition(latitudeDegrees: -30, longitudeDegrees: 150)
        let day = 1_711_929_600.0  // 2024-04-01T00:00:00Z
        let run = try Self.sweep(target: "Mimosa", neighbours: ["Acrux", "Gacrux"], from: p, day: day,
                                 bearingErrors: [-2.5, 0, 2.5])
        #expect(run.named > 0 && run.refused > 0, "\(run)")
        #expect(run.namedByOldAlmanac.contains { ["Acrux", "Gacrux"].contains($0) }, "\(run.namedByOldAlmanac)")
    }

    @Test func aNavigationalStarKeepsItsNameAndCatalogue() throws {
        let almanac = try #require(Self.almanac)
        let p = try GeoPosition(latitudeDegrees: 40.21, longitudeDegrees: -50.31)
        let t = 1_711_003_200.0  // 2024-03-21T06:40:00Z
        let (hs, zn) = try Self.exactSight(of: "Vega", at: t, from: p, almanac: almanac)
        let found = try BodyIdentification.identify(sextantAltitudeDegrees: hs, azimuthDegrees: zn + 2, unixSeconds: t,
                                                    from: p, corrections: Self.corrections, almanac: almanac,
                                                    brighterStars: Self.bright)
        #expect(found.body == .star("Vega"))
        #expect(found.candidates.first?.catalogue == .navigational && found.candidates.first?.constellation == nil)
        #expect(found.candidates.contains { $0.catalogue == .bright && $0.constellation != nil })
        #expect(found.candidates.allSatisfy { $0.catalogue != .planet || !$0.body.isStar })
    }
}
