import Foundation
import Testing
@testable import TimeKit

/// A minimal RFC 5545 reader for tests: unfolds lines and unescapes TEXT.
enum ICSReader {
    static func properties(_ ics: String) -> [(name: String, value: String)] {
        var unfolded: [String] = []
        for line in ics.components(separatedBy: "\r\n") where !line.isEmpty {
            if line.hasPrefix(" "), !unfolded.isEmpty {
                unfolded[unfolded.count - 1] += line.dropFirst()
            } else {
                unfolded.append(line)
            }
        }
        return unfolded.compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), unescape(String(line[line.index(after: colon)...])))
        }
    }

    static func unescape(_ text: String) -> String {
        var out = ""
        var escaped = false
        for ch in text {
            if escaped {
                out.append(ch == "n" || ch == "N" ? "\n" : ch)
                escaped = false
            } else if ch == "\\" {
                escaped = true
            } else {
                out.append(ch)
            }
        }
        return out
    }
}

@Suite struct CalendarInviteTests {
    let invite = CalendarInvite(
        summary: "Call: Tokyo, São Paulo; team",
        start: Date(timeIntervalSince1970: 1_772_978_400),  // 2026-03-08T14:00:00Z
        durationMinutes: 45,
        description: "Local times:\n東京, JP: Sun 23:00 (UTC+09:00), late night\nback\\slash",
        uid: "1772978400-abc@timedeck",
        stamp: Date(timeIntervalSince1970: 1_795_304_832))

    @Test func hasTheRequiredPropertiesInOrder() {
        let names = ICSReader.properties(invite.ics).map(\.name)
        #expect(names == ["BEGIN", "VERSION", "PRODID", "CALSCALE", "METHOD", "BEGIN", "UID", "DTSTAMP",
                          "DTSTART", "DURATION", "SUMMARY", "DESCRIPTION", "END", "END"])
        let props = Dictionary(ICSReader.properties(invite.ics).map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        #expect(props["VERSION"] == "2.0")
        #expect(props["DTSTART"] == "20260308T140000Z")
        #expect(props["DTSTAMP"] == "20261121T234712Z")
        #expect(props["DURATION"] == "PT45M")
    }

    @Test func textRoundTripsThroughEscapingAndFolding() {
        let props = Dictionary(ICSReader.properties(invite.ics).map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        #expect(props["SUMMARY"] == invite.summary)
        #expect(props["DESCRIPTION"] == invite.description)
    }

    @Test func linesEndInCRLFAndFitIn75Octets() {
        let ics = invite.ics
        #expect(ics.hasSuffix("\r\n"))
        #expect(!ics.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        for line in ics.components(separatedBy: "\r\n") {
            #expect(line.utf8.count <= 75, "too long: \(line)")
        }
    }

    @Test func foldingNeverSplitsAUTF8Sequence() {
        let long = "DESCRIPTION:" + String(repeating: "東京", count: 40)
        let folded = CalendarInvite.fold(long)
        for part in folded.components(separatedBy: "\r\n") {
            #expect(part.utf8.count <= 75)
            #expect(String(validating: Array(part.utf8), as: UTF8.self) != nil)
        }
        #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == long)
    }

    @Test func controlCharactersAreDroppedFromText() {
        #expect(CalendarInvite.escape("a\u{1B}[2Jb;c,d") == "a[2Jb\\;c\\,d")
    }
}
