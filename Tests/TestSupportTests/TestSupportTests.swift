import Testing
import TestSupport

/// The test support's own checks: a wrong generator or a blind detector
/// would make every test built on them weaker without failing.
@Suite struct TestSupportTests {
    /// SplitMix64's published reference outputs for seed 0 (Vigna's
    /// splitmix64.c): replays depend on exactly these.
    @Test func splitMixMatchesTheReferenceSequence() {
        var rng = SplitMix64(seed: 0)
        #expect(rng.next() == 0xE220_A839_7B1D_CDAF)
        #expect(rng.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(rng.next() == 0x06C4_5D18_8009_454F)
    }

    @Test func boundedDrawsStayInRange() {
        var rng = SplitMix64(seed: 42)
        for bound in [1, 2, 7, 1000] {
            for _ in 0..<200 { #expect((0..<bound).contains(rng.next(bound))) }
        }
        #expect(rng.next(0) == 0 && rng.next(-3) == 0)
    }

    @Test func theEnglishDetectorFindsEnglishAndPassesJapaneseAndData() {
        #expect(EnglishDetector.hasEnglishSentence("Not saved yet: another program holds the database"))
        #expect(!EnglishDetector.hasEnglishSentence("まだ保存していません: 別のプログラムがデータベースを使用中です"))
        #expect(!EnglishDetector.hasEnglishSentence("/home/u/.config/timedeck/config.toml 12:00 UTC"))
    }
}
