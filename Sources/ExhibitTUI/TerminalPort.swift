import CCurses
import ExhibitCore
import ExhibitTriageUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the event loop needs of a terminal: its size, painting grids, and the next
/// input or the inbox waking, whichever comes first. The curses terminal below; a
/// scripted one in the tests.
protocol TerminalPort {
    var rows: Int { get }
    var cols: Int { get }
    mutating func paint(_ grid: Grid)
    /// Forgets the last frame (Ctrl-L, resize); `clearTerminal` also clears the screen.
    mutating func invalidate(clearTerminal: Bool)
    /// The next input; `.woken` when `wakeDescriptor` turns readable first; `.none`
    /// after `timeoutMilliseconds` of neither (the loop looks at signals then).
    mutating func next(wakingOn wakeDescriptor: Int32, timeoutMilliseconds: Int32) -> TerminalInput
}

/// The real terminal through CCurses.
struct CursesTerminal: TerminalPort {
    private var painter: ScreenPainter

    init(foldToASCII: Bool) {
        painter = ScreenPainter(foldToASCII: foldToASCII)
    }

    var rows: Int { Terminal.rows }
    var cols: Int { Terminal.cols }

    mutating func paint(_ grid: Grid) { painter.paint(grid) }

    mutating func invalidate(clearTerminal: Bool) { painter.invalidate(clearTerminal: clearTerminal) }

    /// A key ncurses already holds comes first: `poll` cannot see it (tmux's
    /// `send-keys Escape q` arrives in one write; ncurses keeps the q after the Esc).
    /// Then stdin and the inbox are polled together. A signal (and a resize, whose
    /// SIGWINCH ncurses turns into KEY_RESIZE on the next read) interrupts the poll.
    mutating func next(wakingOn wakeDescriptor: Int32, timeoutMilliseconds: Int32) -> TerminalInput {
        let held = KeyDecoder.next(timeoutMilliseconds: 0)
        if held != .none { return held }
        var fds = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&fds, 2, timeoutMilliseconds)
        if let signal = Terminal.pendingSignal { return .signalled(signal) }
        if ready > 0 && fds[1].revents != 0 { return .woken }
        // Input is there (or the TTY hung up: the read fails at once, and the shim
        // counts quick failures to tell a lost terminal).
        if ready > 0 { return KeyDecoder.next(timeoutMilliseconds: 100) }
        return KeyDecoder.next(timeoutMilliseconds: 0)
    }
}
