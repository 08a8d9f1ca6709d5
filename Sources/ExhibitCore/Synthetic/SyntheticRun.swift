/// Generates a synthetic run bundle of N files for benchmarks and smoke tests:
/// realistic container areas, names with spaces and UTF-8, about 5% of items excluded
/// from backup, creating steps, and a failing results summary. Pure: returns the
/// files to write, the command layer writes them.
public struct SyntheticRun {
    public enum Shape: String, Sendable, CaseIterable {
        /// Many siblings: about 100 files per directory, two or three levels.
        case wide
        /// Long chains: directories nested up to 24 levels.
        case deep
    }

    public enum InventoryForm: String, Sendable, CaseIterable {
        /// `container/inventory.json` (ncdu JSON with exhibit's keys).
        case json
        /// `container/files.txt` + `sizes.txt` + `excluded.txt` + `steps.tsv`.
        case list
    }

    public var fileCount: Int
    public var shape: Shape
    public var form: InventoryForm
    public var seed: UInt64

    public init(fileCount: Int, shape: Shape = .wide, form: InventoryForm = .json, seed: UInt64 = 1) {
        self.fileCount = fileCount
        self.shape = shape
        self.form = form
        self.seed = seed
    }

    static let steps = [
        "first install: seed vault", "sync: download offline catalog", "sync: thumbnails",
        "upgrade: migrate v3 to v4", "retry: resume failed download", "export: share sheet",
    ]
    static let words = [
        "Offline Pack", "Résumé", "photo", "Café Menu", "日本語ガイド", "notes", "Größe", "catalog",
        "tile", "Ünïcødé", "report 2026", "map-區域", "voice memo", "track", "index", "Ελληνικά",
    ]
    static let extensions = ["jpg", "json", "bin", "sqlite", "pdf", "m4a", "pack", "plist", "txt", "heic"]

    /// The areas files are spread over, with their share of files, whether the area's
    /// files carry the exclusion flag at some rate, and their creating step.
    struct Area {
        var path: [String]
        var share: Int
        var excludedRate: Int  // per 100
        var step: Int
    }

    static let areas: [Area] = [
        Area(path: ["Documents"], share: 15, excludedRate: 0, step: 0),
        Area(path: ["Library", "Application Support", "Downloads"], share: 30, excludedRate: 12, step: 1),
        Area(path: ["Library", "Caches", "Thumbnails"], share: 35, excludedRate: 0, step: 2),
        Area(path: ["Library", "Application Support", "VaultIndex"], share: 15, excludedRate: 5, step: 3),
        Area(path: ["tmp"], share: 5, excludedRate: 0, step: 4),
    ]

    /// Builds the inventory of the synthetic container.
    public func makeInventory() -> Inventory {
        var rng = SplitMix64(seed: seed)
        var builder = InventoryBuilder(reservingCapacity: fileCount + fileCount / 50)
        var made = 0
        for (areaIndex, area) in Self.areas.enumerated() {
            let quota = areaIndex == Self.areas.count - 1 ? fileCount - made : fileCount * area.share / 100
            let base = area.path.map { Array($0.utf8)[...] }
            var directory = builder.directory(at: base)
            var inDirectory = 0
            var chain = 0
            for i in 0..<max(quota, 0) {
                if inDirectory == 0 || inDirectory >= 100 {
                    inDirectory = 0
                    let dirName = Self.words[Int(rng.next() % UInt64(Self.words.count))] + " \(i / 100)"
                    switch shape {
                    case .wide:
                        directory = builder.addDirectory(name: Array(dirName.utf8), parent: builder.directory(at: base))
                    case .deep:
                        chain = chain >= 24 ? 0 : chain + 1
                        let parent = chain == 0 ? builder.directory(at: base) : directory
                        directory = builder.addDirectory(name: Array(dirName.utf8), parent: parent)
                    }
                    if area.excludedRate > 0 && rng.next() % 100 < UInt64(area.excludedRate) / 2 {
                        builder.setExcluded(directory)
                    }
                }
                let word = Self.words[Int(rng.next() % UInt64(Self.words.count))]
                let ext = Self.extensions[Int(rng.next() % UInt64(Self.extensions.count))]
                let name = "\(word) \(i).\(ext)"
                // Sizes: mostly small, a long tail of large packs.
                let size = (rng.next() % 100 < 3) ? 1_000_000 + rng.next() % 50_000_000 : 512 + rng.next() % 200_000
                let excluded = area.excludedRate > 0 && rng.next() % 100 < UInt64(area.excludedRate) / 2
                builder.addFile(name: Array(name.utf8), parent: directory, size: size, diskSize: (size + 4095) / 4096 * 4096,
                                excluded: excluded, step: Self.steps[area.step])
                inDirectory += 1
            }
            made += max(quota, 0)
        }
        return builder.build()
    }

    /// All files of the bundle, bundle-relative path to contents.
    public func makeFiles(progname: String = "exhibit", version: String) -> [(path: String, bytes: [UInt8])] {
        let inventory = makeInventory()
        var files: [(String, [UInt8])] = []
        switch form {
        case .json:
            files.append((EvidenceLayout.inventoryJSON, NcduWriter.write(inventory, rootName: "/synthetic/container", progname: progname, version: version, timestamp: 1_767_225_700)))
        case .list:
            var list: [UInt8] = []
            var sizes: [UInt8] = []
            var excluded: [UInt8] = []
            var steps: [UInt8] = []
            inventory.preorder { id in
                guard id != Inventory.root else { return }
                let path = inventory.pathBytes(id)
                if inventory.isExcludedOwn(id) {
                    excluded += Array("./".utf8) + path + [0x0A]
                }
                guard !inventory.isDirectory(id) else { return }
                list += Array("./".utf8) + path + [0x0A]
                sizes += Array("\(inventory.size(id))\t".utf8) + path + [0x0A]
                if let step = inventory.step(id) { steps += Array(step.utf8) + [0x09] + path + [0x0A] }
            }
            files.append((EvidenceLayout.filesList, list))
            files.append((EvidenceLayout.sizesList, sizes))
            files.append((EvidenceLayout.excludedList, excluded))
            files.append((EvidenceLayout.steps, steps))
        }
        var du = ""
        for top in inventory.children(Inventory.root) where inventory.isDirectory(top) {
            du += "\(DirectoryTotalsComparison.computedBytes(top, in: inventory) / 1024)\t\(inventory.name(top))\n"
        }
        files.append((EvidenceLayout.duTotals, Array(du.utf8)))
        files.append((EvidenceLayout.summaryJSON, Array(summaryJSON().utf8)))
        files.append((EvidenceLayout.runMetadata, Array(runJSON().utf8)))
        return files
    }

    func summaryJSON() -> String {
        // The shape `xcresulttool get test-results summary --compact` prints (one line).
        #"{"devicesAndConfigurations":[{"device":{"architecture":"arm64","deviceId":"5C1A7E0B-3D7F-4E52-9B0D-2F6C1D8A9E41","deviceName":"iPhone 16","modelName":"iPhone 16","osBuildNumber":"22F77","osVersion":"18.5","platform":"iOS Simulator"},"expectedFailures":0,"failedTests":2,"passedTests":40,"skippedTests":0,"testPlanConfiguration":{"configurationId":"1","configurationName":"Test Scheme Action"}}],"environmentDescription":"Vault · Built with macOS 15.5","expectedFailures":0,"failedTests":2,"finishTime":1767225661.9,"passedTests":40,"result":"Failed","skippedTests":0,"startTime":1767225600.125,"statistics":[],"testFailures":[{"failureText":"XCTAssertTrue failed - Library/Application Support/Downloads is not excluded from backup","targetName":"VaultTests","testIdentifier":7,"testIdentifierString":"BackupBoundaryTests/testDownloadsExcludedFromBackup()","testName":"testDownloadsExcludedFromBackup()"},{"failureText":"XCTAssertEqual failed: (\"3\") is not equal to (\"0\") - tmp is not empty","targetName":"VaultTests","testIdentifier":9,"testIdentifierString":"BackupBoundaryTests/testTmpEmptyAfterRun()","testName":"testTmpEmptyAfterRun()"}],"title":"Test - Vault","topInsights":[],"totalTestCount":42}"# + "\n"
    }

    func runJSON() -> String {
        """
        {
          "commit": "0123456789abcdef0123456789abcdef01234567",
          "branch": "synthetic",
          "scheme": "Vault",
          "runtime": {"identifier": "com.apple.CoreSimulator.SimRuntime.iOS-18-5", "version": "18.5", "buildversion": "22F77"},
          "xcodeVersion": "16.4",
          "synthetic": {"files": \(fileCount), "shape": "\(shape.rawValue)", "seed": \(seed)}
        }

        """
    }
}
