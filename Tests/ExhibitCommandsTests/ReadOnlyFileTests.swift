import ExhibitCore
import ExhibitIO
import Foundation
import Testing

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

    /// The streaming reader reads what readAll reads, in the pieces the caller asks for.
    @Test(arguments: [1, 7, 4096, 1 << 20])
    func theReaderGivesTheFileInPieces(_ piece: Int) throws {
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let path = try temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try ReadOnlyFile.Reader(path: path, regularFilesOnly: true)
        #expect(reader.size == bytes.count)
        var read: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: piece)
        while true {
            let n = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
            if n == 0 { break }
            read += buffer[0..<n]
        }
        #expect(read == bytes)
    }

    /// `stream` makes the checks `read` makes: a missing file is nil, a directory or a
    /// FIFO is refused with the reason, a regular file streams with its size as the hint.
    @Test func aDirectorySourceStreamsRegularFilesOnly() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("container/sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let bytes = Array("[1,2,{},[{\"name\":\"/\"}]]".utf8)
        try Data(bytes).write(to: root.appendingPathComponent("container/inventory.json"))
        #expect(mkfifo(root.appendingPathComponent("container/fifo").path, 0o644) == 0)
        let source = DirectoryEvidenceSource(root: root)

        #expect(try source.stream("container/missing.json") == nil)
        #expect(throws: EvidenceSourceError(file: "container/sub", reason: "is a directory, expected a file")) {
            _ = try source.stream("container/sub")
        }
        #expect(throws: EvidenceSourceError(file: "container/fifo", reason: "not a regular file (a FIFO); refusing to read it")) {
            _ = try source.stream("container/fifo")
        }
        let stream = try #require(try source.stream("container/inventory.json"))
        #expect(stream.sizeHint == bytes.count)
        var w: [Diagnostic] = []
        let inventory = try NcduInventoryReader.read(stream: stream, file: "container/inventory.json", chunkSize: 3, warnings: &w)
        #expect(inventory.count == 1 && w.isEmpty)
    }

    @Test func missingFileThrowsTheErrnoText() {
        #expect(throws: ReadOnlyFile.Failure.self) {
            try ReadOnlyFile.readAll(path: "/nonexistent/exhibit-\(UUID().uuidString)")
        }
    }
}
