/// Text an attacker would paste, type, store or serve: terminal strings
/// (OSC, DCS, APC, PM, SOS), CSI in 7 and 8 bits, bidi overrides and
/// isolates, line separators. The printing-path tests and the sanitizer fuzz
/// target walk every entry; each must come out inert.
public enum HostileText {
    public static let corpus: [String] = [
        "title\u{1B}]0;owned\u{07}tail",
        "clip\u{1B}]52;c;cHduZWQ=\u{07}",
        "dcs\u{1B}P+q544e\u{1B}\\end",
        "apc\u{1B}_payload\u{1B}\\",
        "pm\u{1B}^private\u{1B}\\",
        "sos\u{1B}Xstart\u{1B}\\",
        "csi\u{1B}[2J\u{1B}[6n",
        "c1csi\u{9B}6n",
        "c1osc\u{9D}0;x\u{9C}",
        "bidi\u{202E}gnp.exe",
        "isolate\u{2066}x\u{2069}",
        "mark\u{200F}rtl",
        "line\u{2028}break",
        "nul\u{0}bell\u{7}del\u{7F}",
        "cr\roverwrite",
    ]
}
