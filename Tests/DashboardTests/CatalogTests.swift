import TestSupport
import Foundation
import Testing
@testable import Dashboard
import TimeKit

/// The string catalog is complete: every key has Japanese, and Japanese
/// screens carry no English sentence.
@Suite struct CatalogCoverageTests {
    /// Texts that are rightly the same in both languages. Empty today: keep
    /// it short, and only for words Japanese writes in Latin letters too.
    static let sameInBothLanguages: Set<UIText> = []

    @Test func everyFixedTextHasJapanese() {
        #expect(UIText.allCases.count > 150)
        for text in UIText.allCases {
            let en = UILanguage.en.text(text), ja = UILanguage.ja.text(text)
            #expect(!en.isEmpty && !ja.isEmpty, "\(text)")
            if !Self.sameInBothLanguages.contains(text) {
                #expect(ja != en, "\(text) is English in Japanese: \(ja)")
            }
        }
    }

    @Test func everyTemplateHasSamplesAndJapanese() {
        for kind in UIMessage.Kind.allCases {
            let samples = UIMessage.samples(kind)
            #expect(!samples.isEmpty, "\(kind) has no sample")
            for message in samples {
                #expect(message.kind == kind, "sample \(message) is filed under \(kind)")
                let en = UILanguage.en.text(message), ja = UILanguage.ja.text(message)
                #expect(!en.isEmpty && !ja.isEmpty, "\(message)")
                // Text from outside the interface is shown as it came.
                if kind != .verbatim { #expect(ja != en, "\(message) is English in Japanese: \(ja)") }
            }
        }
        #expect(UILanguage.ja.text(UIMessage.verbatim("SQLITE_FULL")) == "SQLITE_FULL")
    }

    @Test func argumentsAreFilledIn() {
        #expect(UILanguage.en.text(UIMessage.minutes(60)) == "60 min")
        #expect(UILanguage.ja.text(UIMessage.minutes(60)) == "60 分")
        #expect(UILanguage.en.text(.confirmClear(count: 1)).hasPrefix("Delete all 1 mark?"))
        #expect(UILanguage.en.text(.confirmClear(count: 4)).hasPrefix("Delete all 4 marks?"))
        #expect(UILanguage.ja.text(.callSaved(name: "Standup")) == "「Standup」を保存しました。")
    }

    @Test func everyBindingHelpIsJapanese() {
        for binding in Keymap.bindings {
            #expect(!EnglishDetector.hasEnglishSentence(UILanguage.ja.text(binding.help)), "\(binding.help)")
        }
    }

    @Test func detectorFindsEnglishAndAllowsKeyNamesAndIDs() {
        #expect(EnglishDetector.hasEnglishSentence("マーク · Nothing to undo."))
        #expect(EnglishDetector.hasEnglishSentence("60 min"))
        #expect(!EnglishDetector.hasEnglishSentence("Esc 閉じる · Tab PgDn Europe/Paris UTC LMST 14:05"))
        #expect(!EnglishDetector.hasEnglishSentence("  q Esc Ctrl-C    終了"))
    }
}
