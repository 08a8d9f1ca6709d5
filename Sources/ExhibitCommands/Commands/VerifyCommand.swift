import ExhibitCore
import ExhibitIO
import Foundation

/// `exhibit verify RUN | X.xcresult`: checks the result bundle's `Data/` store.
enum VerifyCommand {
    static let spec = CommandSpec(
        name: "verify", positionals: ["RUN | X.xcresult"], options: [],
        summary: "Check a result bundle's objects: missing, orphaned, truncated or altered; sizes by folder",
        details: """
            Recomputes every object's id (BLAKE2b-512 over its refs and bytes), decodes every zstd
            frame to its end, and walks the refs from the root object. RUN verifies each
            results/*.xcresult it holds. Also says whether database.sqlite3 is present and its
            schema (opened read-only and immutable). Exit status 0 when every bundle is intact,
            1 when one is damaged, 2 when one cannot be read or RUN holds no result bundle.
            """)

    static func run(_ args: ParsedArguments, _ console: Console) throws -> Int32 {
        let path = args.positionals[0]
        let located: (url: URL, kind: RunLocator.Kind)
        do {
            located = try RunLocator.resolve(path)
        } catch {
            throw InputError(description: error.description)
        }
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
        var status = Exhibit.ExitStatus.success
        for bundle in bundles {
            let report = XCResultVerifier.verify(source: source, bundlePath: bundle.bundlePath)
            let database = databaseLine(located.url, bundle.bundlePath)
            console.write(XCResultVerifyText.text(report, name: bundle.name, database: database))
            switch report.verdict {
            case .intact: break
            case .damaged: status = max(status, 1)
            case .unreadable: status = max(status, Exhibit.ExitStatus.usage)
            }
        }
        return status
    }

    static func databaseLine(_ root: URL, _ bundlePath: String) -> String {
        let url = bundlePath.isEmpty ? root : root.appendingPathComponent(bundlePath)
        let file = url.appendingPathComponent("database.sqlite3").path
        guard FileManager.default.fileExists(atPath: file) else { return "absent (xcresulttool has not read this bundle)" }
        do {
            let facts = try ResultDatabase.probe(path: file)
            var parts = ["present", "\(facts.tableCount) tables", (facts.schema.map { "\($0) schema" } ?? "unknown schema")]
            if let runs = facts.testCaseRuns { parts.append("\(runs) test case runs") }
            if let issues = facts.testIssues { parts.append("\(issues) test issues") }
            return parts.joined(separator: ", ")
        } catch {
            return "present but unreadable: \(error.description)"
        }
    }
}
