/// Japanese names for places, chosen from GeoNames' alternate names, which
/// carry no language tags: a katakana name is a Japanese exonym (ロンドン,
/// ニューヨーク); for a city in Japan the shortest kanji name is its written
/// name (東京, 大阪, 札幌), preferring the later of equals, since GeoNames
/// lists the simplified Chinese form (东京) before the Japanese one.
extension PlaceDatabase {
    public func japaneseName(of place: Place) -> String? {
        guard let index = index(ofGeonameID: place.geonameID) else { return nil }
        let names = alternateNames(at: index)
        if place.countryCode == "JP" {
            let kanji = names.filter { !$0.isEmpty && $0.unicodeScalars.allSatisfy(Self.isKanji) }
            if let shortest = kanji.map(\.count).min() {
                return kanji.last { $0.count == shortest }
            }
        }
        return names.first { !$0.isEmpty && $0.unicodeScalars.allSatisfy(Self.isKatakana) }
    }

    static func isKanji(_ s: Unicode.Scalar) -> Bool { (0x4E00...0x9FFF).contains(s.value) || s == "々" }
    static func isKatakana(_ s: Unicode.Scalar) -> Bool { (0x30A0...0x30FF).contains(s.value) }
}
