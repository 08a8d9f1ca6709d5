import ExhibitCore
import ExhibitIO
import ExhibitRules
import Foundation

/// `verify`: the result bundles of a run (or one bare result bundle) checked object by
/// object (`XCResultVerifier`), each with a word on its database.sqlite3.
public enum VerifyRun {
    public struct Verified: Sendable {
        /// The report of each bundle, in name order, as printed.
        public var texts: [String]
        /// Intact, damaged, unreadable or not fully checked: the worst of the bundles.
        public var outcome: Outcome
    }

    /// - Parameter limits: the decode bounds per object and per bundle (tests lower them).
    public static func run(_ path: String, limits: XCResultLimits = .standard) throws(InputError) -> Verified {
        let located = try RunInput.locate(path)
        let source = DirectoryEvidenceSource(root: located.url)
        var bundles: [(name: String, bundlePath: String)] = []
        switch located.kind {
        case .archive:
            throw InputError(description: "\(path): is an archive of runs; name one run or one .xcresult")
        case .resultBundle:
            bundles = [(located.url.lastPathComponent, "")]
        case .run:
            bundles = source.list(EvidenceLayout.resultsDirectory).filter { $0.hasSuffix(".xcresult") }
                .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
                .map { ("\(EvidenceLayout.resultsDirectory)/\($0)", "\(EvidenceLayout.resultsDirectory)/\($0)") }
            if bundles.isEmpty {
                throw InputError(description: "\(path): holds no result bundle (results/*.xcresult)")
            }
        }
        var verified = Verified(texts: [], outcome: .success)
        for bundle in bundles {
            let report = XCResultVerifier.verify(source: source, bundlePath: bundle.bundlePath, limits: limits)
            let database = databaseLine(located.url, bundle.bundlePath)
            verified.texts.append(XCResultVerifyText.text(report, name: bundle.name, database: database.line))
            // A database that is there but cannot be read is evidence not read: the
            // bundle does not verify as intact, however whole its objects are.
            if database.unreadable { verified.outcome = verified.outcome.worse(.damagedResultBundle) }
            switch report.verdict {
            case .intact: break
            case .damaged: verified.outcome = verified.outcome.worse(.damagedResultBundle)
            case .unreadable: verified.outcome = verified.outcome.worse(.unusableInput)
            // Objects left undecoded are evidence not checked: never a pass.
            case .incomplete: verified.outcome = verified.outcome.worse(.notChecked)
            }
        }
        return verified
    }

    static func databaseLine(_ root: URL, _ bundlePath: String) -> (line: String, unreadable: Bool) {
        let url = bundlePath.isEmpty ? root : root.appendingPathComponent(bundlePath)
        let file = url.appendingPathComponent("database.sqlite3").path
        guard FileManager.default.fileExists(atPath: file) else { return ("absent (xcresulttool has not read this bundle)", false) }
        do {
            let facts = try ResultDatabase.probe(path: file)
            var parts = ["present", "\(facts.tableCount) tables", (facts.schema.map { "\($0) schema" } ?? "unknown schema")]
            if let runs = facts.testCaseRuns { parts.append("\(runs) test case runs") }
            if let issues = facts.testIssues { parts.append("\(issues) test issues") }
            return (parts.joined(separator: ", "), false)
        } catch {
            return ("present but unreadable: \(error.description)", true)
        }
    }
}
