/// Turns raw terminal bytes into keys, for the plain (line-oriented) mode,
/// where curses is not there to do it: UTF-8 decoding here, everything else
/// in the one `TerminalInputParser`. Pure and incremental: bytes may arrive
/// split anywhere; a character or sequence still incomplete stays pending.
public struct KeyDecoder: Equatable, Sendable {
    private var pending: [UInt8] = []
    private var parser = TerminalInputParser()

    public init() {}

    /// Keys decoded from `bytes` plus whatever was pending. Invalid UTF-8 is
    /// dropped, except a lone byte 0x80–0x9F: the raw 8-bit form of a C1
    /// control, read as that control (an 8-bit OSC opens a string).
    public mutating func feed(_ bytes: [UInt8]) -> [Key] {
        pending += bytes
        var keys: [Key] = []
        var i = 0
        while i < pending.count {
            let (scalar, used) = scalar(at: i)
            if used == 0 { break }  // incomplete: wait for more bytes
            i += used
            if let scalar { keys += parser.feed(scalar) }
        }
        pending.removeFirst(i)
        return keys
    }

    /// Whether the shell should call `flushEscape` after a short pause: a
    /// lone ESC that may be the Escape key, or an open string or sequence
    /// that a pause ends.
    public var isWaitingAfterEscape: Bool { parser.isPending }

    /// Input paused: a lone ESC is the Escape key; an unterminated control
    /// string or sequence ends here, swallowed.
    public mutating func flushEscape() -> [Key] {
        pending.removeAll()
        return parser.pause()
    }

    /// The key for one whole character code (a byte below 128, or a scalar
    /// curses already decoded): the one table of control keys. Escape (27)
    /// is the key itself here; nil for a control code no key uses.
    public static func key(code: UInt32) -> Key? {
        switch code {
        case 27: return .escape
        case 9: return .tab
        case 10, 13: return .enter
        case 8, 127: return .backspace
        case 0: return .controlSpace
        case 1...26:
            guard let scalar = Unicode.Scalar(code + 96) else { return nil }
            return .control(Character(scalar))
        case 0..<32: return nil
        case 0x80...0x9F: return nil
        default:
            guard let scalar = Unicode.Scalar(code) else { return nil }
            return .character(Character(scalar))
        }
    }

    /// One scalar at `i` and the bytes it used: nil for a byte dropped
    /// (invalid UTF-8), used 0 when the character is still incomplete.
    func scalar(at i: Int) -> (UInt32?, Int) {
        let b = pending[i]
        if b < 0x80 { return (UInt32(b), 1) }
        let length: Int
        switch b {
        case 0x80...0x9F: return (UInt32(b), 1)  // raw 8-bit C1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (nil, 1)
        }
        // A broken character is dropped with its continuation bytes (the
        // maximal subpart), so a continuation byte is never read again as a
        // raw C1 control: F0 9D followed by "q" is not an 8-bit OSC.
        let end = min(i + length, pending.count)
        var j = i + 1
        while j < end, pending[j] & 0xC0 == 0x80 { j += 1 }
        if j < end { return (nil, j - i) }  // a non-continuation came early
        guard i + length <= pending.count else { return (nil, 0) }  // incomplete: wait
        guard let text = String(validating: pending[i..<(i + length)], as: UTF8.self),
              let v = text.unicodeScalars.first?.value else { return (nil, length) }
        return (v, length)
    }
}
