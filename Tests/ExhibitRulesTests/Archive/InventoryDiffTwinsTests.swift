import Foundation
import Testing

@testable import ExhibitCore
@testable import ExhibitRules

/// Names APFS cannot hold side by side (the same name in NFC and NFD) printed as two
/// identical `diff` lines; now each spells its scalars out and says why.
@Suite struct InventoryDiffTwinsTests {
    @Test func unicodeNormalizationTwinsPrintAsTwoDifferentLines() {
        let base = InventoryBuilder().build()
        var b = InventoryBuilder()
        let docs = b.addDirectory(name: Array("Documents".utf8), parent: 0)
        b.addFile(name: Array("caf\u{E9}.txt".utf8), parent: docs, size: 10)  // NFC
        b.addFile(name: Array("cafe\u{301}.txt".utf8), parent: docs, size: 20)  // NFD
        b.addFile(name: Array("plain.txt".utf8), parent: docs, size: 5)
        let run = b.build()
        let report = CheckReport(
            violations: [],
            proposal: ClassificationProposal(
                proposed: .unsetAttribute, confidence: .mixed, evidence: [], links: [],
                unexplainedTests: [], rationale: ""),
            budgets: [], rulesSource: "rules.json", rulesDiagnostics: [])
        let text = InventoryDiff(base: base, run: run, report: report).text(base: "base", run: "run")
        let lines = text.split(separator: "\n").dropFirst().map(String.init)
        #expect(lines.count == 3)
        let cafe = lines.filter { $0.contains("caf") }
        #expect(cafe.count == 2)
        #expect(
            Set(cafe.map { $0.replacingOccurrences(of: "10 B", with: "").replacingOccurrences(of: "20 B", with: "") }).count == 2,
            "\(cafe)")
        #expect(cafe.allSatisfy { $0.contains("cannot coexist on the device") })
        #expect(cafe.contains { $0.contains(#"caf\u{E9}.txt"#) } && cafe.contains { $0.contains(#"cafe\u{301}.txt"#) })
        #expect(lines.contains { $0.contains("Documents/plain.txt") && !$0.contains("twin") })
    }
}
