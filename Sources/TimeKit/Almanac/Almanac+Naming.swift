import Foundation

extension Almanac {
    /// This almanac, or this almanac with the brighter Hipparcos stars when
    /// one of `bodyTexts` (as typed: `Alhena`, `HIP 86670`, `Sun LL`) names
    /// no body of its own.
    ///
    /// `brighter` is called at most once, and only then: a command whose
    /// bodies are all navigational (or planets, the Sun, the Moon) never
    /// reads `almanac-bright-stars.tsv` (issue 31: the cost of starting).
    /// A name that is no body at all reads it too, so that the close names
    /// offered come from every star the program can work; the name is still
    /// refused by `SightText.body`, never replaced by the nearest spelling.
    public func naming(_ bodyTexts: [String], brighter: () throws -> [NavigationalStar]) throws -> Almanac {
        let unknown = bodyTexts.contains { (try? SightText.body($0, almanac: self)) == nil }
        return unknown ? including(try brighter()) : self
    }
}
