import TimeKit
import Foundation

/// The language of the interface. Every interface string is a key in the
/// typed catalog (`UIText`, `UIMessage`); `text(_:)` gives it in this
/// language, and callers lay out what comes back.
public enum UILanguage: String, CaseIterable, Equatable, Sendable {
    case en
    case ja

    /// The language for a config choice ("auto", "en", "ja") and the locale
    /// environment: with "auto", the first of LC_ALL, LC_MESSAGES, LANG that is
    /// set decides (`ja_JP.UTF-8` → Japanese).
    public static func resolve(setting: String, environment: [String: String]) -> UILanguage {
        if let chosen = UILanguage(rawValue: setting) { return chosen }
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            return value.lowercased().hasPrefix("ja") ? .ja : .en
        }
        return .en
    }

    /// A fixed interface text in this language.
    public func text(_ text: UIText) -> String {
        switch self {
        case .en: text.english
        case .ja: text.japanese
        }
    }

    /// A text TimeKit declares in both languages (a setting's help or title).
    public func text(_ text: BilingualText) -> String {
        switch self {
        case .en: text.en
        case .ja: text.ja
        }
    }

    /// A templated interface message in this language.
    public func text(_ message: UIMessage) -> String {
        switch self {
        case .en: message.english
        case .ja: message.japanese
        }
    }

    /// Short weekday name for an ISO weekday (1 = Monday).
    public func weekday(_ isoWeekday: Int) -> String {
        let index = max(1, min(7, isoWeekday)) - 1
        switch self {
        case .en: return ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][index]
        case .ja: return ["月", "火", "水", "木", "金", "土", "日"][index]
        }
    }
}
