import Testing

@testable import ExhibitCore
@testable import ExhibitSynthetic

/// The benchmark generator: realistic by default (flags on the app's directories,
/// about 5% of files excluded), the first generator's random flags with `.many`.
@Suite struct SyntheticRunTests {
    struct Flags {
        var excludedFiles = 0
        var ownFlaggedDirectories = 0
        var ownFlaggedFiles = 0
        var unflaggedDownloads = 0
        var downloads = 0
    }

    func flags(_ inventory: Inventory) -> Flags {
        var f = Flags()
        let downloads = inventory.lookup("Library/Application Support/Downloads")
        inventory.preorder { id in
            guard id != Inventory.root else { return }
            if inventory.isExcludedOwn(id) {
                if inventory.isDirectory(id) { f.ownFlaggedDirectories += 1 } else { f.ownFlaggedFiles += 1 }
            }
            guard !inventory.isDirectory(id) else { return }
            if inventory.isExcludedEffective(id) { f.excludedFiles += 1 }
            var cur = inventory.parent(id)
            while let c = cur, c != downloads { cur = inventory.parent(c) }
            if cur != nil {
                f.downloads += 1
                if !inventory.isExcludedEffective(id) { f.unflaggedDownloads += 1 }
            }
        }
        return f
    }

    @Test(arguments: SyntheticRun.Shape.allCases)
    func realisticRunFlagsDirectoriesAndExcludesAboutFivePercent(_ shape: SyntheticRun.Shape) throws {
        let inventory = SyntheticRun(fileCount: 20_000, shape: shape).makeInventory()
        #expect(inventory.totalFiles == 20_000)
        let f = flags(inventory)
        #expect((800...1_400).contains(f.excludedFiles), "excluded files: \(f.excludedFiles)")
        #expect(f.ownFlaggedDirectories > 0)
        #expect(f.ownFlaggedFiles < f.excludedFiles / 10, "most exclusions come from a directory's flag")
        // One download folder in twenty is forgotten: a few unflagged files, not none, not most.
        #expect(
            f.downloads > 0 && f.unflaggedDownloads > 0 && f.unflaggedDownloads < f.downloads / 4,
            "\(f.unflaggedDownloads) of \(f.downloads) download files unflagged")
        let thumbnails = try #require(inventory.lookup("Library/Caches/Thumbnails"))
        var names: [String] = []
        for child in inventory.children(thumbnails).prefix(3) {
            names += inventory.children(child).filter { !inventory.isDirectory($0) }.map { inventory.name($0) }
        }
        #expect(!names.isEmpty && names.allSatisfy { $0.hasSuffix(".jpg") || $0.hasSuffix(".heic") })
    }

    @Test func manyViolationsKeepsTheRandomPerFileFlags() {
        let inventory = SyntheticRun(fileCount: 20_000, violations: .many).makeInventory()
        let f = flags(inventory)
        #expect(f.ownFlaggedFiles > f.ownFlaggedDirectories * 10, "flags sit on files")
        #expect(f.unflaggedDownloads > f.downloads * 3 / 4, "most download files are unflagged")
        #expect(inventory.lookup("Library/Application Support/Models") == nil)
    }

    @Test func sameSeedSameBundleAndModeRecorded() {
        let a = SyntheticRun(fileCount: 2_000, seed: 7).makeFiles(version: "0")
        let b = SyntheticRun(fileCount: 2_000, seed: 7).makeFiles(version: "0")
        #expect(a.map(\.path) == b.map(\.path))
        #expect(zip(a, b).allSatisfy { $0.bytes == $1.bytes })
        let run = SyntheticRun(fileCount: 10, violations: .many).runJSON()
        #expect(run.contains(#""violations": "many""#))
    }
}
