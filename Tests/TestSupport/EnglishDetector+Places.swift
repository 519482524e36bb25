import Foundation
import TimeKit

extension EnglishDetector {
    /// `text` without what is the same in every language in the place
    /// resolver's notes: abbreviations' names (`Japan Standard Time`), city
    /// labels (`Sydney, AU`), zone ids, and what to type (`"IST India"`,
    /// `` `timedeck places search` ``).
    public static func withoutPlaceNames(_ text: String) -> String {
        let names = ZoneAbbreviation.table.values.flatMap { $0.map(\.name) }.sorted { $0.count > $1.count }
        return names.reduce(text) { $0.replacingOccurrences(of: $1, with: "") }
            .replacing(/"[^"]*"|`[^`]*`/, with: "")
            .replacing(/[A-Za-z_-]+\/[A-Za-z_\/+-]+/, with: "")
            .replacing(/[A-Z][A-Za-z' .-]*, [A-Z]{2}\b/, with: "")
    }
}
