import Foundation
import Testing
@testable import TimeKit

/// The forecast's JSON scanner: strict RFC 8259, numbers identical to
/// Swift's own reading, hostile input refused.
@Suite struct ForecastJSONTests {
    func parse(_ text: String) throws -> ForecastJSON { try ForecastJSON.parse(Data(text.utf8)) }

    @Test(arguments: ["0", "-0.5", "1.7", "7.3", "0.1", "13.419998", "52.52", "1795701600", "1e3", "-2.5E-3",
                      "123456789012345678901", "0.30000000000000004", "1.7976931348623157e308", "5e-324"])
    func numbersReadAsSwiftReadsThem(_ text: String) throws {
        #expect(try parse(text) == .number(Double(text)!))
    }

    @Test func stringsDecodeEscapesAndKeepUnicode() throws {
        #expect(try parse(#""a\"b\\c\/d\n\t\u00e9\ud83c\udf27 °C""#) == .string("a\"b\\c/d\n\té🌧 °C"))
        #expect(try parse(#"{"a":[1,null,true,false,{}],"b":"x"}"#)["b"] == .string("x"))
    }

    @Test(arguments: ["", " ", "{", "[1,]", "{\"a\":1,}", "01", "1.", "-", "+1", "\"abc", "\"a\u{01}b\"", "tru", "nul",
                      "[1] 2", "{\"a\" 1}", "{1:2}", "\"\\x\"", "1e", "NaN", "Infinity", "1e400"])
    func malformedTextIsRefused(_ text: String) {
        #expect(throws: ForecastJSON.SyntaxError.self) { try parse(text) }
    }

    @Test func invalidUTF8AndDeepNestingAreRefused() {
        #expect(throws: ForecastJSON.SyntaxError.self) { try ForecastJSON.parse(Data([0x22, 0xFF, 0xFE, 0x22])) }
        #expect(throws: ForecastJSON.SyntaxError.self) { try parse(String(repeating: "[", count: 100_000)) }
        #expect((try? parse(String(repeating: "[", count: 20) + String(repeating: "]", count: 20))) != nil)
    }
}
