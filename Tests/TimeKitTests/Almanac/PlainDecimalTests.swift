import Foundation
import Testing
import TestSupport
@testable import TimeKit
import CPrintf

/// `PlainDecimal` replaces `strtod` for the UT1 table (issue 31); it must give
/// the very same double, or GHA moves.
@Suite struct PlainDecimalTests {
    /// Every value line of the bundled table, bit for bit as `Double(String)`.
    @Test func everyLineOfTheBundledUT1TableReadsAsStrtodReadsIt() throws {
        let text = try String(contentsOf: ResourceLocator.url(for: "ut1-utc.tsv"), encoding: .utf8)
        var checked = 0
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let expected = try #require(Double(line))
            let got = try #require(PlainDecimal.parse(Array(line.utf8)))
            #expect(got.bitPattern == expected.bitPattern, "\(line): \(got) vs \(expected)")
            checked += 1
        }
        #expect(checked > 20_000)
        let table = try UT1Table.loadBundled()
        #expect(table.secondsByDay.count == checked)
    }

    /// Random decimals of up to 15 significant digits, and the slow path's
    /// inputs (17 digits, exponents), agree with `Double(String)`.
    @Test func randomDecimalsAgreeWithStrtod() throws {
        var random = SplitMix64(seed: 31)
        for _ in 0..<50_000 {
            let integerDigits = Int(random.next() % 8), fractionDigits = Int(random.next() % 12)
            var text = random.next() % 2 == 0 ? "-" : ""
            text += integerDigits == 0 ? "0" : String(random.next() % UInt64(pow(10.0, Double(integerDigits))))
            if fractionDigits > 0 {
                text += "." + String((0..<fractionDigits).map { _ in Character(String(random.next() % 10)) })
            }
            let got = try #require(PlainDecimal.parse(Array(text.utf8)), "\(text)")
            #expect(got.bitPattern == Double(text)!.bitPattern, "\(text)")
        }
        for text in ["0.1", "-0", "+3.5", "12", "5.", ".5", "0.30000000000000004", "1e-7", "123456789012345678",
                     "0.0000000000000000000000001", "9007199254740993"] {
            #expect(PlainDecimal.parse(Array(text.utf8))?.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
    }

    @Test func notNumbersAreNil() {
        for text in ["", "-", ".", "1.2.3", "abc", "1,5", " 1", "--1", "1-"] {
            #expect(PlainDecimal.parse(Array(text.utf8)) == nil, "\(text)")
        }
    }

    @Test func theTableStillRefusesABadLine() {
        #expect(throws: UT1Table.ParseError.self) {
            try UT1Table.parse("#@ first 41317\n#@ measured-through 41320\n0.1\nzero\n")
        }
        #expect(throws: UT1Table.ParseError.self) { try UT1Table.parse("#@ first x\n0.1\n") }
        let table = try? UT1Table.parse("# note\n#@ first 41317\r\n#@ measured-through 41318\n\n-0.5\r\n0.25\n")
        #expect(table?.secondsByDay == [-0.5, 0.25] && table?.firstMJD == 41317 && table?.measuredThroughMJD == 41318)
    }
}

/// `PrintfText.fixed` must print what `String(format:)` prints.
@Suite struct PrintfTextTests {
    @Test func randomValuesPrintAsStringFormatPrintsThem() {
        var random = SplitMix64(seed: 3131)
        for _ in 0..<20_000 {
            let value = Double(bitPattern: random.next())
            let places = random.next(12)
            if !value.isFinite { continue }
            #expect(PrintfText.fixed(value, places: places) == String(format: "%.\(places)f", value), "\(value)")
        }
        for value in [0.5, 1.5, 2.5, -0.5, 0.125, 1e300, -1e-300, 0.0, -0.0, 359.99999995, 1234.56785] {
            for places in [0, 1, 2, 4, 6] {
                #expect(PrintfText.fixed(value, places: places) == String(format: "%.\(places)f", value), "\(value)")
            }
        }
    }
}

/// `ut1-utc.bin`, the form the commands read (issue 31), holds exactly the
/// text table's values; a damaged copy is refused with what to do.
@Suite struct UT1BinaryTests {
    @Test func theBinaryTableIsTheTextTableValueForValue() throws {
        let text = try String(contentsOf: ResourceLocator.url(for: "ut1-utc.tsv"), encoding: .utf8)
        let fromText = try UT1Table.parse(text)
        let bundled = try UT1Table.loadBundled()
        #expect(bundled.firstMJD == fromText.firstMJD && bundled.measuredThroughMJD == fromText.measuredThroughMJD)
        #expect(bundled.secondsByDay.count == fromText.secondsByDay.count && bundled.secondsByDay.count > 20_000)
        #expect(zip(bundled.secondsByDay, fromText.secondsByDay).allSatisfy { $0.bitPattern == $1.bitPattern })
        #expect(bundled == fromText)
    }

    @Test func aDamagedBinaryIsRefusedWithWhatToDo() throws {
        let good = try Data(contentsOf: ResourceLocator.url(for: "ut1-utc.bin"))
        var nan = good
        nan.replaceSubrange(24 + 8 * 100..<24 + 8 * 101, with: withUnsafeBytes(of: Double.nan.bitPattern.littleEndian) { Data($0) })
        var tooBig = good
        tooBig.replaceSubrange(24..<32, with: withUnsafeBytes(of: (1.5).bitPattern.littleEndian) { Data($0) })
        var badCount = good
        badCount[16] &+= 1
        var farDay = good
        farDay.replaceSubrange(8..<12, with: withUnsafeBytes(of: Int32(1).littleEndian) { Data($0) })
        let damaged: [(String, Data)] = [("empty", Data()), ("short", good.prefix(20)), ("foreign", Data("#@ first 41317\n".utf8)),
                                         ("truncated", good.dropLast(3)), ("NaN", nan), ("1.5 s", tooBig),
                                         ("count", badCount), ("first day", farDay)]
        for (name, bytes) in damaged {
            do {
                _ = try bytes.withUnsafeBytes { try UT1Table.read(binary: $0) }
                Issue.record("\(name): a damaged table was read")
            } catch let error as UT1Table.BinaryError {
                #expect(error.description.contains("generate-almanac-data.py ut1-binary"), "\(name): \(error)")
            }
        }
        #expect(try good.withUnsafeBytes { try UT1Table.read(binary: $0) } == UT1Table.loadBundled())
    }
}

/// The C function under `PrintfText`: snprintf's contract (the length it
/// would write, a terminated prefix when the buffer is short).
@Suite struct CPrintfTests {
    @Test func itIsSnprintf() {
        var buffer = [CChar](repeating: 0x7F, count: 8)
        let written = td_printf_fixed(&buffer, 8, -3.14159, 3)
        #expect(written == 6)
        #expect(String(cString: buffer) == "-3.142")
        let needed = td_printf_fixed(&buffer, 4, 1234.5, 2)
        #expect(needed == 7, "the length it would have written")
        #expect(String(cString: buffer) == "123", "a terminated prefix")
        #expect(td_printf_fixed(nil, 0, 0.5, 0) == 1)
    }
}
