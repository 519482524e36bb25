import TimeKit

/// Work that `update` asks the shell to do; performed by the executable's
/// effect runner, never inside `update`.
public enum Effect: Equatable, Sendable {
    /// Leave the dashboard and restore the terminal.
    case quit
    /// Save one changed setting to the config file (`change.table`,
    /// `change.key`, `change.value`).
    case saveSetting(SettingChange)
    /// Write this snapshot of the dashboard to the data folder.
    case writeSnapshot(SnapshotDocument)
    /// Ring the terminal bell `times` times, briefly apart.
    case bell(times: Int)
    /// Store work for the marks panel (record, note, delete, restore, clear).
    case marks(MarksEffect)
    /// Save or delete a call (the call planner).
    case calls(CallPlannerEffect)
    /// Store work for the Mars panel.
    case mars(MarsEffect)
    /// Store work for the sights panel (a mark's sight).
    case sights(SightsEffect)
    /// Network work for the weather panel (ask the forecast API).
    case weather(WeatherEffect)
}
