import Testing

@testable import ExhibitCore
@testable import ExhibitRules

@Suite struct VolumeCheckTests {
    private func rules(_ budgets: [String: UInt64], allowed: [String] = []) -> RulesInventory {
        RulesInventory(
            allowedLargeResources: allowed.map { AllowedResource(pattern: $0, reason: "fixture") },
            budgets: budgets.sorted { $0.key < $1.key }.map { VolumeBudget(directory: $0.key, bytes: $0.value) })
    }

    private func container() -> Inventory {
        var c = ContainerFixture()
        c.file("Documents/vault.sqlite", 1_000)
        // Application Support is mostly Fixtures, Downloads mostly catalog.bundle: both are looked
        // through; catalog.bundle, whose largest child is a file, is kept whole.
        c.file("Library/Application Support/Downloads/catalog.bundle/a.json", 6_000)
        c.file("Library/Application Support/Downloads/catalog.bundle/b.json", 4_000)
        c.file("Library/Application Support/Downloads/small.json", 100)
        c.file("Library/Application Support/Fixtures/big.bundle/x", 50_000)
        c.file("Library/Caches/blob", 3_000)
        c.file("Library/Preferences/p.plist", 200)
        return c.build()
    }

    @Test func inventoryTotalsAgainstBudgetsWithLargestContributors() {
        let result = VolumeCheck.run(
            inventory: container(), duTotals: nil, compiled: RulesEngine.compile(rules(["Library": 10_000, "documents": 5_000])),
            allowedBytes: [:])
        #expect(result.budgets.map(\.directory) == ["Documents", "Library"])
        #expect(result.budgets.map(\.measuredBy) == ["inventory", "inventory"])
        #expect(result.budgets[0].budget == 5_000)  // budget names ignore case by default
        #expect(!result.budgets[0].isOver)
        let warning = result.warnings.first
        #expect(result.warnings.count == 1)
        #expect(warning?.kind == .volume)
        #expect(warning?.path == "Library")
        #expect(warning?.size == 63_300)
        #expect(warning?.budget == 10_000)
        #expect(warning?.reason == "over its budget of 10 KiB by 52 KiB")
        #expect(
            warning?.largestContributors.map(\.path) == [
                "Library/Application Support/Fixtures/big.bundle",
                "Library/Application Support/Downloads/catalog.bundle",
                "Library/Caches",
                "Library/Preferences",
                "Library/Application Support/Downloads/small.json",
            ])
        #expect(warning?.largestContributors.map(\.size) == [50_000, 10_000, 3_000, 200, 100])
    }

    @Test func allowedLargeResourcesAreNotCountedNorListed() {
        let report = check(container(), rules: rules(["Library": 10_000], allowed: ["Library/Application Support/Fixtures/big.bundle"]))
        let library = report.budgets.first { $0.directory == "Library" }
        #expect(library?.bytes == 13_300)
        #expect(library?.allowedBytes == 50_000)
        let warning = report.violations.first { $0.kind == .volume }
        #expect(warning?.largestContributors.first?.path == "Library/Application Support/Downloads/catalog.bundle")
        #expect(warning?.largestContributors.contains { $0.path.contains("Fixtures") } == false)
    }

    @Test func duTotalsWinOverTheInventoryAndWorkWithoutOne() {
        let du = [DirectoryTotal(name: "Library", kibibytes: 8, line: 1), DirectoryTotal(name: "tmp", kibibytes: 2_048, line: 2)]
        let withInventory = check(container(), rules: rules(["Library": 10_000, "tmp": 1 << 20]), du: du)
        #expect(
            withInventory.budgets.map { "\($0.directory) \($0.bytes) \($0.measuredBy) \($0.isOver)" }
                == ["Documents 1000 inventory false", "Library 8192 du false", "tmp 2097152 du true"])
        let tmp = withInventory.violations.first { $0.kind == .volume }
        #expect(tmp?.path == "tmp")
        #expect(tmp?.largestContributors.isEmpty == true)  // the inventory has no tmp

        let duOnly = RulesEngine.check(
            inventory: nil, failures: [], duTotals: du, rules: rules(["tmp": 1 << 20]),
            rulesSource: "rules.json", rulesDiagnostics: [])
        #expect(duOnly.violations.map(\.kind) == [.volume])
        #expect(!duOnly.hasBlocking)  // over budget never blocks
        #expect(duOnly.budgets.map(\.directory) == ["Library", "tmp"])
    }

    @Test func noBudgetsMeansNoWarningsAndBudgetsAreNeverRaised() {
        let rulesWithBudget = rules(["Library": 1])
        let report = check(container(), rules: rulesWithBudget)
        #expect(report.violations.contains { $0.kind == .volume })
        #expect(report.budgets.first { $0.directory == "Library" }?.budget == 1)
        #expect(rulesWithBudget.budget(for: "Library") == 1)
        let none = check(container(), rules: .builtInDefaults)
        #expect(!none.violations.contains { $0.kind == .volume })
        #expect(none.budgets.allSatisfy { $0.budget == nil })
    }
}
