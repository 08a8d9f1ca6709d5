import Foundation
import Testing

@testable import ExhibitCore
@testable import ExhibitSynthetic

@Suite struct BLAKE2bTests {
    static let b2sum = ["/usr/bin/b2sum", "/bin/b2sum", "/opt/homebrew/bin/b2sum", "/usr/local/bin/b2sum"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    func hex(_ bytes: [UInt8]) -> String { bytes.map { hexByte($0).lowercased() }.joined() }

    /// RFC 7693 Appendix A: BLAKE2b-512("abc").
    @Test func rfc7693AppendixA() {
        #expect(
            hex(BLAKE2b.hash(Array("abc".utf8)))
                == "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923")
    }

    /// Feeding the input in pieces gives the digest of the whole (block boundaries).
    @Test func incrementalUpdatesEqualOneShot() {
        var rng = SplitMix64(seed: 7)
        let input = (0..<1000).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        for cut in [0, 1, 127, 128, 129, 256, 999, 1000] {
            var hasher = BLAKE2b()
            hasher.update(input[..<cut])
            hasher.update(input[cut...])
            #expect(hasher.finalize() == BLAKE2b.hash(input), "cut at \(cut)")
        }
    }

    /// coreutils `b2sum` (BLAKE2b-512) on random inputs around the 128-byte block.
    @Test(.enabled(if: b2sum != nil, "skipped: b2sum (coreutils) is not installed"))
    func matchesCoreutilsB2sumOnRandomInputs() throws {
        var rng = SplitMix64(seed: UInt64(Date().timeIntervalSince1970))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-b2-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var files: [(URL, [UInt8])] = []
        for (index, size) in [0, 1, 64, 127, 128, 129, 255, 256, 257, 1000, 65_537, Int(rng.next() % 5000)].enumerated() {
            let bytes = (0..<size).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            let url = dir.appendingPathComponent("input-\(index)")
            try Data(bytes).write(to: url)
            files.append((url, bytes))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.b2sum!)
        process.arguments = files.map(\.0.path)
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let lines = output.split(separator: "\n")
        #expect(lines.count == files.count)
        for (line, (url, bytes)) in zip(lines, files) {
            let expected = line.split(separator: " ").first.map(String.init)
            #expect(expected == hex(BLAKE2b.hash(bytes)), "\(url.lastPathComponent), \(bytes.count) bytes")
        }
    }
}
