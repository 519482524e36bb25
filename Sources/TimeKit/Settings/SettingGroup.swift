/// The keys of one config table, declared together next to the code that
/// uses them (`WeatherKeys` in TimeKit/Weather, …) and listed once in
/// `SettingKey.groups`.
public protocol SettingGroup {
    /// The `[table]` the keys live in.
    static var table: String { get }
    /// Its keys, in the order the template and the guide list them.
    static var keys: [SettingKey] { get }
}
