/// The one terminal-input state machine (ECMA-48 §5, as xterm reads it):
/// every key reader feeds it what the terminal sent, one Unicode scalar at a
/// time, and takes keys out. Escape and control sequences (CSI, SS3) become
/// the keys they name or nothing; control strings (OSC, DCS, APC, PM, SOS)
/// are consumed whole, contents and terminator, so nothing inside a paste's
/// escape string can run as a command.
///
/// Every encoding a terminal may deliver is one here: a 7-bit introducer
/// (`ESC ]`), the raw 8-bit byte (0x9D, which the byte reader hands over as
/// U+009D) and the UTF-8 encoding of the same C1 control (C2 9D, which
/// curses and the byte reader decode to U+009D) all open the same string,
/// and `ESC \`, U+009C, BEL, CAN and SUB end it.
///
/// Pure and incremental. A lone ESC waits: it is the Escape key only when
/// the shell says input paused (`pause`), which also ends a string or a
/// sequence left open, so a stray introducer never eats typing for good.
public struct TerminalInputParser: Equatable, Sendable {
    enum State: Equatable, Sendable {
        case ground
        /// After ESC.
        case escape
        /// ESC followed by intermediates (0x20–0x2F), until a final byte.
        case escapeIntermediate
        /// CSI (`ESC [`, U+009B) or SS3 (`ESC O`, U+008F) with its
        /// parameters so far, until the final byte.
        case sequence(introducer: UInt32, parameters: String)
        /// Inside OSC, DCS, APC, PM or SOS; `afterEscape` after an ESC in it.
        case string(afterEscape: Bool)
    }

    private(set) var state: State = .ground
    /// Scalars in the current sequence: a runaway one is dropped at
    /// `sequenceLimit`, and reading goes on at ground.
    private var sequenceLength = 0
    static let sequenceLimit = 32

    public init() {}

    /// Whether something is waiting for more input or a pause: a lone ESC,
    /// an unfinished sequence, or an open string.
    public var isPending: Bool { state != .ground }

    /// Whether a control string is open (its contents are being consumed).
    public var isInString: Bool {
        if case .string = state { return true }
        return false
    }

    /// Whether the last scalar was a lone ESC that may still become the
    /// Escape key at a pause.
    public var isAfterEscape: Bool { state == .escape }

    /// After ESC: `]` OSC, `P` DCS, `_` APC, `^` PM, `X` SOS.
    public static func opensString(afterEscape v: UInt32) -> Bool {
        v == 0x5D || v == 0x50 || v == 0x5F || v == 0x5E || v == 0x58
    }

    /// The C1 forms (raw 8-bit or UTF-8 encoded): DCS U+0090, SOS U+0098,
    /// OSC U+009D, PM U+009E, APC U+009F.
    public static func opensString(c1 v: UInt32) -> Bool {
        v == 0x90 || v == 0x98 || v == 0x9D || v == 0x9E || v == 0x9F
    }

    /// Any C1 control (U+0080–U+009F): never a key.
    public static func isC1(_ v: UInt32) -> Bool { (0x80...0x9F).contains(v) }

    /// The keys that `scalar` completes (none, one, or Escape and another).
    public mutating func feed(_ scalar: UInt32) -> [Key] {
        switch state {
        case .ground: return ground(scalar)
        case .escape: return afterEscape(scalar)
        case .escapeIntermediate:
            if scalar == 0x1B { state = .escape; return [] }
            // Intermediates continue; a final byte, a C0 or anything else
            // ends the sequence, all of it dropped.
            if (0x20...0x2F).contains(scalar) { return grow() }
            reset()
            return []
        case .sequence(let introducer, let parameters):
            return inSequence(scalar, introducer: introducer, parameters: parameters)
        case .string(let afterEscape):
            switch scalar {
            case 0x07, 0x9C, 0x18, 0x1A: reset()
            case 0x1B: state = .string(afterEscape: true)
            case 0x5C where afterEscape: reset()  // ESC \ is ST
            default:
                // An ESC inside a string that is not ST stays inside it:
                // a terminal never sends one, so it came with a paste, and
                // what follows it is the paste's too. (xterm's parser
                // would end the string there and run `ESC [ A` or the
                // letters after it; see docs/DECISIONS.md.)
                state = .string(afterEscape: false)
            }
            return []
        }
    }

    /// A key the terminal library decoded itself (curses' `KEY_*` codes,
    /// read from a whole escape sequence). At ground it is the key. Inside
    /// a string it was made of the string's bytes (curses matched `ESC O P`
    /// in a paste) and is swallowed with them; after a lone ESC or inside
    /// a sequence (Alt-↑) it ends what was open, dropped with it.
    public mutating func feed(decoded key: Key) -> [Key] {
        switch state {
        case .ground: return [key]
        case .string: state = .string(afterEscape: false)
        default: reset()
        }
        return []
    }

    /// Input paused: a lone ESC is the Escape key; an open string or an
    /// unfinished sequence ends here, dropped.
    public mutating func pause() -> [Key] {
        let wasEscape = state == .escape
        reset()
        return wasEscape ? [.escape] : []
    }

    private mutating func reset() {
        state = .ground
        sequenceLength = 0
    }

    private mutating func grow() -> [Key] {
        sequenceLength += 1
        if sequenceLength > Self.sequenceLimit { reset() }
        return []
    }

    private mutating func ground(_ v: UInt32) -> [Key] {
        switch v {
        case 0x1B:
            state = .escape
            sequenceLength = 0
            return []
        case 0x9B, 0x8F:
            state = .sequence(introducer: v, parameters: "")
            sequenceLength = 0
            return []
        case _ where Self.opensString(c1: v):
            state = .string(afterEscape: false)
            return []
        case _ where Self.isC1(v):
            return []  // any other C1 control (ST, NEL, SS2…): never a key
        default:
            return KeyDecoder.key(code: v).map { [$0] } ?? []
        }
    }

    private mutating func afterEscape(_ v: UInt32) -> [Key] {
        switch v {
        case 0x1B:
            // Esc pressed twice: the first is the key, the second waits.
            return [.escape]
        case 0x5B:  // [
            state = .sequence(introducer: 0x9B, parameters: "")
        case 0x4F:  // O
            state = .sequence(introducer: 0x8F, parameters: "")
        case _ where Self.opensString(afterEscape: v):
            state = .string(afterEscape: false)
        case 0x20...0x2F:
            state = .escapeIntermediate
        default:
            // ESC and a final byte (ESC 7, ESC c, a stray ESC \), a control
            // or any other character: an escape sequence no key uses, both
            // dropped. Alt+letter is therefore nothing, never Esc (which
            // quits) followed by the letter.
            reset()
        }
        return []
    }

    private mutating func inSequence(_ v: UInt32, introducer: UInt32, parameters: String) -> [Key] {
        switch v {
        case 0x1B:
            state = .escape
            sequenceLength = 0
            return []
        case 0x18, 0x1A:
            reset()
            return []
        case 0x20...0x3F:
            guard let scalar = Unicode.Scalar(v) else { return [] }
            state = .sequence(introducer: introducer, parameters: parameters + String(Character(scalar)))
            return grow()
        case 0x40...0x7E:
            reset()
            return Self.key(final: v, parameters: parameters, introducer: introducer).map { [$0] } ?? []
        default:
            // A C0 control, C1 or any other character inside a sequence:
            // the sequence is broken, dropped with it.
            reset()
            return []
        }
    }

    /// `ESC [ n ~` for F1…F12, as xterm, tmux and the Linux console (F6
    /// and up) send them.
    static let functionKeys: [String: Int] = [
        "11": 1, "12": 2, "13": 3, "14": 4, "15": 5, "17": 6, "18": 7, "19": 8, "20": 9, "21": 10, "23": 11, "24": 12,
    ]

    /// The key a CSI or SS3 sequence names, or nil.
    static func key(final: UInt32, parameters: String, introducer: UInt32) -> Key? {
        let shifted = parameters.hasSuffix(";2")
        switch final {
        case 0x41: return shifted ? .shiftUp : .up  // A
        case 0x42: return shifted ? .shiftDown : .down  // B
        case 0x43: return shifted ? .shiftRight : .right  // C
        case 0x44: return shifted ? .shiftLeft : .left  // D
        case 0x48: return .home  // H
        case 0x46: return .end  // F
        case 0x5A: return .backTab  // Z
        case 0x7E:  // ~
            guard introducer == 0x9B else { return nil }
            switch parameters {
            case "1", "7": return .home
            case "4", "8": return .end
            case "3": return .delete
            case "5": return .pageUp
            case "6": return .pageDown
            default: return functionKeys[parameters].map(Key.function)
            }
        case 0x50: return .function(1)  // P
        case 0x51: return .function(2)  // Q
        case 0x52: return .function(3)  // R
        case 0x53: return .function(4)  // S
        default: return nil
        }
    }
}
