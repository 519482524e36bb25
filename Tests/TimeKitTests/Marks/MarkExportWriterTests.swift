import TestSupport
import Foundation
import Testing
@testable import TimeKit

/// The streaming writer against an independent reference: Foundation's
/// `JSONEncoder` (the encoder the exports used before they streamed) with
/// the terminal-control escaping applied to its text afterwards, and a
/// CSV written field by field from RFC 4180's rules. Random marks with
/// hostile notes (controls, C1, bidi, quotes, commas, emoji, combining
/// marks) must come out byte for byte the same.
@Suite("Mark export writer: streams the same bytes as the reference encoders")
struct MarkExportWriterTests {
    static let hostile: [String] = [
        "", "plain", "Sun LL, \"upper\"", "line\r\nbreak", " lead", "trail ", "\u{1B}[31mred\u{1B}[0m",
        "\u{9B}31m", "\u{7F}del", "bidi \u{202E}txt\u{202C}", "\u{2066}iso\u{2069}", "\u{200E}\u{200F}", "\u{FEFF}bom",
        "tab\there", "nul\u{0}", "back\\slash", "slash/ok", "日本語", "😀 ok", "e\u{301}", "\u{1}\u{8}\u{C}\u{1F}",
        "\u{85}next line", "\u{2028}sep", "a\"b,c\nd",
    ]

    static func randomMark(_ rng: inout SplitMix64, id: Int64) -> SightingMark {
        let ns = Int64.random(in: -2_000_000_000_000_000_000...4_000_000_000_000_000_000, using: &rng)
        let correction = Int64.random(in: -5_000_000_000...5_000_000_000, using: &rng)
        let coordinate = Bool.random(using: &rng)
            ? try? GeoPosition(latitudeDegrees: Double.random(in: -90...90, using: &rng),
                               longitudeDegrees: Double.random(in: -180...180, using: &rng))
            : nil
        let source: PositionSource = [.none, .fixed, .gpsd][Int.random(in: 0...2, using: &rng)]
        let position = MarkPosition(source: source, coordinate: coordinate,
                                    fixUnixNanoseconds: Bool.random(using: &rng) ? ns - 400_000_000 : nil,
                                    fixMode: Bool.random(using: &rng) ? Int.random(in: 0...3, using: &rng) : nil,
                                    fixAgeMilliseconds: Bool.random(using: &rng) ? Int64.random(in: -900...90_000, using: &rng) : nil)
        let kernel = Bool.random(using: &rng)
            ? ClockStatus.Kernel(synchronized: Bool.random(using: &rng),
                                 estimatedErrorMicroseconds: Int64.random(in: 0...2_000_000, using: &rng),
                                 maximumErrorMicroseconds: Int64.random(in: 0...16_000_000, using: &rng))
            : nil
        let gps = Bool.random(using: &rng)
            ? ClockStatus.GPSOffset(nanoseconds: Int64.random(in: -900_000_000...900_000_000, using: &rng),
                                    method: [.tpv, .toff, .pps][Int.random(in: 0...2, using: &rng)])
            : nil
        let note = hostile[Int.random(in: 0..<hostile.count, using: &rng)]
            + hostile[Int.random(in: 0..<hostile.count, using: &rng)]
        return SightingMark(id: Bool.random(using: &rng) ? id : nil, unixNanoseconds: ns, correctionNanoseconds: correction,
                            note: note, position: position, clock: ClockStatus(kernel: kernel, gpsOffset: gps),
                            uniqueKey: Bool.random(using: &rng) ? hostile[Int.random(in: 0..<hostile.count, using: &rng)] : nil)
    }

    /// Issue 28: a sight on some marks (hostile bodies, Hs anywhere in
    /// (0, 90), derived values or not).
    static func randomSight(_ rng: inout SplitMix64) -> ExportedSight? {
        guard Bool.random(using: &rng) else { return nil }
        let derived = Bool.random(using: &rng)
            ? ExportedSight.Derived(observedAltitudeDegrees: Double.random(in: -1...90, using: &rng),
                                    interceptNauticalMiles: Double.random(in: -900...900, using: &rng),
                                    azimuthDegrees: Double.random(in: 0..<360, using: &rng))
            : nil
        return ExportedSight(bodyText: hostile[Int.random(in: 0..<hostile.count, using: &rng)],
                             sextantAltitudeDegrees: Double.random(in: 0.000_001..<90, using: &rng), derived: derived)
    }

    static func sights(count: Int, seed: UInt64) -> [ExportedSight?] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { _ in randomSight(&rng) }
    }

    static func marks(count: Int, seed: UInt64) -> [SightingMark] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { randomMark(&rng, id: Int64($0 + 1)) }
    }

    @Test("JSON equals JSONEncoder's pretty, sorted output with controls escaped", arguments: [0, 1, 2, 300])
    func jsonMatchesEncoder(count: Int) throws {
        let marks = Self.marks(count: count, seed: 0xE5C0 + UInt64(count))
        #expect(MarkExport.json(marks) == Reference.json(marks, stations: nil))
        let sights = Self.sights(count: count, seed: 0x5197 + UInt64(count))
        #expect(MarkExport.export(Array(zip(marks, sights)), format: .json) == Reference.json(marks, stations: nil, sights: sights))
        let stations = marks.indices.map { Self.hostile[$0 % Self.hostile.count] }
        #expect(MarkExport.teamJSON(zip(marks, stations).map { TeamMark(station: $1, mark: $0) })
                == Reference.json(marks, stations: stations))
    }

    @Test("CSV equals the field-by-field RFC 4180 reference", arguments: [0, 1, 300])
    func csvMatchesReference(count: Int) {
        let marks = Self.marks(count: count, seed: 0xC5F0 + UInt64(count))
        #expect(MarkExport.csv(marks) == Reference.csv(marks, stations: nil, inert: false))
        #expect(MarkExport.csv(marks, inertNotes: true) == Reference.csv(marks, stations: nil, inert: true))
        let sights = Self.sights(count: count, seed: 0x5198 + UInt64(count))
        for inert in [false, true] {
            #expect(MarkExport.export(Array(zip(marks, sights)), format: .csv(inertText: inert))
                    == Reference.csv(marks, stations: nil, inert: inert, sights: sights))
        }
        let stations = marks.indices.map { Self.hostile[$0 % Self.hostile.count] }
        #expect(MarkExport.teamCSV(zip(marks, stations).map { TeamMark(station: $1, mark: $0) }, inertNotes: true)
                == Reference.csv(marks, stations: stations, inert: true))
    }

    @Test("Nothing a terminal would act on is left in the JSON")
    func jsonIsInert() {
        let text = MarkExport.json(Self.marks(count: 200, seed: 7))
        let live = text.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
                || [0x200E, 0x200F, 0xFEFF].contains($0.value) || (0x202A...0x202E).contains($0.value)
                || (0x2066...0x2069).contains($0.value)
        }
        #expect(live.isEmpty)
    }

    @Test("Output arrives in chunks of about 64 KiB, not all at the end")
    func streamsInChunks() throws {
        var chunks: [Int] = []
        var writer = MarkExportWriter(format: .json) { chunks.append($0.count) }
        try writer.begin()
        for mark in Self.marks(count: 2_000, seed: 11) { try writer.add(mark) }
        try writer.end()
        #expect(chunks.count > 5)
        #expect(chunks.dropLast().allSatisfy { $0 >= ByteWriter.chunkBytes && $0 < ByteWriter.chunkBytes + 8192 })
        #expect(writer.count == 2_000)
    }
}

/// The exports as they were written before streaming: the reference.
private enum Reference {
    struct MarkObject: Encodable {
        var mark: SightingMark
        var station: String?
        var sight: ExportedSight?

        enum Keys: String, CodingKey {
            case id, utc, unixMillis, unixNanoseconds, markTime, correctionSeconds, correctedUtc, note
            case latitude, longitude, positionSource, positionStatus, positionText, fixMode, fixTime, fixAgeSeconds
            case clock, station, sight, uniqueKey, fixUnixNanoseconds
        }

        enum SightKeys: String, CodingKey {
            case body, hsDegrees, hoDegrees, interceptNauticalMiles, azimuthDegrees
        }

        enum ClockKeys: String, CodingKey {
            case synchronized, estimatedErrorMicroseconds, maximumErrorMicroseconds, gpsOffsetSeconds, gpsOffsetMethod, summary
        }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            let p = mark.position
            try c.encode(mark.id, forKey: .id)
            if let station { try c.encode(station, forKey: .station) }
            try c.encode(mark.isoText, forKey: .utc)
            try c.encode(mark.unixMilliseconds, forKey: .unixMillis)
            try c.encode(mark.unixNanoseconds, forKey: .unixNanoseconds)
            try c.encode(mark.markTimeText, forKey: .markTime)
            try c.encode(Double(mark.correctionNanoseconds) / 1e9, forKey: .correctionSeconds)
            try c.encode(mark.correctedISOText, forKey: .correctedUtc)
            try c.encode(mark.note, forKey: .note)
            try c.encode(p.coordinate.map { rounded6($0.latitudeDegrees) }, forKey: .latitude)
            try c.encode(p.coordinate.map { rounded6($0.longitudeDegrees) }, forKey: .longitude)
            try c.encode(p.source.rawValue, forKey: .positionSource)
            try c.encode(p.status.rawValue, forKey: .positionStatus)
            try c.encode(p.summary, forKey: .positionText)
            try c.encode(p.fixMode, forKey: .fixMode)
            try c.encode(p.fixUnixNanoseconds.map { ISOInstant.milliseconds(unixMilliseconds: SightingMark.milliseconds($0)) },
                         forKey: .fixTime)
            try c.encode(p.fixAgeMilliseconds.map { Double($0) / 1000 }, forKey: .fixAgeSeconds)
            try c.encode(mark.uniqueKey, forKey: .uniqueKey)
            try c.encode(p.fixUnixNanoseconds, forKey: .fixUnixNanoseconds)
            if let sight {
                var nested = c.nestedContainer(keyedBy: SightKeys.self, forKey: .sight)
                try nested.encode(sight.bodyText, forKey: .body)
                try nested.encode(sight.sextantAltitudeDegrees, forKey: .hsDegrees)
                let d = sight.derived
                try nested.encode(d.map { round($0.observedAltitudeDegrees, 6) }, forKey: .hoDegrees)
                try nested.encode(d.map { round($0.interceptNauticalMiles, 3) }, forKey: .interceptNauticalMiles)
                try nested.encode(d.map { round($0.azimuthDegrees, 2) }, forKey: .azimuthDegrees)
            } else {
                try c.encodeNil(forKey: .sight)
            }
            var clock = c.nestedContainer(keyedBy: ClockKeys.self, forKey: .clock)
            try clock.encode(mark.clock.kernel?.synchronized, forKey: .synchronized)
            try clock.encode(mark.clock.kernel?.estimatedErrorMicroseconds, forKey: .estimatedErrorMicroseconds)
            try clock.encode(mark.clock.kernel?.maximumErrorMicroseconds, forKey: .maximumErrorMicroseconds)
            try clock.encode(mark.clock.gpsOffset.map { Double($0.nanoseconds) / 1e9 }, forKey: .gpsOffsetSeconds)
            try clock.encode(mark.clock.gpsOffset?.method.rawValue, forKey: .gpsOffsetMethod)
            try clock.encode(mark.clock.summary, forKey: .summary)
        }

        func rounded6(_ v: Double) -> Double { (v * 1_000_000).rounded() / 1_000_000 }
        func round(_ v: Double, _ places: Double) -> Double {
            let r = (v * pow(10, places)).rounded() / pow(10, places)
            return r == 0 ? 0 : r
        }
    }

    static func json(_ marks: [SightingMark], stations: [String]?, sights: [ExportedSight?]? = nil) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let objects = marks.enumerated().map { MarkObject(mark: $1, station: stations?[$0], sight: sights?[$0]) }
        guard let data = try? encoder.encode(objects), let text = String(data: data, encoding: .utf8) else { return "?" }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            default:
                out.append(scalar)
            }
        }
        return String(out)
    }

    static func field(_ s: String) -> String {
        let scalars = Array(s.unicodeScalars)
        let quote = scalars.contains { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }
            || scalars.first == " " || scalars.last == " "
        guard quote else { return s }
        return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static func seconds(_ ms: Int64) -> String {
        let sign = ms < 0 ? "-" : ""
        return sign + String(format: "%lld.%03lld", Int64(ms.magnitude / 1000), Int64(ms.magnitude % 1000))
    }

    static func csv(_ marks: [SightingMark], stations: [String]?, inert: Bool, sights: [ExportedSight?]? = nil) -> String {
        var out = (stations == nil ? "" : "station,") + MarkExport.csvHeader.joined(separator: ",") + "\r\n"
        for (index, mark) in marks.enumerated() {
            let p = mark.position
            var fields: [String] = []
            if let stations { fields.append(inert ? InertText.display(stations[index]) : stations[index]) }
            fields += [
                mark.id.map(String.init) ?? "", mark.isoText, mark.markTimeText, mark.correctedISOText,
                p.coordinate.map { GeoPosition.decimal($0.latitudeDegrees) } ?? "",
                p.coordinate.map { GeoPosition.decimal($0.longitudeDegrees) } ?? "",
                p.fixAgeMilliseconds.map(seconds) ?? "",
                inert ? InertText.display(mark.note) : mark.note,
                p.source.rawValue, p.status.rawValue,
                seconds(SightingMark.milliseconds(mark.correctionNanoseconds)),
                String(mark.unixNanoseconds), mark.clock.summary,
                inert ? InertText.display(mark.uniqueKey ?? "") : mark.uniqueKey ?? "",
            ]
            let sight = sights?[index], d = sight?.derived
            func fixed(_ v: Double, _ places: Int) -> String {
                let t = String(format: "%.\(places)f", v)
                return Double(t) == 0 && t.hasPrefix("-") ? String(t.dropFirst()) : t
            }
            var hs = sight.map { "\($0.sextantAltitudeDegrees)" } ?? ""
            if hs.hasSuffix(".0") { hs.removeLast(2) }
            fields += [
                sight.map { inert ? InertText.display($0.bodyText) : $0.bodyText } ?? "", hs,
                d.map { fixed($0.observedAltitudeDegrees, 6) } ?? "", d.map { fixed($0.interceptNauticalMiles, 3) } ?? "",
                d.map { fixed($0.azimuthDegrees, 2) } ?? "",
                p.fixMode.map(String.init) ?? "", p.fixUnixNanoseconds.map(String.init) ?? "",
                mark.clock.kernel.map { $0.synchronized ? "true" : "false" } ?? "",
                mark.clock.kernel.map { String($0.estimatedErrorMicroseconds) } ?? "",
                mark.clock.kernel.map { String($0.maximumErrorMicroseconds) } ?? "",
                mark.clock.gpsOffset.map { String($0.nanoseconds) } ?? "", mark.clock.gpsOffset?.method.rawValue ?? "",
            ]
            out += fields.map(field).joined(separator: ",") + "\r\n"
        }
        return out
    }
}
