/// Turns raw terminal bytes into keys, for the plain (line-oriented) mode,
/// where curses is not there to do it. Pure and incremental: bytes may arrive
/// split anywhere; an escape sequence that is still incomplete stays pending.
public struct KeyDecoder: Equatable, Sendable {
    private var pending: [UInt8] = []

    public init() {}

    /// Keys decoded from `bytes` plus whatever was pending. Invalid UTF-8 and
    /// unknown escape sequences are dropped, never passed on.
    public mutating func feed(_ bytes: [UInt8]) -> [Key] {
        pending += bytes
        var keys: [Key] = []
        var i = 0
        while i < pending.count {
            let (key, used) = decode(at: i)
            if used == 0 { break }  // incomplete: wait for more bytes
            if let key { keys.append(key) }
            i += used
        }
        pending.removeFirst(i)
        return keys
    }

    /// Whether a lone ESC is waiting: the Escape key if no more bytes follow
    /// soon (the shell then calls `flushEscape`), else the start of a
    /// sequence.
    public var isWaitingAfterEscape: Bool { pending == [27] }

    /// A lone ESC that no more bytes followed (the shell calls this after a
    /// short pause) is the Escape key.
    public mutating func flushEscape() -> [Key] {
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
        case 9: return (.tab, 1)
        case 10, 13: return (.enter, 1)
        case 8, 127: return (.backspace, 1)
        case 0: return (.controlSpace, 1)
        case 1...26: return (.control(Character(Unicode.Scalar(b + 96))), 1)
        case 0..<32: return (nil, 1)
        case 32..<128: return (.character(Character(Unicode.Scalar(b))), 1)
        default: return decodeUTF8(at: i)
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
        return (.character(ch), length)
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
