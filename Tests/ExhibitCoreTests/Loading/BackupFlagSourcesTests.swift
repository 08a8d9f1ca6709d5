import Testing

@testable import ExhibitCore
@testable import ExhibitRules

/// Backup-exclusion flags in three states, from every artifact that records them:
/// the inventory's own key, excluded.txt and xattr.txt (xattr -rl or getfattr -d),
/// combined on the one tree whatever the inventory's form.
@Suite struct BackupFlagSourcesTests {
    static let attribute = "com.apple.metadata:com_apple_backup_excludeItem"

    /// A real `ncdu -o` export: no flag at all, the root named by the scanned path.
    static func ncduExport(flagsKey: String? = nil, excludedOnIndex: Bool? = nil) -> String {
        let meta = flagsKey.map { ",\"x_backup_flags\":\"\($0)\"" } ?? ""
        let key = excludedOnIndex.map { ",\"x_backup_excluded\":\($0)" } ?? ""
        return """
            [1,2,{"progname":"ncdu","progver":"1.18","timestamp":1767225700\(meta)},
            [{"name":"/home/ci/app-data"},
            [{"name":"Documents"},{"name":"Vault.sqlite","asize":10}],
            [{"name":"Library"},
            [{"name":"Application Support"},
            [{"name":"VaultIndex"\(key)},{"name":"index.db","asize":20}],
            [{"name":"Downloads"},{"name":"pack.bin","asize":30}]]],
            [{"name":"tmp"}]]]

            """
    }

    static let rules = RulesInventory(rules: [
        BackupRule(name: "search-index", pattern: "Library/Application Support/VaultIndex/**", requirement: .regenerable),
        BackupRule(name: "offline-packs", pattern: "Library/Application Support/Downloads/**", requirement: .regenerable),
        BackupRule(name: "vault-db", pattern: "Documents/Vault.sqlite", requirement: .mustRestore),
    ])

    private func load(_ files: [String: String]) -> EvidenceBundle {
        BundleLoader.load(runID: "r", from: MemoryEvidenceSource(text: files))
    }

    private func check(_ bundle: EvidenceBundle) -> CheckReport {
        RulesEngine.check(bundle: bundle, compiled: RulesEngine.compile(Self.rules), rulesSource: "rules", rulesDiagnostics: [])
    }

    private func flag(_ bundle: EvidenceBundle, _ path: String) -> Inventory.BackupFlag? {
        guard let inv = bundle.inventory, let id = inv.lookup(path) else { return nil }
        return inv.backupFlag(id)
    }

    @Test func aRealNcduExportRecordsNoFlagAndDecidesNoRegenerableRule() throws {
        let bundle = load([EvidenceLayout.inventoryJSON: Self.ncduExport()])
        let inv = try #require(bundle.inventory)
        #expect(inv.flagCoverage == .unrecorded)
        #expect(flag(bundle, "Library/Application Support/Downloads/pack.bin") == .unknown)
        #expect(bundle.flagSources.isEmpty)
        #expect(bundle.flagSummary == "exclusion flags: not recorded (inventory from ncdu; no excluded.txt or xattr.txt)")
        let report = check(bundle)
        #expect(report.count(of: .unsetAttribute) == 0, "an unknown flag is never an unset attribute")
        #expect(report.count(of: .unruled) == 0, "\"backed up\" is a claim about the flag")
        #expect(report.undecidedRules.map(\.rule) == ["offline-packs", "search-index", "vault-db"])
        #expect(report.undecided.allSatisfy { $0.reason.hasPrefix("exclusion flag not recorded") })
        #expect(report.hasUndecidedBlocking && !report.hasBlocking)
        #expect(report.proposal.proposed == .notBoundaryFailure)
        #expect(report.proposal.evidence.isEmpty)
        let text = CheckReportFormatter.text(report, runID: "r")
        #expect(text.contains("undecided: 3 rules (exclusion flags not recorded; blocking)"))
        #expect(text.contains("  rule offline-packs (regenerable): 1 file whose flag is unknown\n    Library/Application Support/Downloads/pack.bin (30 B)\n"))
        #expect(text.contains("nothing known blocks, but 3 rules undecided"))
        let summary = SummaryReport.text(bundle)
        #expect(summary.contains("exclusion flags: not recorded (inventory from ncdu; no excluded.txt or xattr.txt)"))
    }

    @Test func theMetadataKeySaysEveryFlagWasRead() throws {
        let bundle = load([EvidenceLayout.inventoryJSON: Self.ncduExport(flagsKey: "complete", excludedOnIndex: true)])
        #expect(bundle.inventory?.flagCoverage == .complete)
        #expect(flag(bundle, "Library/Application Support/VaultIndex/index.db") == .excluded)
        #expect(flag(bundle, "Library/Application Support/Downloads/pack.bin") == .notExcluded)
        let report = check(bundle)
        #expect(report.undecided.isEmpty)
        #expect(report.violations.filter { $0.kind == .unsetAttribute }.map(\.path) == ["Library/Application Support/Downloads/pack.bin"])
    }

    @Test func itemsCarryingTheKeyRecordOnlyThemselves() throws {
        // x_backup_excluded:true on VaultIndex: its subtree is excluded; every other flag unknown.
        let bundle = load([EvidenceLayout.inventoryJSON: Self.ncduExport(excludedOnIndex: true)])
        #expect(bundle.inventory?.flagCoverage == .partial)
        #expect(flag(bundle, "Library/Application Support/VaultIndex/index.db") == .excluded)
        #expect(flag(bundle, "Library/Application Support/Downloads/pack.bin") == .unknown)
        // false on VaultIndex records it, but its ancestors are unknown: still unknown.
        let recordedFalse = load([EvidenceLayout.inventoryJSON: Self.ncduExport(excludedOnIndex: false)])
        #expect(flag(recordedFalse, "Library/Application Support/VaultIndex") == .unknown)
        #expect(recordedFalse.inventory.map { $0.isFlagRecorded($0.lookup("Library/Application Support/VaultIndex")!) } == true)
    }

    @Test func anUnknownMetadataValueIsWarnedAndRecordsNothing() {
        let bundle = load([EvidenceLayout.inventoryJSON: Self.ncduExport(flagsKey: "some")])
        #expect(bundle.inventory?.flagCoverage == .unrecorded)
        #expect(bundle.diagnostics.contains { $0.message.contains("unknown \"x_backup_flags\" value \"some\"") })
    }

    @Test func getfattrBesideAnNcduExportGivesTheFlags() throws {
        // getfattr over the absolute path ncdu scanned prints it without the leading '/'.
        let dump = """
            # file: home/ci/app-data/Library/Application\\040Support/VaultIndex
            user.\(Self.attribute)="com.apple.MobileBackup"

            # file: home/ci/app-data/Documents/Vault.sqlite
            user.com.example.other=0sAP8Q

            """
        let bundle = load([EvidenceLayout.inventoryJSON: Self.ncduExport(), EvidenceLayout.xattrDump: dump])
        #expect(bundle.status(of: EvidenceLayout.xattrDump) == .loaded, "not superseded: applied to the ncdu tree")
        #expect(bundle.flagSources == [EvidenceLayout.xattrDump])
        #expect(bundle.inventory?.flagCoverage == .complete)
        #expect(flag(bundle, "Library/Application Support/VaultIndex/index.db") == .excluded)
        #expect(flag(bundle, "Library/Application Support/Downloads/pack.bin") == .notExcluded)
        let report = check(bundle)
        #expect(report.violations.filter { $0.kind == .unsetAttribute }.map(\.path) == ["Library/Application Support/Downloads/pack.bin"])
        #expect(report.undecided.isEmpty)
    }

    @Test func excludedListBesideAnNcduExportGivesTheSameVerdict() throws {
        let viaList = load([
            EvidenceLayout.inventoryJSON: Self.ncduExport(),
            EvidenceLayout.excludedList: "./Library/Application Support/VaultIndex\n",
        ])
        let viaDump = load([
            EvidenceLayout.inventoryJSON: Self.ncduExport(),
            EvidenceLayout.xattrDump: "Library/Application Support/VaultIndex: \(Self.attribute): com.apple.MobileBackup\n",
        ])
        #expect(viaList.flagSources == [EvidenceLayout.excludedList])
        #expect(check(viaList).violations == check(viaDump).violations)
        #expect(check(viaList).proposal == check(viaDump).proposal)
    }

    @Test func disagreementsAreWarnedWithBothPositionsAndTheExplicitRecordWins() throws {
        let excluded = "./Library/Application Support/VaultIndex\n"
        let dump = """
            Library/Application Support/Downloads: user.\(Self.attribute): com.apple.MobileBackup

            """
        let bundle = load([
            EvidenceLayout.inventoryJSON: Self.ncduExport(), EvidenceLayout.excludedList: excluded,
            EvidenceLayout.xattrDump: dump,
        ])
        #expect(bundle.flagSources == [EvidenceLayout.excludedList, EvidenceLayout.xattrDump])
        // excluded.txt (explicit) wins on both items.
        #expect(flag(bundle, "Library/Application Support/VaultIndex/index.db") == .excluded)
        #expect(flag(bundle, "Library/Application Support/Downloads/pack.bin") == .notExcluded)
        let warnings = bundle.diagnostics.filter { $0.file == EvidenceLayout.xattrDump }.map(\.description)
        #expect(
            warnings.contains {
                $0.contains("container/xattr.txt:1") && $0.contains("\"Library/Application Support/Downloads\"")
                    && $0.contains("container/excluded.txt records it not excluded")
            })
        #expect(warnings.contains { $0.contains("container/excluded.txt:1 records it excluded") && $0.contains("VaultIndex") })
    }

    @Test func theInventoryKeyWinsOverTheDump() throws {
        let bundle = load([
            EvidenceLayout.inventoryJSON: Self.ncduExport(flagsKey: "complete", excludedOnIndex: false),
            EvidenceLayout.xattrDump: "Library/Application Support/VaultIndex: \(Self.attribute): com.apple.MobileBackup\n",
        ])
        #expect(flag(bundle, "Library/Application Support/VaultIndex/index.db") == .notExcluded)
        #expect(bundle.diagnostics.contains { $0.message.contains("container/inventory.json records it not excluded") })
        let excluded = load([
            EvidenceLayout.inventoryJSON: Self.ncduExport(flagsKey: "complete", excludedOnIndex: true),
            EvidenceLayout.xattrDump: "",
        ])
        #expect(flag(excluded, "Library/Application Support/VaultIndex/index.db") == .excluded)
        #expect(excluded.diagnostics.contains { $0.message.contains("container/inventory.json records it excluded") })
    }

    /// "complete" with no value of the item's own only implies "not excluded": the dump,
    /// which names the item, records it, and the disagreement is said.
    @Test func theDumpWinsOverTheInventorysImpliedDefault() throws {
        let bundle = load([
            EvidenceLayout.inventoryJSON: Self.ncduExport(flagsKey: "complete", excludedOnIndex: true),
            EvidenceLayout.xattrDump: "Library/Application Support/Downloads: \(Self.attribute): com.apple.MobileBackup\n",
        ])
        #expect(flag(bundle, "Library/Application Support/Downloads/pack.bin") == .excluded)
        #expect(flag(bundle, "Library/Application Support/VaultIndex/index.db") == .excluded)
        #expect(flag(bundle, "Documents/Vault.sqlite") == .notExcluded)
        #expect(bundle.diagnostics.contains { $0.message.contains("gives no flag of its own") && $0.message.contains("Downloads") })
    }

    @Test func aFileListAloneRecordsNoFlag() throws {
        let files = "./Documents/Vault.sqlite\n./Library/Application Support/Downloads/pack.bin\n"
        let bare = load([EvidenceLayout.filesList: files])
        #expect(bare.inventory?.flagCoverage == Inventory.FlagCoverage.unrecorded)
        #expect(bare.flagSummary == "exclusion flags: not recorded (inventory from files.txt; no excluded.txt or xattr.txt)")
        #expect(check(bare).count(of: .unsetAttribute) == 0)
        let listed = load([EvidenceLayout.filesList: files, EvidenceLayout.excludedList: ""])
        #expect(listed.inventory?.flagCoverage == .complete, "an empty excluded.txt says nothing is excluded")
        #expect(check(listed).count(of: .unsetAttribute) == 1)
        // With both, the dump is merged as the weaker source and no longer "superseded".
        let both = load([
            EvidenceLayout.filesList: files, EvidenceLayout.excludedList: "",
            EvidenceLayout.xattrDump: "Library/Application Support/Downloads/pack.bin: \(Self.attribute): com.apple.MobileBackup\n",
        ])
        #expect(both.status(of: EvidenceLayout.xattrDump) == .loaded)
        #expect(flag(both, "Library/Application Support/Downloads/pack.bin") == .notExcluded)
        #expect(both.diagnostics.contains { $0.file == EvidenceLayout.xattrDump && $0.message.contains("says excluded from backup") })
    }

    @Test func aDamagedDumpCostsOnlyItsFlags() throws {
        let garbage = load([EvidenceLayout.inventoryJSON: Self.ncduExport(), EvidenceLayout.xattrDump: "\u{1}\u{2}garbage\n"])
        #expect({ if case .malformed = garbage.status(of: EvidenceLayout.xattrDump) { true } else { false } }())
        #expect(garbage.inventory?.flagCoverage == Inventory.FlagCoverage.unrecorded)
    }

    @Test func theWriterKeepsWhatIsKnown() throws {
        var w: [Diagnostic] = []
        for export in [Self.ncduExport(), Self.ncduExport(excludedOnIndex: false), Self.ncduExport(flagsKey: "complete", excludedOnIndex: true)] {
            let inv = try NcduInventoryReader.read(Array(export.utf8), file: "i.json", warnings: &w)
            let again = try NcduInventoryReader.read(
                NcduWriter.write(inv, rootName: "/c", progname: "exhibit", version: "t", timestamp: 0),
                file: "o.json", warnings: &w)
            #expect(again.flagCoverage == inv.flagCoverage)
            for id in 0..<inv.count { #expect(again.backupFlag(id) == inv.backupFlag(id) && again.isFlagRecorded(id) == inv.isFlagRecorded(id)) }
        }
        #expect(w.isEmpty)
    }
}

/// Real ncdu exports (../shared/real-evidence/ncdu): none records a flag, so every
/// item's flag is unknown and no regenerable rule can be broken by them.
@Suite struct RealNcduFlagTests {
    @Test(.enabled(if: RealEvidence.isPresent, RealEvidence.absent))
    func realExportsRecordNoFlag() throws {
        let files = RealEvidence.files("ncdu")
        #expect(!files.isEmpty)
        for file in files {
            let bytes = try RealEvidence.bytes(file)
            // The truth from the file itself: no exhibit extension key anywhere in it.
            let carriesKey = String(decoding: bytes, as: UTF8.self).contains("x_backup_")
            var w: [Diagnostic] = []
            guard let inv = try? NcduInventoryReader.read(bytes, file: file, warnings: &w) else { continue }
            #expect(inv.flagCoverage == (carriesKey ? inv.flagCoverage : .unrecorded), "\(file)")
            #expect(inv.unknownFlagFileCount == (carriesKey ? inv.unknownFlagFileCount : inv.totalFiles), "\(file)")
            let everything = RulesInventory(rules: [BackupRule(name: "all", pattern: "**", requirement: .regenerable)])
            let report = RulesEngine.check(inventory: inv, failures: [], duTotals: nil, rules: everything, rulesSource: "r", rulesDiagnostics: [])
            #expect(report.count(of: .unsetAttribute) == 0, "\(file): an unknown flag is never an unset attribute")
        }
    }
}
