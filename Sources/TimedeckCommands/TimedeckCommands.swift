import ArgumentParser

/// The subcommands under `timedeck`; the root command (with `@main`) is the
/// executable's, and opens the dashboard through `DashboardLaunch`.
public enum TimedeckCommands {
    public static let subcommands: [ParsableCommand.Type] = [
        NowCommand.self, MarksCommand.self, MarsCommand.self, PlacesCommand.self, CallCommand.self, CallsCommand.self,
        SnapshotCommand.self, ConfigCommand.self, TeamCommand.self, DoctorCommand.self,
        AlmanacCommand.self, FixCommand.self, NoonCommand.self, PolarisCommand.self, CompassCommand.self,
        IdentifyCommand.self, SightsCommand.self, WeatherCommand.self,
    ]
}
