import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Builds hostile run bundles in a fresh temporary archive: a copy of a sample run, then
/// one artifact replaced by a directory, a FIFO, a link, a sparse file, a file with no
/// permissions. Each test makes its own; nothing hostile is committed.
struct HostileBundle {
    /// The archive directory (parent of the run).
    let archive: String
    /// The run directory.
    let run: String

    /// A copy of `sample` (a run of SampleArchives) as `ARCHIVE/<name>`.
    init(copying sample: String = "run-2026-11-02-baseline", name: String? = nil) throws {
        archive = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-hostile-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: archive, withIntermediateDirectories: true)
        run = archive + "/" + (name ?? sample)
        try FileManager.default.copyItem(atPath: SampleArchiveCommandTests.samples + "/" + sample, toPath: run)
    }

    func path(_ relative: String) -> String { run + "/" + relative }

    func remove(_ relative: String) { try? FileManager.default.removeItem(atPath: path(relative)) }

    func write(_ relative: String, _ text: String) throws {
        remove(relative)
        try FileManager.default.createDirectory(atPath: AtomicParent.of(path(relative)), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path(relative)))
    }

    /// Replaces `relative` with a directory.
    func makeDirectory(_ relative: String) throws {
        remove(relative)
        try FileManager.default.createDirectory(atPath: path(relative), withIntermediateDirectories: true)
    }

    /// Replaces `relative` with a FIFO nobody writes to.
    func makeFIFO(_ relative: String) throws {
        remove(relative)
        try #require(mkfifo(path(relative), 0o644) == 0, "mkfifo: \(String(cString: strerror(errno)))")
    }

    /// Replaces `relative` with a symbolic link to `target` (absolute, or relative to the link).
    func makeLink(_ relative: String, to target: String) throws {
        remove(relative)
        try #require(symlink(target, path(relative)) == 0, "symlink: \(String(cString: strerror(errno)))")
    }

    /// Replaces `relative` with a sparse file of `size` bytes (a hole: no disk used).
    func makeSparse(_ relative: String, size: Int, prefix: String = "") throws {
        remove(relative)
        try Data(prefix.utf8).write(to: URL(fileURLWithPath: path(relative)))
        try #require(truncate(path(relative), off_t(size)) == 0, "truncate: \(String(cString: strerror(errno)))")
    }

    func chmod(_ relative: String, _ mode: mode_t) {
        _ = setMode(path(relative), mode)
    }

    /// Tests run as root here and in CI, where mode 000 still reads.
    static var isRoot: Bool { geteuid() == 0 }

    func cleanUp() {
        Self.restoreDirectoryModes(archive)
        try? FileManager.default.removeItem(atPath: archive)
    }

    /// Directories left without permissions would stop the removal. By lstat, never
    /// descending into a link: chmod follows links, and tests plant links to host files.
    private static func restoreDirectoryModes(_ directory: String) {
        _ = setMode(directory, 0o755)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
            var st = stat()
            let child = directory + "/" + name
            if lstat(child, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR { restoreDirectoryModes(child) }
        }
    }
}

enum AtomicParent {
    static func of(_ path: String) -> String { (path as NSString).deletingLastPathComponent }
}

@inline(__always)
private func setMode(_ path: String, _ mode: mode_t) -> Int32 { chmod(path, mode) }
