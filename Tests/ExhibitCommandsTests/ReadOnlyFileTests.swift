import Foundation
import Testing
import ExhibitIO

/// `ReadOnlyFile.readAll` reads `st_size` bytes into one buffer and probes for more;
/// these cover the sizes around the probe and files whose `st_size` says nothing.
@Suite struct ReadOnlyFileTests {
    func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-read-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(arguments: [0, 1, 4095, 4096, 4097, 100_000])
    func readsARegularFileExactly(_ count: Int) throws {
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let path = try temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let read = try ReadOnlyFile.readAll(path: path)
        #expect(read == bytes)
    }

    /// /proc is Linux's; macOS has none (the pipe test below covers a file whose size
    /// `fstat` cannot tell there).
    static let hasProcFileSystem: Bool = {
        #if os(Linux)
        return true
        #else
        return false
        #endif
    }()

    @Test(.enabled(if: ReadOnlyFileTests.hasProcFileSystem, "/proc exists on Linux only"))
    func readsAFileWhoseSizeIsZeroInStat() throws {
        // /proc files report st_size 0 and still have contents: the probe finds them.
        let path = "/proc/self/status"
        try #require(FileManager.default.fileExists(atPath: path))
        let read = try ReadOnlyFile.readAll(path: path)
        #expect(String(decoding: read, as: UTF8.self).contains("VmHWM"))
    }

    @Test func readsAPipeLongerThanTheProbe() throws {
        let pipe = Pipe()
        let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0) }
        let writer = Thread {
            pipe.fileHandleForWriting.write(Data(bytes))
            try? pipe.fileHandleForWriting.close()
        }
        writer.start()
        let read = try ReadOnlyFile.readAll(path: "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)")
        #expect(read == bytes)
    }

    @Test func missingFileThrowsTheErrnoText() {
        #expect(throws: ReadOnlyFile.Failure.self) {
            try ReadOnlyFile.readAll(path: "/nonexistent/exhibit-\(UUID().uuidString)")
        }
    }
}
