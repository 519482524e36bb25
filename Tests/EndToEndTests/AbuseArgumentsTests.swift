import Foundation
import Testing

/// Issue 29, item 10: a command line of a size no person types is refused
/// before parsing (ArgumentParser's cost grows with the square of the
/// count: 10,000 `--sight` took 8–13 s), with exit 2 and what to do; a
/// line of a usual size still runs.
@Suite struct AbuseArgumentsTests {
    @Test("10,000 --sight or 8,000 --json: exit 2 at once, saying how many are read")
    func tooMany() throws {
        let folder = TemporaryFolder()
        let env = ["TIMEDECK_HOME": folder.path("data"), "XDG_CONFIG_HOME": folder.path("config")]
        for argv in [["fix"] + Array(repeating: ["--sight", "Vega, 43 00.0, 2024-03-21T06:44:07Z"], count: 5000).flatMap { $0 },
                     ["now"] + Array(repeating: "--json", count: 8000)] {
            let out = try TimedeckBinary.run(argv, environment: env)
            #expect(out.status == 2, "status \(out.status): \(out.stderr.prefix(300))")
            #expect(out.stderr.contains("at most 512 are read"), "\(out.stderr.prefix(300))")
        }
        let fine = try TimedeckBinary.run(["now", "--json"], environment: env)
        #expect(fine.status == 0, "\(fine.stderr)")
    }
}
