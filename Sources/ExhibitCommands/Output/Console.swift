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

    func print(_ text: String) { write(text.hasSuffix("\n") ? text : text + "\n", to: out) }
    func write(_ text: String) { write(text, to: out) }
    func error(_ text: String) { write(text.hasSuffix("\n") ? text : text + "\n", to: err) }

    private func write(_ text: String, to fd: Int32) {
        if captured != nil {
            if fd == out { captured!.out += text } else { captured!.err += text }
            return
        }
        if fd == out && outputClosed { return }
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc_write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE && fd == out { outputClosed = true }
                return
            }
            offset += n
        }
        bytes.removeAll()
    }
}

@inline(__always)
private func Glibc_write(_ fd: Int32, _ buf: UnsafeMutableRawPointer, _ count: Int) -> Int {
    write(fd, buf, count)
}
