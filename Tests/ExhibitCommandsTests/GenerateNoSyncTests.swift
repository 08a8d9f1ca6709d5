import Foundation
import Testing

@testable import ExhibitCommands

/// `generate --no-sync` (benchmark fixtures: no fsync, no sweep of stale temporaries)
/// writes exactly the files a durable `generate` writes, under their final names, and
/// leaves no temporary behind.
@Suite struct GenerateNoSyncTests {
    func tree(_ root: String) throws -> [String: Data] {
        let fm = FileManager.default
        var out: [String: Data] = [:]
        guard let walker = fm.enumerator(atPath: root) else { return out }
        for case let path as String in walker {
            var isDirectory: ObjCBool = false
            if fm.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                out[path] = try Data(contentsOf: URL(fileURLWithPath: root + "/" + path))
            }
        }
        return out
    }

    @Test func writesTheSameFilesAsADurableGenerate() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-generate-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        let arguments = ["--files", "40", "--xcresult-tests", "30", "--xcresult-mb", "1"]
        let durable = CollectRunner.exhibit(["generate", base + "/durable"] + arguments)
        let fast = CollectRunner.exhibit(["generate", base + "/fast"] + arguments + ["--no-sync"])
        #expect(durable.status == 0, "\(durable.err)")
        #expect(fast.status == 0, "\(fast.err)")
        let durableTree = try tree(base + "/durable")
        let fastTree = try tree(base + "/fast")
        #expect(fastTree.keys.contains { $0.hasPrefix("results/Run.xcresult/Data/data.") })
        #expect(fastTree.count == durableTree.count)
        #expect(fastTree == durableTree)
        #expect(!fastTree.keys.contains { $0.contains(".exhibit-tmp-") })
    }
}
