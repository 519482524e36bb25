import Dashboard
import TimeStore

extension StoreProblem {
    /// The store's error as the dashboard's typed problem: busy or locked
    /// is `.busy` and a store this user may not write `.readOnly`
    /// (translated by the catalog); anything else keeps SQLite's or the
    /// OS's own words.
    init(_ error: any Error) {
        if case .readOnly? = error as? StoreError { self = .readOnly; return }
        self = AppDatabase.isBusy(error) ? .busy : .failed(AppDatabase.shortReason(error))
    }
}
