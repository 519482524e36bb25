import Dashboard
import TimeStore

extension StoreProblem {
    /// The store's error as the dashboard's typed problem: busy or locked
    /// is `.busy` (translated by the catalog); anything else keeps SQLite's
    /// or the OS's own words.
    init(_ error: any Error) {
        self = AppDatabase.isBusy(error) ? .busy : .failed(AppDatabase.shortReason(error))
    }
}
