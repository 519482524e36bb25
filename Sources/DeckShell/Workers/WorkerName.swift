/// The OS names of the product's background threads, declared once: each
/// `Worker` the product starts is named by a case here, so `top -H`, `ps -L`
/// and `/proc/<pid>/task/*/comm` tell them apart, and ARCHITECTURE's worker
/// table is checked against `allCases` (`ArchitectureDocTests`).
///
/// Linux keeps 15 bytes of a thread name (`TASK_COMM_LEN` is 16 with the
/// NUL); every name here fits, and `ThreadName.osName` cuts longer ones
/// at a character boundary.
public enum WorkerName: String, CaseIterable, Sendable {
    /// `StoreQueue`: calls, Mars choices, sights, the look for other writers.
    case store = "td-store"
    /// `MarkStoreWorker`: every marks read and write (`MarkKeeper`).
    case marks = "td-marks"
    /// `GPSDClient`: the gpsd reader.
    case gpsd = "td-gpsd"
    /// `TeamLink`: the team log's send and listen.
    case team = "td-team"
    /// `WeatherFetcher`: the forecast asks.
    case weather = "td-weather"
}
