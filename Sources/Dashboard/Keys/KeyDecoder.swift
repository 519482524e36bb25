/// Turns raw terminal bytes into keys, for the plain (line-oriented) mode,
/// where curses is not there to do it. Pure and incremental: bytes may arrive
/// split anywhere; an escape sequence that is still incomplete stays pending.
public struct KeyDecoder: Equatable, Sendable {
    private var pending: [UInt8] = []
    /// An OSC/DCS/APC/PM/SOS string being swallowed (see `ControlStringFilter`).
    private var controlString = ControlStringFilter()

    public init() {}

    /// Keys decoded from `bytes` plus whatever was pending. Invalid UTF-8 and
    /// unknown escape sequences are dropped, never passed on.
    public mutating func feed(_ bytes: [UInt8]) -> [Key] {
        pending += bytes
        var keys: [Key] = []
        var i = 0
        while i < pending.count {
            if controlString.isOpen {
                let (scalar, used) = scalar(at: i)
                if used == 0 { break }
                _ = controlString.swallow(scalar ?? 0xFFFD)
                i += used
                continue
            }
            let (key, used) = decode(at: i)
            if used == 0 { break }  // incomplete: wait for more bytes
            if let key { keys.append(key) } else if opensControlString(at: i) { controlString.open() }
            i += used
        }
        pending.removeFirst(i)
        return keys
    }

    /// Whether a lone ESC is waiting: the Escape key if no more bytes follow
    /// soon (the shell then calls `flushEscape`), else the start of a
    /// sequence.
    public var isWaitingAfterEscape: Bool { pending == [27] || controlString.isOpen }

    /// A lone ESC that no more bytes followed (the shell calls this after a
    /// short pause) is the Escape key.
    /// An unterminated control string ends at the pause, swallowed.
    public mutating func flushEscape() -> [Key] {
        if controlString.isOpen {
            controlString.close()
            pending.removeAll()
            return []
        }
        guard pending == [27] else { return [] }
        pending.removeAll()
        return [.escape]
    }

    /// Decodes one key at `i`: the key (nil when dropped) and bytes used
    /// (0 when the input is incomplete).
    func decode(at i: Int) -> (Key?, Int) {
        let b = pending[i]
        switch b {
        case 27: return decodeEscape(at: i)
        case 0..<128: return (Self.key(code: UInt32(b)), 1)
        default: return decodeUTF8(at: i)
        }
    }

    /// The key for one whole character code (a byte below 128, or a scalar
    /// curses already decoded): the one table of control keys, shared with
    /// the full-screen terminal. Escape (27) is the key itself here; nil
    /// for a control code no key uses.
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
        default:
            guard let scalar = Unicode.Scalar(code) else { return nil }
            return .character(Character(scalar))
        }
    }

    func decodeUTF8(at i: Int) -> (Key?, Int) {
        let b = pending[i]
        let length: Int
        switch b {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (nil, 1)
        }
        guard i + length <= pending.count else {
            // Incomplete, unless a byte so far is already not a continuation.
            for j in (i + 1)..<pending.count where pending[j] & 0xC0 != 0x80 { return (nil, 1) }
            return (nil, 0)
        }
        let slice = Array(pending[i..<(i + length)])
        guard slice.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }),
              let text = String(validating: slice, as: UTF8.self), let ch = text.first else { return (nil, 1) }
        if let v = ch.unicodeScalars.first?.value, ControlStringFilter.isC1(v) {
            return decodeC1(v, at: i, length: length)
        }
        return (.character(ch), length)
    }

    /// An 8-bit control: a string introducer opens the filter, CSI (U+009B)
    /// is swallowed to its final byte, any other C1 control is dropped.
    func decodeC1(_ v: UInt32, at i: Int, length: Int) -> (Key?, Int) {
        if ControlStringFilter.opensString(c1: v) {
            return (nil, length)  // `feed` opens the filter (decode is non-mutating)
        }
        guard v == 0x9B else { return (nil, length) }
        var j = i + length
        while j < pending.count, !(0x40...0x7E).contains(pending[j]) {
            if j - i > 16 { return (nil, j - i) }
            j += 1
        }
        guard j < pending.count else { return (nil, 0) }
        return (nil, j - i + 1)
    }

    /// Whether the bytes at `i` are a string introducer (ESC ] … or 8-bit).
    func opensControlString(at i: Int) -> Bool {
        if pending[i] == 27 {
            return i + 1 < pending.count && ControlStringFilter.opensString(afterEscape: UInt32(pending[i + 1]))
        }
        guard pending[i] == 0xC2 else { return false }
        let (v, _) = scalar(at: i)
        return v.map(ControlStringFilter.opensString(c1:)) ?? false
    }

    /// One scalar at `i` inside a control string (nil for a byte that is
    /// not valid UTF-8; used 0 when incomplete).
    func scalar(at i: Int) -> (UInt32?, Int) {
        let b = pending[i]
        if b < 0x80 { return (UInt32(b), 1) }
        let length: Int
        switch b {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (nil, 1)
        }
        guard i + length <= pending.count else { return (nil, 0) }
        guard let text = String(validating: pending[i..<(i + length)], as: UTF8.self),
              let v = text.unicodeScalars.first?.value else { return (nil, 1) }
        return (v, length)
    }

    /// `ESC [ n ~` for F1…F12, as xterm, tmux and the Linux console (F6
    /// and up) send them.
    static let functionKeys: [String: Int] = [
        "11": 1, "12": 2, "13": 3, "14": 4, "15": 5, "17": 6, "18": 7, "19": 8, "20": 9, "21": 10, "23": 11, "24": 12,
    ]

    func decodeEscape(at i: Int) -> (Key?, Int) {
        guard i + 1 < pending.count else { return (nil, 0) }
        let next = pending[i + 1]
        if next == 27 { return (.escape, 1) }
        if ControlStringFilter.opensString(afterEscape: UInt32(next)) { return (nil, 2) }  // `feed` opens the filter
        guard next == UInt8(ascii: "[") || next == UInt8(ascii: "O") else { return (.escape, 1) }
        // CSI / SS3: parameters then one final byte in 0x40…0x7E.
        var j = i + 2
        while j < pending.count, !(0x40...0x7E).contains(pending[j]) {
            if j - i > 16 { return (nil, j - i) }  // runaway sequence: drop it
            j += 1
        }
        guard j < pending.count else { return (nil, 0) }
        let params = String(decoding: pending[(i + 2)..<j], as: UTF8.self)
        let shifted = params.hasSuffix(";2")
        let key: Key?
        switch pending[j] {
        case UInt8(ascii: "A"): key = shifted ? .shiftUp : .up
        case UInt8(ascii: "B"): key = shifted ? .shiftDown : .down
        case UInt8(ascii: "C"): key = shifted ? .shiftRight : .right
        case UInt8(ascii: "D"): key = shifted ? .shiftLeft : .left
        case UInt8(ascii: "H"): key = .home
        case UInt8(ascii: "F"): key = .end
        case UInt8(ascii: "Z"): key = .backTab
        case UInt8(ascii: "~"):
            switch params {
            case "1", "7": key = .home
            case "4", "8": key = .end
            case "3": key = .delete
            case "5": key = .pageUp
            case "6": key = .pageDown
            default: key = Self.functionKeys[params].map(Key.function)
            }
        case UInt8(ascii: "P"): key = .function(1)
        case UInt8(ascii: "Q"): key = .function(2)
        case UInt8(ascii: "R"): key = .function(3)
        case UInt8(ascii: "S"): key = .function(4)
        default: key = nil
        }
        return (key, j - i + 1)
    }
}
