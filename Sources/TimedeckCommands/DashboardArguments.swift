/// The dashboard's own command lines, answered without ArgumentParser
/// (issue 31: dashboard start to first frame ≤ 20 ms). Parsing the root
/// command reflects over every subcommand: about 10 M of the main thread's
/// instructions before the first frame, 3–4 ms. Only these exact forms
/// are taken; anything else (`--help`, `--version`, a typo, a repeated
/// flag) goes through ArgumentParser as before, so its help and errors
/// stay the same.
public enum DashboardArguments {
    /// `noColor` and `plain` for `arguments` (without the program name),
    /// or nil when the line is not one of the plain dashboard forms.
    public static func match(_ arguments: [String]) -> (noColor: Bool, plain: Bool)? {
        switch arguments {
        case []: (false, false)
        case ["--no-color"]: (true, false)
        case ["--plain"]: (false, true)
        case ["--no-color", "--plain"], ["--plain", "--no-color"]: (true, true)
        default: nil
        }
    }
}
