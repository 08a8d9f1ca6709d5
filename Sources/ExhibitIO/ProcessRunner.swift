#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Darwin's `posix_spawn_file_actions_t` is an opaque pointer (imported as a
// non-optional `UnsafeMutableRawPointer`, and the calls take a pointer to an
// optional one); Glibc's is a struct.
#if canImport(Darwin)
    private typealias FileActions = posix_spawn_file_actions_t?
#else
    private typealias FileActions = posix_spawn_file_actions_t
#endif

/// Runs one program the way `exhibit collect` needs it: an argv (no shell, so no
/// quoting of container paths or bundle ids), the program found on `PATH` from the
/// given environment, stdin from /dev/null, stdout and stderr captured whole.
///
/// Every `xcrun`, `git`, `xcodebuild` and `xattr` call goes through here, so tests put
/// a fake `xcrun` first on `PATH` and the collector cannot tell the difference.
/// Output goes to unlinked temporary files rather than pipes: reading two pipes from
/// one thread deadlocks when the child fills the one not being read.
public struct ProcessRunner: Sendable {
    public struct Output: Sendable {
        public var status: Int32
        public var stdout: [UInt8]
        public var stderr: [UInt8]

        public var succeeded: Bool { status == 0 }
        public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        public var stderrText: String { String(decoding: stderr, as: UTF8.self) }
    }

    public struct Failure: Error, CustomStringConvertible, Equatable {
        public var description: String
    }

    /// The environment children get; `PATH` in it is where programs are looked up.
    public var environment: [String: String]

    public init(environment: [String: String]) {
        self.environment = environment
    }

    /// The executable `name` resolves to: itself when it holds a `/`, else the first
    /// executable regular file called `name` in a `PATH` directory; nil when none.
    public func resolve(_ name: String) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (directory.isEmpty ? "." : String(directory)) + "/" + name
            var info = stat()
            if stat(candidate, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }

    /// Runs `arguments[0]` with the rest as its arguments and waits for it.
    /// Throws only when the program cannot be started (not found, spawn failed);
    /// a non-zero exit is a normal `Output`.
    public func run(_ arguments: [String]) throws(Failure) -> Output {
        guard let program = arguments.first else { throw Failure(description: "no program to run") }
        guard let executable = resolve(program) else {
            throw Failure(description: "\(program): not found on PATH")
        }
        let outFD = try Self.anonymousFile()
        defer { close(outFD) }
        let errFD = try Self.anonymousFile()
        defer { close(errFD) }

        var actions = Self.makeFileActions()
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outFD, 1)
        posix_spawn_file_actions_adddup2(&actions, errFD, 2)

        let argv = arguments.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        let envp = environment.sorted(by: { $0.key < $1.key }).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in envp { free(p) } }

        var pid = pid_t()
        var spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        // ETXTBSY: the program was just written and some process forked meanwhile still
        // holds it open for writing (a script a test or a CI step made a moment ago). The
        // writer's descriptor goes with that child's exec, so a short wait is enough.
        var busyRetries = 0
        while spawned == ETXTBSY && busyRetries < 50 {
            busyRetries += 1
            usleep(10_000)
            spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        }
        guard spawned == 0 else {
            throw Failure(description: "\(program): cannot start: \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure(description: "\(program): wait failed: \(String(cString: strerror(errno)))") }
        }
        return Output(status: Self.exitStatus(status), stdout: Self.readAll(outFD), stderr: Self.readAll(errFD))
    }

    /// The exit code, or 128 + signal number for a child killed by a signal (as shells report it).
    private static func exitStatus(_ raw: Int32) -> Int32 {
        let signal = raw & 0x7F
        return signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
    }

    private static func makeFileActions() -> FileActions {
        #if canImport(Darwin)
            var actions: FileActions = nil
        #else
            var actions = FileActions()
        #endif
        posix_spawn_file_actions_init(&actions)
        return actions
    }

    /// A temporary file already unlinked, so nothing is left behind whatever happens.
    private static func anonymousFile() throws(Failure) -> Int32 {
        let directory = "/tmp"
        var template = Array("\(directory)/.exhibit-run-XXXXXX".utf8CString)
        // Close-on-exec: a program started from another thread meanwhile must not inherit
        // it (only the dup2 in the child's file actions hands it on, to this child alone).
        // (mkostemp is not in Swift's Glibc module; the window before fcntl is the only gap.)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw Failure(description: "cannot create a temporary file: \(String(cString: strerror(errno)))") }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return fd
    }

    private static func readAll(_ fd: Int32) -> [UInt8] {
        var out: [UInt8] = []
        guard lseek(fd, 0, SEEK_SET) == 0 else { return out }
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            out.append(contentsOf: buffer[0..<n])
        }
        return out
    }
}
