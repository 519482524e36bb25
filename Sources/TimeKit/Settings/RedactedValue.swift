/// A value from outside as every message shows it: the password of a URL's
/// user info (`https://user:***@host/`), a `password=` query parameter or a
/// conninfo `password = …` pair replaced by `***` (`ConnectionString`'s
/// rules). Config refusals, `config set`'s echo, the weather command and
/// panel all show values through it, since any key may be given a URL.
public enum RedactedValue {
    public static func shown(_ text: String) -> String {
        ConnectionString(text).description
    }
}
