import Dashboard
import TimeKit

// Used by the tests (unit and end to end) that prove Japanese screens carry
// no English; derived from the catalog itself.

/// Finds English interface words in rendered Japanese text: a run of two
/// or more English words (3+ letters) from the catalog's own English, or a
/// unit such as `min`. Key names, zone ids, abbreviations and numbers are
/// allowed.
public enum EnglishDetector {
    /// Words that may appear in Japanese screens: key names, standard
    /// abbreviations, the program's name, config keys.
    public static let neutral: Set<String> = [
        "esc", "tab", "enter", "space", "ctrl", "pgup", "pgdn", "home", "end", "shift", "delete", "del",
        "utc", "lmst", "ltst", "mtc", "msd", "eot", "jd", "tt", "ut", "au", "ls", "dst", "gps", "gpsd", "pps",
        "toff", "nmea", "adjtimex", "timedeck", "timetocall", "europe", "paris", "config", "marks", "bell", "flash",
    ]

    /// Every word of 3+ letters in the catalog's English.
    public static let dictionary: Set<String> = {
        var texts = UIText.allCases.map { UILanguage.en.text($0) }
        texts += UIMessage.Kind.allCases.flatMap(UIMessage.samples).filter { $0.kind != .verbatim }.map { UILanguage.en.text($0) }
        var words = Set<String>()
        for text in texts {
            for word in text.split(whereSeparator: { !$0.isASCII || !$0.isLetter }) where word.count >= 3 {
                words.insert(word.lowercased())
            }
        }
        return words.subtracting(neutral)
    }()

    public static func hasEnglishSentence(_ line: String) -> Bool {
        englishRun(line) != nil
    }

    /// The English found in `line`, if any.
    public static func englishRun(_ line: String) -> String? {
        // Units that would be English on their own.
        if let unit = line.firstMatch(of: /\d+ (min|h)\b/) { return String(line[unit.range]) }
        let runs = line.matches(of: /[A-Za-z']+(?:[ ,;:]+[A-Za-z']+)+/)
        for run in runs {
            let words = line[run.range].split(whereSeparator: { !$0.isLetter })
                .map { $0.lowercased() }
                .filter { $0.count >= 3 && dictionary.contains($0) }
            if words.count >= 2 { return String(line[run.range]) }
        }
        return nil
    }
}
