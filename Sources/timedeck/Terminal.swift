import CNcurses
import Dashboard
import DeckShell
import Foundation
import TimeKit

/// The only code that talks to curses and terminfo: setup and teardown,
/// key decoding, the terminal's control strings, and copying a `Frame` to
/// the screen (changed cells only).
///
/// Curses sets the terminal up, reads keys and restores it; frames do not
/// go through it. `ScreenEncoder` turns each frame's changed cells into
/// bytes with the control strings read from terminfo here, and `draw`
/// writes them in one `write` (curses' `doupdate` cost more instructions
/// than the diff and wrote a frame in up to ten pieces: docs/PERFORMANCE.md).
/// Curses' own window stays blank and untouched, so it never paints over a
/// frame; whenever the screen may show something else (a resize, a stop
/// and continue, a new theme) the next frame is sent whole.
final class Terminal: TerminalDevice {
    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    private let stderrCapture: StderrCapture
    private var encoder: ScreenEncoder
    /// Reused by `draw` for one frame's bytes.
    private var output: [UInt8] = []
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
        let term = ProcessEnvironment.values["TERM"] ?? ""
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
        let depth = Self.detectDepth(noColor: noColor)
        colorDepth = depth
        encoder = ScreenEncoder(codes: Self.codes(for: theme(depth), depth: depth))
        // Curses' first refresh (a clear) now, while its window is blank:
        // it never refreshes again, so it never paints over a frame.
        wnoutrefresh(window)
        doupdate()
    }

    deinit { close() }

    /// Restores the terminal and replays captured stderr. Safe to call twice.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        // Plain style and the cursor on the bottom row, where curses leaves
        // it too, before curses restores the terminal.
        output.removeAll(keepingCapacity: true)
        output += encoder.codes.reset
        output += Self.cursorBytes(row: max(0, size.rows - 1), column: 0)
        writeAll(output)
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
                    encoder.forgetScreen()
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
    /// the last frame drawn, in one write.
    func draw(_ frame: Frame) {
        output.removeAll(keepingCapacity: true)
        encoder.encode(frame, into: &output)
        if !output.isEmpty { writeAll(output) }
    }

    func repaintAll() { encoder.forgetScreen() }

    func bell() { beep() }

    /// Switches to another theme and redraws everything with it.
    func applyTheme(_ theme: (ColorDepth) -> Theme) {
        encoder.setCodes(Self.codes(for: theme(colorDepth), depth: colorDepth))
    }

    /// Writes all of `bytes` to the terminal, waiting out a full buffer
    /// (a terminal that stops reading: the loop waits, as curses did).
    private func writeAll(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(1, buffer.baseAddress! + offset, buffer.count - offset)
                if n > 0 {
                    offset += n
                } else if n < 0, errno == EINTR {
                    continue
                } else if n < 0, errno == EAGAIN {
                    var fds = [pollfd(fd: 1, events: Int16(POLLOUT), revents: 0)]
                    _ = poll(&fds, 1, 100)
                } else {
                    return  // the terminal is gone; the loop sees input close
                }
            }
        }
    }

    /// Offers `text` to the system clipboard with OSC 52, which xterm, tmux
    /// (with set-clipboard), kitty, iTerm2, WezTerm and others honour and the
    /// rest ignore. Not sent to the Linux console, which has no clipboard and
    /// may show the sequence. Returns whether it was sent.
    func offerToClipboard(_ text: String) -> Bool {
        let term = ProcessEnvironment.values["TERM"] ?? ""
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

    /// The control strings for `theme` at `depth`, from terminfo.
    private static func codes(for theme: Theme, depth: ColorDepth) -> TerminalCodes {
        let reset = capability("sgr0") + (depth == .mono ? [] : capability("op"))
        var styles: [StyleRole: [UInt8]] = [:]
        let colours = Int(td_colors())
        for role in StyleRole.allCases {
            let style = theme.style(for: role)
            var bytes = reset
            if style.bold { bytes += capability("bold") }
            if style.dim { bytes += capability("dim") }
            if style.underline { bytes += capability("smul") }
            if style.reverse { bytes += capability("rev") }
            if depth != .mono {
                let fg = colorNumber(style.foreground, depth: depth)
                let bg = colorNumber(style.background, depth: depth)
                if fg >= 0, Int(fg) < colours { bytes += capability("setaf", fg) }
                if bg >= 0, Int(bg) < colours { bytes += capability("setab", bg) }
            }
            styles[role] = bytes
        }
        let cup = capability("cup")
        let address: TerminalCodes.CursorAddress = cup == Array("\u{1B}[%i%p1%d;%p2%dH".utf8)
            ? .ansi : .other { row, column in cursorBytes(row: row, column: column) }
        let clear = capability("clear")
        return TerminalCodes(
            cursorAddress: address,
            clearScreen: clear.isEmpty ? cursorBytes(row: 0, column: 0) : clear,
            reset: reset,
            styles: styles,
            avoidsBottomRightCell: td_tigetflag("am") != 0 && td_tigetflag("xenl") == 0)
    }

    /// A terminfo string (without padding), empty when the terminal has none.
    private static func capability(_ name: String) -> [UInt8] {
        guard let value = td_tigetstr(name) else { return [] }
        return TerminalCodes.withoutPadding(bytes(value))
    }

    /// A terminfo string with one number filled in.
    private static func capability(_ name: String, _ number: Int16) -> [UInt8] {
        guard let template = td_tigetstr(name), let value = td_tiparm1(template, Int32(number)) else { return [] }
        return TerminalCodes.withoutPadding(bytes(value))
    }

    /// `cup` for a zero-based row and column.
    private static func cursorBytes(row: Int, column: Int) -> [UInt8] {
        guard let template = td_tigetstr("cup"), let value = td_tiparm2(template, Int32(row), Int32(column)) else { return [] }
        return TerminalCodes.withoutPadding(bytes(value))
    }

    /// The bytes of a C string, as they are (no text decoding).
    private static func bytes(_ string: UnsafePointer<CChar>) -> [UInt8] {
        Array(UnsafeRawBufferPointer(start: string, count: strlen(string)).bindMemory(to: UInt8.self))
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
