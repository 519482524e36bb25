import Foundation
import Testing

/// `timedeck call … --ics FILE` through the real binary.
@Suite struct CallInviteTests {
    @Test func writesAParsableInvitationWithEveryLocalTime() throws {
        let dir = TemporaryFolder()
        let file = dir.path("call.ics")
        let r = try TimedeckBinary.run(["call", "--at", "2026-03-08T14:00:00Z", "--duration", "45",
                                        "Los Angeles", "Sydney", "Kathmandu", "--ics", file])
        #expect(r.status == 0, "\(r.stderr)")
        let ics = try String(contentsOfFile: file, encoding: .utf8)
        var unfolded = ics.replacingOccurrences(of: "\r\n ", with: "")
        unfolded = unfolded.replacingOccurrences(of: "\\,", with: ",").replacingOccurrences(of: "\\n", with: "\n")
        #expect(unfolded.contains("DTSTART:20260308T140000Z"))
        #expect(unfolded.contains("DURATION:PT45M"))
        #expect(unfolded.contains("Los Angeles, CA, US: Sun 2026-03-08 07:00–07:45 (UTC-07:00), breakfast"))
        #expect(unfolded.contains("Sydney, AU: Mon 2026-03-09 01:00–01:45 (UTC+11:00), before dawn — bad time"))
        #expect(unfolded.contains("Kathmandu, NP: Sun 2026-03-08 19:45–20:30 (UTC+05:45), dinner"))
    }

    @Test func neverReplacesAnExistingFileAndRefusesMissingFolders() throws {
        let dir = TemporaryFolder()
        let file = dir.path("taken.ics")
        try "mine".write(toFile: file, atomically: true, encoding: .utf8)
        let r = try TimedeckBinary.run(["call", "London", "--ics", file])
        #expect(r.status == 2)
        #expect(r.stderr.contains("already exists"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "mine")
        let missing = try TimedeckBinary.run(["call", "London", "--ics", dir.path("no/such/folder.ics")])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("does not exist"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.url.path)
        #expect(leftovers == ["taken.ics"])
    }
}
