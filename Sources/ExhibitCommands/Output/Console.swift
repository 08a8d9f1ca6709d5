#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where commands print. Writes go straight to the file descriptors (Swift 6 rejects
/// the C `stderr` global). A closed pipe (`exhibit check RUN | head`) is not an
/// error: further output is dropped quietly and the command still returns its real
/// exit status, so a CI gate piped into `head` keeps its verdict.
final class Console: @unchecked Sendable {
    private let out: Int32
    private let err: Int32
    private var outputClosed = false
    /// Captured output for tests (nil when writing to descriptors).
    private(set) var captured: (out: String, err: String)?

    init(out: Int32 = 1, err: Int32 = 2) {
        self.out = out
        self.err = err
        // SIGPIPE would kill the process mid-write; EPIPE is handled below instead.
        signal(SIGPIPE, SIG_IGN)
    }

    /// A console that records instead of writing, for tests.
    static func capturing() -> Console {
        let c = Console(out: -1, err: -2)
        c.captured = ("", "")
        return c
    }

    var stdoutIsTerminal: Bool { out >= 0 && isatty(out) == 1 }
    var stdinIsTerminal: Bool { isatty(0) == 1 }
    var stderrIsTerminal: Bool { err >= 0 && isatty(err) == 1 }
    /// The width of the terminal on standard error; nil when it is none or will not say.
    var stderrColumns: Int? {
        guard stderrIsTerminal else { return nil }
        var size = winsize()
        guard ioctl(err, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    func print(_ text: String) { write(text.hasSuffix("\n") ? text : text + "\n", to: out) }
    func write(_ text: String) { write(text, to: out) }
    func error(_ text: String) { write(text.hasSuffix("\n") ? text : text + "\n", to: err) }
    /// To standard error as is, no newline added (the progress line's redraws).
    func writeError(_ text: String) { write(text, to: err) }

    /// Writes output made in pieces (the check report's 64 KiB chunks) as it is made,
    /// instead of joining it into one String first: a million-file report stays out
    /// of memory.
    func writeStreamed(_ produce: ((UnsafeBufferPointer<UInt8>) -> Void) -> Void) {
        if captured != nil {
            var all: [UInt8] = []
            produce { all.append(contentsOf: $0) }
            captured!.out += String(decoding: all, as: UTF8.self)
            return
        }
        produce { writeRaw(UnsafeRawBufferPointer($0), to: out) }
    }

    private func write(_ text: String, to fd: Int32) {
        if captured != nil {
            if fd == out { captured!.out += text } else { captured!.err += text }
            return
        }
        var text = text
        text.withUTF8 { writeRaw(UnsafeRawBufferPointer($0), to: fd) }
    }

    private func writeRaw(_ bytes: UnsafeRawBufferPointer, to fd: Int32) {
        if fd == out && outputClosed { return }
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let n = Glibc_write(fd, base + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE && fd == out { outputClosed = true }
                return
            }
            offset += n
        }
    }
}

@inline(__always)
private func Glibc_write(_ fd: Int32, _ buf: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buf, count)
}
