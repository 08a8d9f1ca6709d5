import ExhibitCore
import Foundation
import Testing

@testable import ExhibitCommands

/// Issue 15 §2: `check` says what it could not read, in text and JSON, says which
/// inventory it used and why, and fails closed when the inventory the bundle meant to
/// be authoritative (inventory.json) is broken.
@Suite struct CheckEvidenceTests {
    func run(_ args: [String]) -> (status: Int32, out: String, err: String) { CollectRunner.exhibit(args) }

    /// The baseline's inventory.json cut in half, with a files.txt beside it that lists
    /// nothing the rules block: before, the check used the list silently and passed.
    func truncatedInventoryBesideAList() throws -> HostileBundle {
        let bundle = try HostileBundle()
        let full = try Data(contentsOf: URL(fileURLWithPath: bundle.path("container/inventory.json")))
        try full.prefix(full.count / 2).write(to: URL(fileURLWithPath: bundle.path("container/inventory.json")))
        try bundle.write("container/files.txt", "Documents/Vault/notes.db\n")
        return bundle
    }

    @Test func aTruncatedInventoryIsNeverSilentlyReplacedByTheList() throws {
        let bundle = try truncatedInventoryBesideAList()
        defer { bundle.cleanUp() }
        let text = run(["check", bundle.run])
        #expect(text.status == 2, "\(text.out)")
        #expect(
            text.out.contains("evidence:\n  inventory: container/files.txt, in place of container/inventory.json is malformed ("),
            "\(text.out)")
        #expect(text.out.contains("  malformed container/inventory.json: "))
        #expect(text.err.contains("container/inventory.json is malformed"), "\(text.err)")
        #expect(text.err.contains("fails closed"))
        // The section comes before the result.
        let section = try #require(text.out.range(of: "evidence:"))
        let result = try #require(text.out.range(of: "result:"))
        #expect(section.lowerBound < result.lowerBound)

        let json = run(["check", bundle.run, "--format", "json"])
        #expect(json.status == 2)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let inventory = try #require(object["inventory"] as? [String: Any])
        #expect(inventory["used"] as? String == "container/files.txt")
        #expect((inventory["authoritativeProblem"] as? String)?.hasPrefix("container/inventory.json is malformed") == true)
        let evidence = try #require(object["evidence"] as? [[String: Any]])
        #expect(evidence.contains { $0["file"] as? String == "container/inventory.json" && $0["state"] as? String == "malformed" })
        #expect(evidence.contains { $0["file"] as? String == "container/files.txt" && $0["state"] as? String == "loaded" })
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.contains { $0["file"] as? String == "container/inventory.json" && $0["severity"] as? String == "error" })
    }

    @Test func malformedStepsAndResultsAreShownBeforeTheResult() throws {
        let bundle = try HostileBundle()
        defer { bundle.cleanUp() }
        try bundle.write("steps.tsv", "no tabs here at all\n")
        try bundle.write("results/summary.json", "{\"title\": ")
        let check = run(["check", bundle.run])
        #expect(check.status == 0, "a broken steps file does not stop the check; \(check.err)")
        #expect(check.out.contains("  malformed steps.tsv: 1:"), "\(check.out)")
        #expect(check.out.contains("  malformed results/summary.json: "), "\(check.out)")
        #expect(check.out.contains("inventory: container/inventory.json, the bundle's inventory"))
    }

    /// "Missing" is for what is not there: an inventory that is a directory or a FIFO is unreadable.
    @Test func anInventoryThatIsADirectoryIsUnreadableNotMissing() throws {
        let bundle = try HostileBundle()
        defer { bundle.cleanUp() }
        try bundle.makeDirectory("container/inventory.json")
        let check = run(["check", bundle.run])
        #expect(check.status == 2)
        #expect(check.err.contains("container/inventory.json: cannot be read: is a directory"), "\(check.err)")
        #expect(!check.err.contains("missing"), "\(check.err)")
        try bundle.makeFIFO("container/inventory.json")
        let fifo = run(["check", bundle.run])
        #expect(fifo.err.contains("container/inventory.json: cannot be read: not a regular file (a FIFO)"), "\(fifo.err)")
    }
}
