import Foundation

@testable import ExhibitCore
@testable import ExhibitRules

/// Builds small container inventories for rules tests from readable lines.
struct ContainerFixture {
    private var builder = InventoryBuilder()

    private static func components(_ path: String) -> [ArraySlice<UInt8>] {
        Array(path.utf8).split(separator: UInt8(ascii: "/")).map { $0 }
    }

    /// Adds a file (and its missing parent directories).
    @discardableResult
    mutating func file(_ path: String, _ size: UInt64, excluded: Bool = false, step: String? = nil) -> Self {
        builder.addFile(components: Self.components(path), size: size, excluded: excluded, step: step)
        return self
    }

    /// Creates a directory and sets the exclusion flag on it.
    @discardableResult
    mutating func excludedDirectory(_ path: String) -> Self {
        builder.setExcluded(builder.directory(at: Self.components(path)))
        return self
    }

    @discardableResult
    mutating func directory(_ path: String, step: String? = nil) -> Self {
        let id = builder.directory(at: Self.components(path))
        if let step { builder.setStep(id, step) }
        return self
    }

    consuming func build() -> Inventory { builder.build() }
}

/// The Vault app's rules, as in SampleArchives/_fixtures-rules/rules.json (trimmed).
let vaultRulesJSON = """
    {
      "version": 1,
      "rules": [
        {"name": "vault-db", "path": "Documents/vault.sqlite", "requirement": "must-restore", "owner": "@storage"},
        {"name": "drafts", "path": "Documents/Drafts/**", "requirement": "must-restore", "owner": "@editor"},
        {"name": "preferences", "path": "Library/Preferences/com.example.vault.plist", "requirement": "must-restore", "owner": "@settings"},
        {"name": "offline-catalog", "path": "Library/Application Support/Downloads/**", "requirement": "regenerable", "owner": "@news-sync"},
        {"name": "search-index", "path": "Library/Application Support/VaultIndex/**", "requirement": "regenerable", "owner": "@search"},
        {"name": "thumbnails", "path": "Library/Caches/Thumbnails/**", "requirement": "regenerable", "owner": "@media"},
        {"name": "export-temp", "path": "tmp/Export-*", "requirement": "transient", "owner": "@export"}
      ],
      "documentsAllowlist": ["Documents/vault.sqlite", "Documents/Drafts/**"],
      "userDataExtensions": ["sqlite", "draft"],
      "allowedLargeResources": [{"path": "Library/Application Support/Fixtures/big.bundle", "reason": "UI tests need an offline catalog"}],
      "budgets": {"Library": "1 MiB", "tmp": 4096}
    }
    """

func vaultRules() throws -> RulesInventory {
    var warnings: [Diagnostic] = []
    return try RulesReader.read(Array(vaultRulesJSON.utf8), file: "rules.json", warnings: &warnings)
}

/// A clean Vault container: every file where the rules want it.
func cleanVaultContainer() -> ContainerFixture {
    var c = ContainerFixture()
    c.file(".com.apple.mobile_container_manager.metadata.plist", 300)
    c.file("Documents/vault.sqlite", 81_920, step: "first launch")
    c.file("Documents/Drafts/note-1.draft", 2_048, step: "compose draft")
    c.file("Library/Preferences/com.example.vault.plist", 512)
    c.excludedDirectory("Library/Application Support/Downloads")
    c.file("Library/Application Support/Downloads/catalog.bundle/items.json", 40_000, step: "sync catalog")
    c.excludedDirectory("Library/Application Support/VaultIndex")
    c.file("Library/Application Support/VaultIndex/index.db", 20_000)
    c.file("Library/Caches/Thumbnails/t1.png", 9_000)
    return c
}

func check(_ inventory: Inventory, rules: RulesInventory, failures: [TestFailure] = [], du: [DirectoryTotal]? = nil) -> CheckReport {
    RulesEngine.check(inventory: inventory, failures: failures, duTotals: du, rules: rules, rulesSource: "rules.json", rulesDiagnostics: [])
}

/// The bytes of a file in the repository, or nil when it cannot be read (tests only:
/// ExhibitCore itself never touches the disk).
func readFileBytes(_ path: String) -> [UInt8]? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return [UInt8](data)
}
