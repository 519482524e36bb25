import Testing
@testable import TimeKit

@Suite struct JapanesePlaceNameTests {
    @Test(arguments: [("London", "ロンドン"), ("Tokyo", "東京"), ("New York", "ニューヨーク"), ("Osaka", "大阪"),
                      ("Sapporo", "札幌"), ("Munich", "ミュンヘン"), ("Kathmandu", "カトマンズ")])
    func namesFromTheBundledDatabase(query: String, expected: String) throws {
        let db = try PlaceDatabase.bundled()
        let place = try #require(db.bestMatch(query)?.place)
        #expect(db.japaneseName(of: place) == expected)
    }

    @Test func zonesHaveNoJapaneseName() throws {
        let db = try PlaceDatabase.bundled()
        let utc = try #require(db.bestMatch("UTC")?.place)
        #expect(db.japaneseName(of: utc) == nil)
    }
}
