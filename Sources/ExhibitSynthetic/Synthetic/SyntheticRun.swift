import ExhibitCore

/// Generates a synthetic run bundle of N files for benchmarks and smoke tests:
/// realistic container areas, names with spaces and UTF-8, about 5% of files excluded
/// from backup, creating steps, and a failing results summary. Pure: returns the
/// files to write, the command layer writes them.
///
/// By default the exclusion flag sits where real apps set it (Technical Q&A QA1719):
/// on the directories they create for downloads, indexes and models, so a failing run
/// has a few percent of violating files (see DECISIONS.md). `Violations.many` keeps
/// the first generator's random per-file flags, under which most files of the
/// regenerable areas break a rule, to measure `check` with many violations.
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

    /// Where the exclusion flags go, and so how many files break the rules.
    public enum Violations: String, Sendable, CaseIterable {
        /// Flags on the app's own directories (download folders, the index, the models),
        /// one download folder in twenty forgotten: a few percent of files violate.
        case few
        /// Flags on random files and folders of the regenerable areas: most of their
        /// files violate, one by one (the first generator; a stress case for `check`).
        case many
    }

    public var fileCount: Int
    public var shape: Shape
    public var form: InventoryForm
    public var seed: UInt64
    public var violations: Violations

    public init(fileCount: Int, shape: Shape = .wide, form: InventoryForm = .json, seed: UInt64 = 1, violations: Violations = .few) {
        self.fileCount = fileCount
        self.shape = shape
        self.form = form
        self.seed = seed
        self.violations = violations
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

    /// The areas files are spread over, with their share of files, how the area's
    /// items carry the exclusion flag, and their creating step.
    struct Area {
        var path: [String]
        /// Per mille of the files.
        var share: Int
        var flags: Flags
        var step: Int
        /// The file name extensions found there; nil: any of `extensions`.
        var extensions: [String]? = nil
    }

    enum Flags {
        case none
        /// The area's own directory carries the flag (an index, downloaded models).
        case areaDirectory
        /// Each folder the app creates in the area is flagged, except one in
        /// `forgottenOneIn` (the first, the 21st, …, so a small run has one too; in the
        /// deep shape a forgotten folder nested in a flagged one stays excluded); in a
        /// forgotten folder one file in ten is flagged by itself.
        case eachFolder(forgottenOneIn: Int)
        /// `Violations.many`: folders and files flagged at random, each at `percent`/2 %.
        case random(percent: Int)
    }

    /// About 5% of files excluded: Downloads 3% (one folder in twenty forgotten),
    /// the index 1.5%, models 1%. Thumbnails live in Caches, never backed up. Each
    /// area holds the kinds of files an app keeps there (thumbnails are images, the
    /// user's documents mostly PDF and JSON), so the user-data-extension and Documents
    /// allowlist policies flag a few strays, not a random 70%.
    static let realisticAreas: [Area] = [
        Area(
            path: ["Documents"], share: 185, flags: .none, step: 0,
            extensions: ["pdf", "json", "pdf", "json", "pdf", "json", "pdf", "json", "pdf", "txt"]),
        Area(
            path: ["Library", "Application Support", "Downloads"], share: 30, flags: .eachFolder(forgottenOneIn: 20), step: 1,
            extensions: ["pack", "bin", "json", "pdf", "m4a"]),
        Area(path: ["Library", "Caches", "Thumbnails"], share: 730, flags: .none, step: 2, extensions: ["jpg", "heic"]),
        Area(
            path: ["Library", "Application Support", "VaultIndex"], share: 15, flags: .areaDirectory, step: 3,
            extensions: ["sqlite", "bin", "json"]),
        Area(path: ["Library", "Application Support", "Models"], share: 10, flags: .areaDirectory, step: 1, extensions: ["bin", "pack"]),
        Area(path: ["tmp"], share: 30, flags: .none, step: 4),
    ]

    /// The first generator's areas: 45% of files in regenerable areas whose items are
    /// flagged at random, so about 90% of those files break a rule.
    static let manyViolationAreas: [Area] = [
        Area(path: ["Documents"], share: 150, flags: .none, step: 0),
        Area(path: ["Library", "Application Support", "Downloads"], share: 300, flags: .random(percent: 12), step: 1),
        Area(path: ["Library", "Caches", "Thumbnails"], share: 350, flags: .none, step: 2),
        Area(path: ["Library", "Application Support", "VaultIndex"], share: 150, flags: .random(percent: 5), step: 3),
        Area(path: ["tmp"], share: 50, flags: .none, step: 4),
    ]

    /// Builds the inventory of the synthetic container.
    public func makeInventory() -> Inventory {
        var rng = SplitMix64(seed: seed)
        var builder = InventoryBuilder(reservingCapacity: fileCount + fileCount / 50)
        var made = 0
        let areas = violations == .few ? Self.realisticAreas : Self.manyViolationAreas
        for (areaIndex, area) in areas.enumerated() {
            let quota = areaIndex == areas.count - 1 ? fileCount - made : fileCount * area.share / 1000
            let base = area.path.map { Array($0.utf8)[...] }
            var directory = builder.directory(at: base)
            if case .areaDirectory = area.flags, quota > 0 { builder.setExcluded(directory) }
            var folderForgotten = false
            var folders = 0
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
                    folders += 1
                    switch area.flags {
                    case .none, .areaDirectory:
                        break
                    case .eachFolder(let oneIn):
                        folderForgotten = (folders - 1) % oneIn == 0
                        if !folderForgotten { builder.setExcluded(directory) }
                    case .random(let percent):
                        if rng.next() % 100 < UInt64(percent) / 2 { builder.setExcluded(directory) }
                    }
                }
                let word = Self.words[Int(rng.next() % UInt64(Self.words.count))]
                let extensions = area.extensions ?? Self.extensions
                let ext = extensions[Int(rng.next() % UInt64(extensions.count))]
                let name = "\(word) \(i).\(ext)"
                // Sizes: mostly small, a long tail of large packs.
                let size = (rng.next() % 100 < 3) ? 1_000_000 + rng.next() % 50_000_000 : 512 + rng.next() % 200_000
                let excluded: Bool
                switch area.flags {
                case .none, .areaDirectory: excluded = false
                case .eachFolder: excluded = folderForgotten && rng.next() % 10 == 0
                case .random(let percent): excluded = rng.next() % 100 < UInt64(percent) / 2
                }
                builder.addFile(
                    name: Array(name.utf8), parent: directory, size: size, diskSize: (size + 4095) / 4096 * 4096,
                    excluded: excluded, step: Self.steps[area.step])
                inDirectory += 1
            }
            made += max(quota, 0)
        }
        return builder.finish()
    }

    /// All files of the bundle, bundle-relative path to contents.
    public func makeFiles(progname: String = "exhibit", version: String) -> [(path: String, bytes: [UInt8])] {
        let inventory = makeInventory()
        var files: [(String, [UInt8])] = []
        switch form {
        case .json:
            files.append(
                (
                    EvidenceLayout.inventoryJSON,
                    NcduWriter.write(inventory, rootName: "/synthetic/container", progname: progname, version: version, timestamp: 1_767_225_700)
                ))
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
        #"{"devicesAndConfigurations":[{"device":{"architecture":"arm64","deviceId":"5C1A7E0B-3D7F-4E52-9B0D-2F6C1D8A9E41","deviceName":"iPhone 16","modelName":"iPhone 16","osBuildNumber":"22F77","osVersion":"18.5","platform":"iOS Simulator"},"expectedFailures":0,"failedTests":2,"passedTests":40,"skippedTests":0,"testPlanConfiguration":{"configurationId":"1","configurationName":"Test Scheme Action"}}],"environmentDescription":"Vault · Built with macOS 15.5","expectedFailures":0,"failedTests":2,"finishTime":1767225661.9,"passedTests":40,"result":"Failed","skippedTests":0,"startTime":1767225600.125,"statistics":[],"testFailures":[{"failureText":"XCTAssertTrue failed - Library/Application Support/Downloads is not excluded from backup","targetName":"VaultTests","testIdentifier":7,"testIdentifierString":"BackupBoundaryTests/testDownloadsExcludedFromBackup()","testName":"testDownloadsExcludedFromBackup()"},{"failureText":"XCTAssertEqual failed: (\"3\") is not equal to (\"0\") - tmp is not empty","targetName":"VaultTests","testIdentifier":9,"testIdentifierString":"BackupBoundaryTests/testTmpEmptyAfterRun()","testName":"testTmpEmptyAfterRun()"}],"title":"Test - Vault","topInsights":[],"totalTestCount":42}"#
            + "\n"
    }

    func runJSON() -> String {
        """
        {
          "commit": "0123456789abcdef0123456789abcdef01234567",
          "branch": "synthetic",
          "scheme": "Vault",
          "runtime": {"identifier": "com.apple.CoreSimulator.SimRuntime.iOS-18-5", "version": "18.5", "buildversion": "22F77"},
          "xcodeVersion": "16.4",
          "synthetic": {"files": \(fileCount), "shape": "\(shape.rawValue)", "seed": \(seed), "violations": "\(violations.rawValue)"}
        }

        """
    }
}
