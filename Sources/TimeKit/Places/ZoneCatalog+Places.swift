import Foundation

extension ZoneCatalog {
    /// The zones whose place part (the last part of the name, `_` as a
    /// space: `Lord Howe` of Australia/Lord_Howe, `Godthab` of the link
    /// America/Godthab) folds to `text`'s fold. Etc/ zones and names with
    /// no `/` are left out (those are whole names: `Japan`, `GMT+3`).
    public func zonePlaces(named text: String) -> [Entry] {
        let key = SearchFolding.fold(text)
        guard !key.isEmpty else { return [] }
        return (placeIndex[key] ?? []).map { entries[$0] }
    }

    /// Folded place part → entry indexes, built on first use (about 600
    /// names; a command that never resolves a name never pays for it).
    var placeIndex: [String: [Int]] {
        placeIndexBox.get {
            var map: [String: [Int]] = [:]
            for (i, e) in entries.enumerated() {
                let parts = e.name.split(separator: "/")
                guard parts.count >= 2, parts[0] != "Etc", let last = parts.last else { continue }
                let key = SearchFolding.fold(last.replacingOccurrences(of: "_", with: " "))
                if !key.isEmpty { map[key, default: []].append(i) }
            }
            return map
        }
    }
}
