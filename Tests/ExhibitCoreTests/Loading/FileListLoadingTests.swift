import Testing

@testable import ExhibitCore

/// Issue 19: the loader hands files.txt's companions to the reader one at a time (so
/// files.txt's bytes go before sizes.txt's arrive) and applies steps.tsv's records as
/// they stream. What the bundle records must be what a load that read everything first
/// recorded: each file's state, in the same order, and the same warnings.
@Suite struct FileListLoadingTests {
    private func load(_ files: [String: String], resolvingStepsAsRead: Bool = true) -> EvidenceBundle {
        BundleLoader.load(runID: "r", from: MemoryEvidenceSource(text: files), steps: BundleLoader.Step.allCases, resolvingStepsAsRead: resolvingStepsAsRead)
    }

    @Test func companionsAreRecordedInOrderWhenUsed() throws {
        let bundle = load([
            "container/files.txt": "./Documents/a\n./Library/Caches/b\n",
            "container/sizes.txt": "3\tDocuments/a\n4\tLibrary/Caches/b\n5\tnot/listed\n",
            "container/excluded.txt": "./Library/Caches/b\n",
        ])
        let states = bundle.files.filter { $0.file.hasPrefix("container/") && !["container/inventory.json", "container/du.txt"].contains($0.file) }
        #expect(states.map(\.file) == ["container/files.txt", "container/sizes.txt", "container/excluded.txt"])
        #expect(states.allSatisfy { $0.state == .loaded })
        // sizes.txt's warning follows files.txt's reading, excluded.txt's flags are in.
        #expect(bundle.diagnostics.contains { $0.file == "container/sizes.txt" && $0.position?.line == 3 })
        let inventory = try #require(bundle.inventory)
        #expect(inventory.totalSize(Inventory.root) == 7)
        #expect(bundle.flagSources == ["container/excluded.txt"])
    }

    @Test func anUnusableListStillRecordsItsMissingCompanions() {
        let bundle = load(["container/files.txt": "../x\n/etc/passwd\n"])
        #expect(bundle.status(of: "container/sizes.txt") == .missing)
        #expect(bundle.status(of: "container/excluded.txt") == .missing)
        #expect(bundle.status(of: "container/xattr.txt") == .missing)
        guard case .malformed? = bundle.status(of: "container/files.txt") else {
            Issue.record("files.txt should be malformed")
            return
        }
        // The companions were looked at before the list's error was recorded, as before.
        let order = bundle.files.map(\.file).filter { $0.hasPrefix("container/") && $0 != "container/inventory.json" && $0 != "container/du.txt" }
        #expect(order == ["container/sizes.txt", "container/excluded.txt", "container/xattr.txt", "container/files.txt"])
    }

    @Test func excludedListPresentMeansTheDumpIsNotAskedFor() {
        let bundle = load([
            "container/files.txt": "../x\n",
            "container/excluded.txt": "./a\n",
        ])
        #expect(bundle.status(of: "container/sizes.txt") == .missing)
        #expect(bundle.status(of: "container/xattr.txt") == nil)
    }

    /// steps.tsv resolved as it streams gives the steps, states and warnings of a load
    /// that keeps every record and applies them after the read.
    @Test func stepsResolvedAsReadGiveWhatKeptRecordsGive() throws {
        var steps = "step\tpath\n"
        for i in 0..<500 { steps += "s\(i % 3)\tDocuments/f\(i)\n" }
        steps += "s1\tDocuments/f7\n\tDocuments/f8\nno tab here\ns2\tabsent/file\n"
        let files = (0..<500).map { "./Documents/f\($0)" }.joined(separator: "\n") + "\n"
        let run = ["container/files.txt": files, "steps.tsv": steps]
        let ahead = load(run)
        let serial = load(run, resolvingStepsAsRead: false)
        // The records are applied, not kept: both loads gave every node the same step.
        #expect(ahead.inventory == serial.inventory)
        var w: [Diagnostic] = []
        #expect(try StepsReader.read(Array(steps.utf8), file: "steps.tsv", warnings: &w).count == 502)  // 500, the repeat of f7 and the absent path
        #expect(ahead.status(of: "steps.tsv") == .loaded)
        let aheadSteps = ahead.diagnostics.filter { $0.file == "steps.tsv" }
        #expect(aheadSteps == serial.diagnostics.filter { $0.file == "steps.tsv" })
        #expect(aheadSteps.count == 4)  // the repeat, the empty step, the missing TAB, the note of unmatched records
        let inventory = try #require(ahead.inventory)
        let f7 = try #require(inventory.lookup("Documents/f7"))
        #expect(inventory.step(f7) == "s1")
    }

    @Test func aMissingOrUnusableStepsFileIsRecordedAsAtItsStep() {
        let missing = load(["container/files.txt": "./a\n"])
        #expect(missing.status(of: "steps.tsv") == .missing)
        let unusable = load(["container/files.txt": "./a\n", "steps.tsv": "no tab\nnone here\n"])
        guard case .malformed? = unusable.status(of: "steps.tsv") else {
            Issue.record("steps.tsv should be malformed")
            return
        }
        let serial = load(["container/files.txt": "./a\n", "steps.tsv": "no tab\nnone here\n"], resolvingStepsAsRead: false)
        #expect(unusable.diagnostics.filter { $0.file == "steps.tsv" } == serial.diagnostics.filter { $0.file == "steps.tsv" })
    }
}
