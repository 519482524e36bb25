import Foundation
import Testing
@testable import TimeKit

/// The day's high and low read only the hours near `now` (a 16-day series
/// is not turned into calendar fields each frame): the same answer as
/// reading every hour, in zones far from UTC and across clock changes.
@Suite struct DayRangeTests {
    /// 16 days of hours from 2026-03-20T00:00Z, each hour's temperature a
    /// different number, so any hour taken or left out shows.
    static let series: WeatherSeries = {
        let start = 1_773_964_800.0
        var hours: [ForecastSample] = []
        for i in 0..<(16 * 24) {
            let time = Date(timeIntervalSince1970: start + Double(i) * 3600)
            let celsius = Double((i * 37) % 101) - 40.0
            hours.append(ForecastSample(time: time, precipitationMillimetres: 0, temperatureCelsius: celsius))
        }
        return WeatherSeries(position: try! GeoPosition(latitudeDegrees: 0, longitudeDegrees: 0),
                             fetched: Date(timeIntervalSince1970: start), currentTemperatureCelsius: nil,
                             quarterHours: [], hours: hours)
    }()

    /// Every hour of the series, the old way.
    static func everyHour(_ series: WeatherSeries, at now: Date, zone: ZoneRules) -> (Double?, Double?) {
        let today = LocalTimeText.fields(now, in: zone)
        let values = series.hours.filter {
            let f = LocalTimeText.fields($0.time, in: zone)
            return f.year == today.year && f.month == today.month && f.day == today.day
        }.compactMap(\.temperatureCelsius)
        return (values.max(), values.min())
    }

    @Test(arguments: ["UTC", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Europe/Berlin", "America/New_York",
                      "Australia/Lord_Howe", "Asia/Kathmandu"])
    func nearHoursGiveWhatEveryHourGives(zoneName: String) throws {
        let zone = try #require(ZoneDatabase.system.rules(named: zoneName))
        let start = Self.series.hours[0].time.timeIntervalSince1970
        // Every 37 minutes through the series and a day beyond each end,
        // through the March and April clock changes of both hemispheres.
        var t = start - 86_400
        var checked = 0
        while t < start + 17 * 86_400 {
            let now = Date(timeIntervalSince1970: t)
            let (high, low) = Self.series.dayRange(at: now, zone: zone)
            let expected = Self.everyHour(Self.series, at: now, zone: zone)
            #expect(high == expected.0 && low == expected.1, "\(zoneName) at \(now)")
            t += 37 * 60
            checked += 1
        }
        #expect(checked > 600)
    }
}
