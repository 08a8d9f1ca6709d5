import Foundation
import Testing
@testable import ExhibitCore

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
        let report = CheckReport(violations: [],
                                 proposal: ClassificationProposal(proposed: .unsetAttribute, confidence: .mixed, evidence: [], links: [],
                                                                  unexplainedTests: [], rationale: ""),
                                 budgets: [], rulesSource: "rules.json", rulesDiagnostics: [])
        let text = InventoryDiff(base: base, run: run, report: report).text(base: "base", run: "run")
        let lines = text.split(separator: "\n").dropFirst().map(String.init)
        #expect(lines.count == 3)
        let cafe = lines.filter { $0.contains("caf") }
        #expect(cafe.count == 2)
        #expect(Set(cafe.map { $0.replacingOccurrences(of: "10 B", with: "").replacingOccurrences(of: "20 B", with: "") }).count == 2,
                "\(cafe)")
        #expect(cafe.allSatisfy { $0.contains("cannot coexist on the device") })
        #expect(cafe.contains { $0.contains(#"caf\u{E9}.txt"#) } && cafe.contains { $0.contains(#"cafe\u{301}.txt"#) })
        #expect(lines.contains { $0.contains("Documents/plain.txt") && !$0.contains("twin") })
    }
}

/// Twins are warned about at load, whatever the inventory's form.
@Suite struct NameTwinsLoadTests {
    @Test func twinsAreWarnedAsUnableToCoexist() {
        let list = ["Documents/Report.pdf", "Documents/report.pdf", "Documents/caf\u{E9}", "Documents/cafe\u{301}", "Documents/plain",
                    "Documents/Other", "tmp/Report.pdf"].joined(separator: "\n") + "\n"
        let bundle = BundleLoader.load(runID: "r", from: MemoryEvidenceSource([EvidenceLayout.filesList: Array(list.utf8)]))
        let twins = bundle.diagnostics.filter { $0.message.contains("cannot coexist") }
        #expect(twins.count == 2, "\(bundle.diagnostics)")
        #expect(twins.contains { $0.message.contains("Documents/Report.pdf") && $0.message.contains("Documents/report.pdf")
                && $0.message.contains("case") })
        #expect(twins.contains { $0.message.contains(#"caf\u{E9}"#) && $0.message.contains(#"cafe\u{301}"#)
                && $0.message.contains("NFC/NFD") })
        #expect(twins.allSatisfy { $0.file == EvidenceLayout.filesList && $0.severity == .warning })
    }

    @Test func findingTwinsIsLinearInTheDirectory() {
        HostileCostTests.expectLinear("name twins", size: 20_000) { n in
            var b = InventoryBuilder()
            let d = b.addDirectory(name: Array("Documents".utf8), parent: 0)
            for i in 0..<n { b.addFile(name: Array("File \(i)".utf8), parent: d, size: 1) }
            _ = NameTwins.find(in: b.build())
        }
    }
}
