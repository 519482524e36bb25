/// The program's version, as `--version`, the User-Agent, the team log and
/// the .deb say it (the Makefile reads it from this line).
public enum TimedeckVersion {
    public static let string = "0.1.0"
}
