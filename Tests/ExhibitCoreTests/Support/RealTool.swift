import Foundation
import Testing

/// Runs the real tools that write evidence (ncdu, gdu, find, tmux) where they are
/// installed, so tests compare with what the tool itself prints instead of an imitation.
/// Tests that need one are enabled only when it is there:
///
///     @Test(.enabled(if: RealTool.installed("ncdu"), RealTool.absent("ncdu")))
enum RealTool {
    static let searchPath = ["/usr/bin", "/bin", "/usr/local/bin", "/opt/homebrew/bin"]

    static func path(_ name: String) -> String? {
        searchPath.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func installed(_ names: String...) -> Bool { names.allSatisfy { path($0) != nil } }

    static func absent(_ names: String...) -> Comment {
        Comment(rawValue: "skipped: needs \(names.joined(separator: ", ")) installed (.ci/run installs them)")
    }

    struct Output {
        var status: Int32
        var stdout: [UInt8]
        var stderr: String
        var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// Runs `name` with `arguments`; stdout is read to the end before waiting (a large
    /// listing must not fill the pipe), stderr goes through a temporary file.
    /// `detached`: the command starts a server that outlives it (tmux). Foundation's
    /// `Process` notices a child's exit through a descriptor the child inherits, which
    /// the server would keep open forever; such a command is spawned directly with only
    /// /dev/null as its standard descriptors, and waited for with `waitpid`.
    static func run(_ name: String, _ arguments: [String], detached: Bool = false) throws -> Output {
        if detached { return Output(status: try spawnDetached(try #require(path(name)), arguments), stdout: [], stderr: "") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(path(name), "\(name) is not installed"))
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-tool-\(getpid())-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errURL) }
        process.standardError = try FileHandle(forWritingTo: errURL)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let err = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        return Output(status: process.terminationStatus, stdout: [UInt8](data), stderr: err)
    }

    private static func spawnDetached(_ executable: String, _ arguments: [String]) throws -> Int32 {
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
            var attributes: posix_spawnattr_t? = nil
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in 0...2 { posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The test runner blocks signals; a server started with that mask never reaps
        // its panes and ignores kill-server.
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        // The server inherits nothing of ours but /dev/null: a descriptor of a `Process`
        // another test runs meanwhile is open in this process only between its socket
        // pair and its spawn.
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }

    /// A fresh temporary directory, removed by the caller.
    static func temporaryDirectory(_ label: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-\(label)-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// What ncdu's browser prints at the bottom once it has loaded `export`
    /// (`Total disk usage: 645.8 MiB  Apparent size: 535.1 MiB  Items: 50165`): ncdu
    /// has no non-interactive way to print it, so it runs in a detached tmux session
    /// on a socket of its own beside the export (the caller removes that directory),
    /// and that server is ended when the line is read.
    static func ncduFooter(of export: URL) throws -> String? {
        let socket = export.deletingLastPathComponent().appendingPathComponent("tmux.sock").path
        _ = try run(
            "tmux",
            [
                "-S", socket, "-f", "/dev/null", "new-session", "-d", "-x", "160", "-y", "30",
                "ncdu -f '\(export.path)'",
            ], detached: true)
        defer { _ = try? run("tmux", ["-S", socket, "kill-server"], detached: true) }
        for _ in 0..<100 {
            let screen = try run("tmux", ["-S", socket, "capture-pane", "-p"]).text
            if let line = screen.split(separator: "\n").first(where: { $0.contains("Total disk usage:") }) { return String(line) }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return nil
    }

    /// A size as ncdu 1.x's `formatsize` prints it: `%5.1f` of a `float` in B, KiB,
    /// MiB, GiB, … with the thresholds 1000, 1023e3, 1023e6 (util.c), trimmed.
    static func ncduSize(_ bytes: UInt64) -> String {
        var r = Float(bytes)
        var unit = "B"
        let steps: [(Float, Float, String)] = [
            (1023e3, 1024, "KiB"), (1023e6, 1_048_576, "MiB"), (1023e9, 1_073_741_824, "GiB"),
            (1023e12, 1_099_511_627_776, "TiB"),
        ]
        if r >= 1000 {
            for (limit, divisor, name) in steps {
                unit = name
                if r < limit {
                    r /= divisor
                    break
                }
            }
        }
        return String(format: "%.1f", Double(r)) + " " + unit
    }
}
