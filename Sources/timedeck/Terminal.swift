import CNcurses
import Dashboard
import DeckShell
import Foundation

/// The only code that talks to curses: setup and teardown, key decoding,
/// colour pairs, and copying a `Frame` to the screen (changed cells only).
final class Terminal: TerminalDevice {
    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    private let stderrCapture: StderrCapture
    private var previous: Frame?
    /// Reused by `draw` for the wide characters of one run.
    private var drawBuffer: [wchar_t] = []
    private var attributes: [StyleRole: (attr: attr_t, pair: Int16)] = [:]
    private var isClosed = false
    /// The one input state machine (shared with the plain mode): escape
    /// sequences, control strings in every encoding. When the last scalar
    /// arrived: a string or sequence still open after a pause of
    /// `inputPauseSeconds` ends there (a stray introducer never eats the
    /// user's typing).
    private var parser = TerminalInputParser()
    private var lastInput = Date.distantPast
    private static let inputPauseSeconds = 0.05
    let colorDepth: ColorDepth

    /// Refuses (exit 2) unless stdin and stdout are both terminals.
    static func requireInteractive() throws {
        guard isatty(0) == 1, isatty(1) == 1 else {
            throw TerminalRefusal(reason: "the dashboard needs an interactive terminal, but stdin or stdout is not one (a pipe or a file).")
        }
    }

    /// Takes over the screen. `theme` picks the styles for the depth found.
    init(noColor: Bool, theme: (ColorDepth) -> Theme) throws {
        Self.useUTF8Locale()
        let term = ProcessInfo.processInfo.environment["TERM"] ?? ""
        guard !term.isEmpty else {
            throw TerminalRefusal(reason: "TERM is not set, so the terminal type is unknown. Set TERM (for example TERM=xterm-256color).")
        }
        guard let output = fdopen(1, "w"), let input = fdopen(0, "r") else {
            throw TerminalRefusal(reason: "cannot open the terminal's input and output.")
        }
        // Keep everything written to stderr while curses owns the screen, and
        // print it after the screen is restored.
        // ncurses learns of resizes through SIGWINCH. A parent may hand us
        // the signal blocked (a test runner's worker thread did, and tmux
        // passed its mask on to the pane, so resizes were never seen: found
        // by issue 8's signal tests); unblock it before curses starts.
        var resizeSignal = sigset_t()
        sigemptyset(&resizeSignal)
        sigaddset(&resizeSignal, SIGWINCH)
        pthread_sigmask(SIG_UNBLOCK, &resizeSignal, nil)
        let capture = StderrCapture()
        guard let screen = newterm(nil, output, input) else {
            capture.restore()
            throw TerminalRefusal(reason: "the terminal type '\(term)' is not known to terminfo. Try TERM=xterm-256color.")
        }
        guard td_has_cup() != 0 else {
            endwin()
            delscreen(screen)
            capture.restore()
            throw TerminalRefusal(reason: "the terminal type '\(term)' cannot move the cursor, which a full-screen display needs.")
        }
        self.screen = screen
        self.stderrCapture = capture
        guard let window = td_stdscr() else {
            endwin()
            delscreen(screen)
            capture.restore()
            throw TerminalRefusal(reason: "curses did not provide a screen.")
        }
        self.window = window
        cbreak()
        noecho()
        nonl()
        keypad(window, true)
        nodelay(window, true)
        // No typeahead check inside `doupdate`: curses would poll stdin
        // before each changed line and flush its buffer to do so (two
        // polls and up to ten writes a frame, strace). Keys are read by
        // the run loop the moment `poll` wakes for them; a frame is a few
        // hundred bytes, written in one go.
        typeahead(-1)
        set_escdelay(25)
        curs_set(0)
        colorDepth = Self.detectDepth(noColor: noColor)
        setUpColors(theme(colorDepth))
    }

    deinit { close() }

    /// Restores the terminal and replays captured stderr. Safe to call twice.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        curs_set(1)
        endwin()
        delscreen(screen)
        stderrCapture.restore()
    }

    var size: Size { Size(columns: Int(getmaxx(window)), rows: Int(getmaxy(window))) }

    /// Reads every key curses has ready without waiting; each is stamped by
    /// `clock`, asked right after `wget_wch` returns it (the run loop's clock
    /// answers the instant `poll` woke for the first key of a pass). Every
    /// scalar goes through `TerminalInputParser`; curses' own `KEY_*` codes
    /// too, so one inside a string is dropped with it.
    func readPending(clock: () -> Date) -> [TerminalInput] {
        var inputs: [TerminalInput] = []
        var ch: wint_t = 0
        while true {
            let status = wget_wch(window, &ch)
            let at = clock()
            if status == ERR {
                // Nothing more now: a lone ESC is the Escape key (curses
                // already waited ESCDELAY for the rest of a sequence).
                if parser.isAfterEscape { inputs += parser.pause().map { .key($0, at: at) } }
                break
            }
            if parser.isPending, at.timeIntervalSince(lastInput) > Self.inputPauseSeconds {
                _ = parser.pause()
            }
            lastInput = at
            if status == KEY_CODE_YES {
                if Int32(ch) == KEY_RESIZE {
                    previous = nil
                    inputs.append(.resize(size))
                } else if let key = Self.decodeFunctionKey(Int32(ch)) {
                    inputs += parser.feed(decoded: key).map { .key($0, at: at) }
                }
            } else {
                inputs += parser.feed(UInt32(ch)).map { .key($0, at: at) }
            }
            if inputs.count >= 256 { break }
        }
        return inputs
    }

    /// Copies `frame` to the screen, sending only the cells that differ from
    /// the last frame drawn.
    func draw(_ frame: Frame) {
        let full = previous?.size != frame.size
        if full { werase(window) }
        var changed = false
        FrameDiff.forEachChangedRun(old: full ? nil : previous, new: frame) { x, y, role, scalars in
            guard !scalars.isEmpty else { return }
            drawBuffer.removeAll(keepingCapacity: true)
            for scalar in scalars { drawBuffer.append(wchar_t(scalar.value)) }
            let style = attributes[role] ?? (attr_t(0), 0)
            wattr_set(window, style.attr, style.pair, nil)
            mvwaddnwstr(window, Int32(y), Int32(x), drawBuffer, Int32(drawBuffer.count))
            changed = true
        }
        previous = frame
        if changed || full {
            wnoutrefresh(window)
            doupdate()
        }
    }

    func bell() { beep() }

    /// Switches to another theme and redraws everything with it.
    func applyTheme(_ theme: (ColorDepth) -> Theme) {
        setUpColors(theme(colorDepth))
        previous = nil
    }

    /// Offers `text` to the system clipboard with OSC 52, which xterm, tmux
    /// (with set-clipboard), kitty, iTerm2, WezTerm and others honour and the
    /// rest ignore. Not sent to the Linux console, which has no clipboard and
    /// may show the sequence. Returns whether it was sent.
    func offerToClipboard(_ text: String) -> Bool {
        let term = ProcessInfo.processInfo.environment["TERM"] ?? ""
        guard !term.hasPrefix("linux"), text.utf8.count < 74_000 else { return false }
        let sequence = Array("\u{1B}]52;c;\(Data(text.utf8).base64EncodedString())\u{07}".utf8)
        var written = 0
        while written < sequence.count {
            let n = sequence[written...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
            if n <= 0 { return false }
            written += n
        }
        return true
    }

    // MARK: - Setup helpers

    private static func useUTF8Locale() {
        setlocale(LC_ALL, "")
        if let codeset = nl_langinfo(nl_item(CODESET)), String(cString: codeset).uppercased().replacingOccurrences(of: "-", with: "") != "UTF8" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }

    private static func detectDepth(noColor: Bool) -> ColorDepth {
        guard !noColor, has_colors() else { return .mono }
        start_color()
        use_default_colors()
        return td_colors() >= 256 ? .palette256 : (td_colors() >= 8 ? .eight : .mono)
    }

    private func setUpColors(_ theme: Theme) {
        var pairs: [String: Int16] = [:]
        for role in StyleRole.allCases {
            let style = theme.style(for: role)
            var attr = td_a_normal()
            if style.bold { attr |= td_a_bold() }
            if style.reverse { attr |= td_a_reverse() }
            if style.dim { attr |= td_a_dim() }
            if style.underline { attr |= td_a_underline() }
            var pair: Int16 = 0
            if colorDepth != .mono {
                let fg = Self.colorNumber(style.foreground, depth: colorDepth)
                let bg = Self.colorNumber(style.background, depth: colorDepth)
                if fg != -1 || bg != -1 {
                    let key = "\(fg)/\(bg)"
                    if let existing = pairs[key] {
                        pair = existing
                    } else if pairs.count + 1 < Int(td_color_pairs()) {
                        pair = Int16(pairs.count + 1)
                        init_pair(pair, fg, bg)
                        pairs[key] = pair
                    }
                }
            }
            attributes[role] = (attr, pair)
        }
    }

    private static func colorNumber(_ color: TerminalColor, depth: ColorDepth) -> Int16 {
        switch color {
        case .default: return -1
        case .ansi(let n): return Int16(n)
        case .palette(let n): return depth == .palette256 ? Int16(n) : -1
        }
    }

    // MARK: - Key decoding

    static func decodeFunctionKey(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_SLEFT: return .shiftLeft
        case KEY_SRIGHT: return .shiftRight
        case KEY_SR: return .shiftUp
        case KEY_SF: return .shiftDown
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_DC: return .delete
        case KEY_BACKSPACE: return .backspace
        case KEY_ENTER: return .enter
        case KEY_BTAB: return .backTab
        case (KEY_F0 + 1)...(KEY_F0 + 24): return .function(Int(code - KEY_F0))
        default: return nil
        }
    }
}
