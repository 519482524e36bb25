/// The `timedeck mars --from --to --step` table: one row of Mars time per
/// step, written as aligned text or CSV into an `AsciiBuffer` that the caller
/// flushes (the executable writes it to stdout in 64 KiB chunks).
public struct MarsTable: Sendable {
    public enum Format: Sendable { case text, csv }

    public var from: ParsedInstant
    public var to: ParsedInstant
    public var stepNanoseconds: Int64
    public var longitudeEast: Double
    /// A mission site adds a mission-sol column.
    public var site: MarsSite?
    public var leapSeconds: LeapSecondTable
    public var format: Format
    /// The landing sol's local MSD, floored (mission sites only), computed once.
    let landingLocalSol: Int64?

    /// At most this many rows (ten million, about 700 MB of text).
    public static let maximumRows: Int64 = 10_000_000

    public init(from: ParsedInstant, to: ParsedInstant, stepNanoseconds: Int64, longitudeEast: Double,
                site: MarsSite?, leapSeconds: LeapSecondTable, format: Format) {
        self.from = from
        self.to = to
        self.stepNanoseconds = stepNanoseconds
        self.longitudeEast = MarsLongitude.normalized(longitudeEast)
        self.site = site
        self.leapSeconds = leapSeconds
        self.format = format
        landingLocalSol = Self.landingLocalSolFloor(site: site, leapSeconds: leapSeconds)
    }

    /// Rows from `from` to `to` inclusive (0 if `to` is before `from`).
    public var rowCount: Int64 {
        guard stepNanoseconds > 0, to.unixNanoseconds >= from.unixNanoseconds else { return 0 }
        let span = to.unixNanoseconds.subtractingReportingOverflow(from.unixNanoseconds)
        guard !span.overflow else { return Int64.max }
        return span.partialValue / stepNanoseconds + 1
    }

    var hasMissionSol: Bool { site?.isMission == true }

    /// Writes the header line.
    public func writeHeader(into out: inout AsciiBuffer) {
        switch format {
        case .csv:
            out.append("utc,marsSolDate,coordinatedMarsTime,localMeanSolarTime,localTrueSolarTime,"
                + "solarLongitude,marsYear" + (hasMissionSol ? ",missionSol" : "") + "\n")
        case .text:
            out.append("UTC                       MSD           MTC       LMST      LTST      Ls        MY"
                + (hasMissionSol ? "  Sol" : "") + "\n")
        }
    }

    /// Writes rows `first ..< first + count` (clamped to `rowCount`).
    public func writeRows(_ first: Int64, count: Int64, into out: inout AsciiBuffer) {
        let end = min(first + count, rowCount)
        guard first < end else { return }
        let firstSol = Int64(site?.firstSol ?? 0)
        let lonSols = (site?.longitudeEast ?? longitudeEast) / 360
        for row in first..<end {
            let ns = from.unixNanoseconds + row * stepNanoseconds
            let unixSeconds = Double(ns) / 1e9
            let tt = leapSeconds.ttMinusUTC(atUnixSeconds: unixSeconds)
            let t = Mars24.daysSinceJ2000TT(unixSeconds: unixSeconds, ttMinusUTCSeconds: tt)
            let m = Mars24.meanAnomaly(daysSinceJ2000TT: t)
            let alpha = Mars24.fictitiousMeanSun(daysSinceJ2000TT: t)
            let nu = Mars24.equationOfCenter(daysSinceJ2000TT: t, meanAnomaly: m,
                                             perturbers: Mars24.perturbers(daysSinceJ2000TT: t))
            let ls = Mars24.solarLongitude(fictitiousMeanSun: alpha, equationOfCenter: nu)
            let eot = Mars24.equationOfTime(solarLongitude: ls, equationOfCenter: nu)
            let msd = Mars24.marsSolDate(daysSinceJ2000TT: t)
            let mtc = Mars24.coordinatedMarsTime(marsSolDate: msd)
            let lmst = Mars24.localMeanSolarTime(coordinatedMarsTime: mtc, longitudeEast: longitudeEast)
            let ltst = Mars24.localTrueSolarTime(localMeanSolarTime: lmst, equationOfTime: eot)
            let year = MarsYear.number(daysSinceJ2000TT: t, solarLongitude: ls)
            let ms = Self.floorDivide(ns, 1_000_000)
            let separator: UInt8 = format == .csv ? 44 : 32
            let lineStart = out.count
            out.append(isoMilliseconds: ms)
            out.append(byte: separator)
            if format == .text { out.append(byte: 32) }
            out.append(fixed: msd, places: 5)
            if format == .text { out.pad(lineStart: lineStart, to: 40) } else { out.append(byte: separator) }
            out.append(clockHours: mtc)
            out.append(byte: separator)
            if format == .text { out.append(byte: 32) }
            out.append(clockHours: lmst)
            out.append(byte: separator)
            if format == .text { out.append(byte: 32) }
            out.append(clockHours: ltst)
            out.append(byte: separator)
            if format == .text { out.append(byte: 32) }
            out.append(fixed: ls, places: 3)
            if format == .text { out.pad(lineStart: lineStart, to: 80) } else { out.append(byte: separator) }
            out.append(int: Int64(year))
            if let landingLocalSol {
                if format == .text { out.pad(lineStart: lineStart, to: 84) } else { out.append(byte: separator) }
                out.append(int: Int64((msd + lonSols).rounded(.down)) - landingLocalSol + firstSol)
            }
            out.append(byte: 10)
        }
    }

    /// The landing sol's local MSD, floored, for a mission site.
    static func landingLocalSolFloor(site: MarsSite?, leapSeconds: LeapSecondTable) -> Int64? {
        guard let site, let landing = site.landingUnixSeconds else { return nil }
        let tt = leapSeconds.ttMinusUTC(atUnixSeconds: landing)
        let t = Mars24.daysSinceJ2000TT(unixSeconds: landing, ttMinusUTCSeconds: tt)
        return Int64((Mars24.marsSolDate(daysSinceJ2000TT: t) + site.longitudeEast / 360).rounded(.down))
    }

    static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }
}
