import Foundation

/// Time-zone abbreviations people write (`PST`, `JST`, `IST`), each a fixed
/// offset. Some mean several things (`IST`: India, Ireland or Israel); those
/// pick nothing until qualified (`IST India`, `IST (Israel)`, `CST, China`).
///
/// Sources: the `%s`/format fields of the tz database (for the offsets and
/// which regions use them) and common usage; abbreviations that are also
/// tz zone names (`EST`, `MST`, `HST`, `CET`, `EET`, `WET`, `MET`) are
/// resolved as those zones first (see `PlaceResolver`).
public struct ZoneAbbreviation: Equatable, Hashable, Sendable {
    public var abbreviation: String
    /// Short region for labels and choices: `India`, `Pacific`.
    public var region: String
    /// Full name for notes: `India Standard Time`.
    public var name: String
    public var offset: FixedOffset
    /// Words that pick this meaning of an ambiguous abbreviation (folded).
    public var qualifiers: [String]

    init(_ abbreviation: String, _ minutes: Int, _ region: String, _ name: String, _ qualifiers: [String] = []) {
        self.abbreviation = abbreviation
        self.region = region
        self.name = name
        // The table's offsets are all within range.
        offset = FixedOffset(seconds: minutes * 60) ?? FixedOffset(seconds: 0)!
        self.qualifiers = qualifiers + [SearchFolding.fold(region)]
    }

    /// The place for this meaning.
    public var place: Place { .fixed(offset, name: abbreviation, meaning: region) }

    /// Abbreviations that are also English words: matched only in capitals.
    static let wordLike: Set<String> = ["CAT", "EAT", "WAT", "ART", "SAST"]

    /// Every meaning, keyed by the abbreviation in capitals.
    public static let table: [String: [ZoneAbbreviation]] = {
        let h = 60
        let all: [ZoneAbbreviation] = [
            .init("UTC", 0, "UTC", "Coordinated Universal Time"),
            .init("GMT", 0, "Greenwich", "Greenwich Mean Time"),
            .init("WET", 0, "Western Europe", "Western European Time"),
            .init("WEST", 1 * h, "Western Europe", "Western European Summer Time"),
            .init("BST", 1 * h, "British Summer", "British Summer Time", ["uk", "gb", "britain", "british", "united kingdom", "england", "london"]),
            .init("BST", 6 * h, "Bangladesh", "Bangladesh Standard Time", ["bd", "bangladeshi", "dhaka"]),
            .init("IST", 5 * h + 30, "India", "India Standard Time", ["in", "indian", "delhi"]),
            .init("IST", 1 * h, "Ireland", "Irish Standard Time (Ireland's summer time)", ["ie", "irish", "eire", "dublin"]),
            .init("IST", 2 * h, "Israel", "Israel Standard Time", ["il", "israeli", "jerusalem"]),
            .init("IDT", 3 * h, "Israel", "Israel Daylight Time"),
            .init("CET", 1 * h, "Central Europe", "Central European Time"),
            .init("CEST", 2 * h, "Central Europe", "Central European Summer Time"),
            .init("MET", 1 * h, "Central Europe", "Middle European Time"),
            .init("EET", 2 * h, "Eastern Europe", "Eastern European Time"),
            .init("EEST", 3 * h, "Eastern Europe", "Eastern European Summer Time"),
            .init("MSK", 3 * h, "Moscow", "Moscow Time"),
            .init("TRT", 3 * h, "Turkey", "Turkey Time"),
            .init("WAT", 1 * h, "West Africa", "West Africa Time"),
            .init("CAT", 2 * h, "Central Africa", "Central Africa Time"),
            .init("SAST", 2 * h, "South Africa", "South Africa Standard Time"),
            .init("EAT", 3 * h, "East Africa", "East Africa Time"),
            .init("GST", 4 * h, "Gulf", "Gulf Standard Time"),
            .init("PKT", 5 * h, "Pakistan", "Pakistan Standard Time"),
            .init("NPT", 5 * h + 45, "Nepal", "Nepal Time"),
            .init("ICT", 7 * h, "Indochina", "Indochina Time"),
            .init("WIB", 7 * h, "Western Indonesia", "Western Indonesia Time"),
            .init("HKT", 8 * h, "Hong Kong", "Hong Kong Time"),
            .init("SGT", 8 * h, "Singapore", "Singapore Time"),
            .init("PHT", 8 * h, "Philippines", "Philippine Time"),
            .init("AWST", 8 * h, "Western Australia", "Australian Western Standard Time"),
            .init("JST", 9 * h, "Japan", "Japan Standard Time"),
            .init("KST", 9 * h, "Korea", "Korea Standard Time"),
            .init("ACST", 9 * h + 30, "Central Australia", "Australian Central Standard Time"),
            .init("ACDT", 10 * h + 30, "Central Australia", "Australian Central Daylight Time"),
            .init("AEST", 10 * h, "Eastern Australia", "Australian Eastern Standard Time"),
            .init("AEDT", 11 * h, "Eastern Australia", "Australian Eastern Daylight Time"),
            .init("NZST", 12 * h, "New Zealand", "New Zealand Standard Time"),
            .init("NZDT", 13 * h, "New Zealand", "New Zealand Daylight Time"),
            .init("HST", -10 * h, "Hawaii", "Hawaii Standard Time"),
            .init("HDT", -9 * h, "Aleutian", "Hawaii-Aleutian Daylight Time"),
            .init("AKST", -9 * h, "Alaska", "Alaska Standard Time"),
            .init("AKDT", -8 * h, "Alaska", "Alaska Daylight Time"),
            .init("PST", -8 * h, "Pacific", "Pacific Standard Time"),
            .init("PDT", -7 * h, "Pacific", "Pacific Daylight Time"),
            .init("MST", -7 * h, "Mountain", "Mountain Standard Time"),
            .init("MDT", -6 * h, "Mountain", "Mountain Daylight Time"),
            .init("CST", -6 * h, "North America", "Central Standard Time (North America)",
                  ["us", "usa", "america", "american", "central", "canada", "mexico", "chicago"]),
            .init("CST", 8 * h, "China", "China Standard Time", ["cn", "chinese", "prc", "beijing", "taiwan"]),
            .init("CST", -5 * h, "Cuba", "Cuba Standard Time", ["cu", "cuban", "havana"]),
            .init("CDT", -5 * h, "North America", "Central Daylight Time (North America)"),
            .init("EST", -5 * h, "Eastern", "Eastern Standard Time"),
            .init("EDT", -4 * h, "Eastern", "Eastern Daylight Time"),
            .init("AST", -4 * h, "Atlantic", "Atlantic Standard Time", ["canada", "caribbean", "puerto rico", "halifax"]),
            .init("AST", 3 * h, "Arabia", "Arabia Standard Time", ["arabian", "saudi arabia", "sa", "iraq", "kuwait", "qatar", "riyadh"]),
            .init("ADT", -3 * h, "Atlantic", "Atlantic Daylight Time"),
            .init("NST", -3 * h - 30, "Newfoundland", "Newfoundland Standard Time"),
            .init("NDT", -2 * h - 30, "Newfoundland", "Newfoundland Daylight Time"),
            .init("BRT", -3 * h, "Brasília", "Brasília Time"),
            .init("ART", -3 * h, "Argentina", "Argentina Time"),
            .init("CLT", -4 * h, "Chile", "Chile Standard Time"),
            .init("CLST", -3 * h, "Chile", "Chile Summer Time"),
        ]
        return Dictionary(grouping: all, by: \.abbreviation)
    }()

    /// What `text` means as an abbreviation: `.one` for a known, unambiguous
    /// or qualified abbreviation, `.several` for an ambiguous one, `nil` if
    /// it is not one. The qualifier follows after a space, comma or in
    /// parentheses: `IST India`, `CST (China)`, `BST, UK`.
    public static func lookUp(_ text: String) -> Lookup? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let head = trimmed.prefix { $0.isLetter }
        guard (2...5).contains(head.count), head.allSatisfy(\.isASCII) else { return nil }
        let abbreviation = head.uppercased()
        guard let meanings = table[abbreviation] else { return nil }
        if wordLike.contains(abbreviation), head != Substring(abbreviation) { return nil }
        let rest = SearchFolding.fold(String(trimmed.dropFirst(head.count)))
        if rest.isEmpty {
            return meanings.count == 1 ? .one(meanings[0]) : .several(meanings)
        }
        guard trimmed.dropFirst(head.count).first.map({ $0 == " " || $0 == "," || $0 == "(" }) == true else { return nil }
        let picked = meanings.filter { $0.qualifiers.contains(rest) }
        return picked.count == 1 ? .one(picked[0]) : nil
    }

    public enum Lookup: Equatable, Sendable {
        case one(ZoneAbbreviation)
        case several([ZoneAbbreviation])
    }
}
