import Foundation
import GRDB
import Testing
import TimeKit
@testable import TimeStore

/// The last forecast kept in the store (`weatherForecast`, migration
/// v1-weather-forecast): saved, failed, read back through the parser.
@Suite struct WeatherStoreTests {
    /// 2026-11-26T14:00:00Z.
    static let t1400 = Date(timeIntervalSince1970: 1_795_701_600)
    static let berlin = try! GeoPosition(latitudeDegrees: 52.52, longitudeDegrees: 13.41)
    static let response = Data("""
        {"latitude":52.52,"longitude":13.419998,"generationtime_ms":0.06,"utc_offset_seconds":0,"timezone":"GMT",
         "timezone_abbreviation":"GMT","elevation":38.0,"current":{"time":1795701600,"interval":900,"temperature_2m":7.3,"precipitation":0.1},
         "hourly":{"time":[1795701600,1795705200],"precipitation":[0.0,1.7],"temperature_2m":[7.4,6.9]}}
        """.utf8)

    @Test func nothingBeforeTheFirstAsk() throws {
        #expect(try AppDatabase.inMemory().loadForecast() == nil)
    }

    @Test func aSavedForecastReadsBackParsed() throws {
        let db = try AppDatabase.inMemory()
        try db.saveForecast(Self.response, asked: Self.berlin, fetched: Self.t1400.addingTimeInterval(0.25))
        let stored = try #require(try db.loadForecast())
        #expect(stored.response == Self.response)
        #expect(stored.fetched == Self.t1400.addingTimeInterval(0.25))
        #expect(stored.asked == Self.berlin)
        #expect(stored.series?.currentTemperatureCelsius == 7.3)
        #expect(stored.series?.hours.map(\.precipitationMillimetres) == [0, 1.7])
        #expect(stored.failure == nil)
    }

    /// An error keeps the last forecast (with its age); the next success clears the error.
    @Test func aFailureKeepsTheForecastASuccessClearsTheFailure() throws {
        let db = try AppDatabase.inMemory()
        try db.saveForecast(Self.response, asked: Self.berlin, fetched: Self.t1400)
        let later = Self.t1400.addingTimeInterval(42 * 60)
        try db.saveForecastFailure(.serverRefused(reason: "Latitude must be in range of -90 to 90°."), at: later)
        var stored = try #require(try db.loadForecast())
        #expect(stored.series != nil)
        #expect(stored.fetched == Self.t1400)
        #expect(stored.failure == .serverRefused(reason: "Latitude must be in range of -90 to 90°."))
        #expect(stored.failedAt == later)
        try db.saveForecastFailure(.timedOut(seconds: 10), at: later.addingTimeInterval(600))
        #expect(try db.loadForecast()?.failure == .timedOut(seconds: 10))
        try db.saveForecast(Self.response, asked: Self.berlin, fetched: later.addingTimeInterval(1200))
        stored = try #require(try db.loadForecast())
        #expect(stored.failure == nil && stored.failedAt == nil)
        #expect(stored.fetched == later.addingTimeInterval(1200))
    }

    @Test func aFailureBeforeAnyForecastIsKeptAlone() throws {
        let db = try AppDatabase.inMemory()
        try db.saveForecastFailure(.httpStatus(502, reason: nil), at: Self.t1400)
        let stored = try #require(try db.loadForecast())
        #expect(stored.series == nil && stored.response == nil)
        #expect(stored.failure == .httpStatus(502, reason: nil))
    }

    @Test func oversizedResponsesAreRefused() throws {
        let db = try AppDatabase.inMemory()
        #expect(throws: WeatherProblem.tooLarge(bytes: OpenMeteoParser.maximumBytes + 1)) {
            try db.saveForecast(Data(count: OpenMeteoParser.maximumBytes + 1), asked: Self.berlin, fetched: Self.t1400)
        }
        #expect(try db.loadForecast() == nil)
    }

    /// Migrations are only ever appended: the weather's came after the
    /// sights', and the kept sights of deleted marks after it.
    @Test func theWeatherMigrationWasAppendedInOrder() {
        let ids = AppDatabase.migrations.map(\.identifier)
        // In this order and adjacent; later migrations (issue 28's
        // v3-team-outbox-sight) come after them.
        let start = ids.firstIndex(of: "v1-mark-sights") ?? ids.endIndex
        #expect(Array(ids[start...].prefix(3)) == ["v1-mark-sights", "v1-weather-forecast", "v2-retired-mark-sights"])
        #expect(ids.last == "v3-team-outbox-sight")
    }
}
