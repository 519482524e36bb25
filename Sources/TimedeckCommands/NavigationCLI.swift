import ArgumentParser
import Dashboard
import DeckShell
import Foundation
import TimeKit

/// What `almanac`, `fix` and `sights` share: loading the almanac, reading
/// instants, failing with exit 2 and writing JSON numbers.
enum NavigationCLI {
    static func fail(_ message: String, code: Int32 = 2) -> ExitCode {
        Console.error("timedeck: " + message + "\n")
        return ExitCode(code)
    }

    /// The bundled almanac with the newer leap-second list, or exit 1.
    static func loadAlmanac() throws -> Almanac {
        let leap = LeapSecondList.load(environment: ProcessEnvironment.values,
                                       nowUnixSeconds: Int64(Date().timeIntervalSince1970))
        do {
            return try Almanac.loadBundled(leapSeconds: leap.table)
        } catch {
            throw fail("\(error)", code: 1)
        }
    }

    /// `almanac`, with the brighter Hipparcos stars read only when one of
    /// `bodyTexts` is not a body of its own (`Almanac.naming`).
    static func almanac(_ almanac: Almanac, naming bodyTexts: [String]) throws -> Almanac {
        do {
            return try almanac.naming(bodyTexts, brighter: BrightStars.loadBundled)
        } catch {
            throw fail("\(error)", code: 1)
        }
    }

    /// A sight condition or motion out of range, in the interface language (exit 2).
    static func refuse(_ refusal: SightConditionRefusal) -> ExitCode {
        fail(CommandConfig.language.text(.sightConditionRefused(refusal)))
    }

    /// Says on stderr when UT1 at `unixSeconds` is outside the IERS table.
    static func noteUT1(_ almanac: Almanac, _ unixSeconds: Double) {
        if let note = almanac.ut1.notice(atMJD: unixSeconds / 86400 + 40587) { Console.error("note: \(note)\n") }
    }

    /// `--at` or now, as Unix seconds (UTC); a refusal names `source`.
    static func instant(_ text: String?, source: InputSource = .option("--at")) throws -> Double {
        guard let text else { return Date().timeIntervalSince1970 }
        do {
            return try InstantParser.parse(text).unixSeconds
        } catch let error as InputError {
            throw fail(CommandConfig.language.text(.inputRefused(error, source: source)))
        }
    }

    static func position(_ text: String, field: String) throws -> GeoPosition {
        do {
            return try GeoPosition(parsing: text)
        } catch let error as GeoPosition.ParseError {
            throw fail(CommandConfig.language.text(.positionRefused(error, source: field)))
        } catch {
            throw fail("\(field): \(error)")
        }
    }

    /// Runs `body`, turning input, fix and range errors into exit 2.
    static func guarding<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as InputError {
            throw fail(CommandConfig.language.text(.inputRefused(error, source: nil)))
        } catch let error as FixError {
            throw fail(error.description)
        } catch let error as FixRefusal {
            throw fail(CommandConfig.language.text(.fixRefused(error)))
        } catch let error as Almanac.OutOfRange {
            throw fail(error.description)
        }
    }

    static func utc(_ unixSeconds: Double) -> String {
        ISOInstant.milliseconds(unixMilliseconds: Int64((unixSeconds * 1000).rounded()))
    }

    /// A JSON number with `places` decimals.
    static func number(_ value: Double, _ places: Int = 6) -> String {
        PrintfText.fixed(value, places: places)
    }

    static func string(_ value: String) -> String {
        // By hand: Foundation's replacingOccurrences cost 3 M instructions
        // for one `almanac --json` (issue 31).
        var out = "\""
        for scalar in value.unicodeScalars {
            if scalar == "\\" || scalar == "\"" { out.unicodeScalars.append("\\") }
            out.unicodeScalars.append(scalar)
        }
        return out + "\""
    }

    /// `211° 06.3′`, or with a hemisphere letter for declinations and latitudes.
    static func degreesMinutes(_ value: Double, positive: String = "", negative: String = "-") -> String {
        let sign = value < 0 ? negative : positive
        var whole = Int(abs(value))
        var minutes = ((abs(value) - Double(whole)) * 60 * 10).rounded() / 10
        if minutes >= 60 { whole += 1; minutes -= 60 }
        let letter = sign.isEmpty ? "" : sign + " "
        return letter + String(format: "%d° %04.1f′", whole, minutes)
    }
}
