import ExhibitCore
import Testing

/// Every artifact of the sample runs, damaged in every way of `MalformedVariant`, and
/// the whole bundle loaded each time: nothing traps, a rejected file carries a
/// positioned diagnostic that says what was expected, and every other file loads
/// exactly as it did undamaged.
@Suite struct MalformedEvidenceTests {
    /// Together these hold every artifact kind the loader reads (summary, tests,
    /// legacy and JUnit results, Info.plist, xcresulttool version, ncdu and list
    /// inventories with sizes and xattr companions, du, steps, run.json).
    static let runs: [SampleRun] = [
        SampleRun("run-2026-11-02-baseline"), SampleRun("run-2026-10-20-xcode15-legacy"),
        SampleRun("run-2026-11-06-junit-files-list"), withExcludedList(SampleRun("run-2026-11-06-junit-files-list")),
    ]

    struct Case: Sendable, CustomStringConvertible {
        let run: SampleRun
        let file: String
        /// The 10 MB variant runs once per file name: it costs the most and tells the
        /// same thing for every run.
        let includeHugeLine: Bool
        var description: String { "\(run.name)/\(file)" }
    }

    /// Runs that hold the rows `runs` lack (app/Info.plist, binary and XML preference
    /// copies); only those rows' files are damaged in them.
    static let completingRuns: [SampleRun] = [
        SampleRun("run-2026-11-08-background-tasks"), SampleRun("run-2026-11-07-preferences"),
    ]

    static let cases: [Case] = {
        var seen: Set<String> = []
        var out: [Case] = []
        for run in runs {
            // rules.json is kept raw by the loader; RulesReader is damaged below, and so is
            // a result bundle (the samples with a timeline keep one) by its own tests.
            for file in run.files.keys.sorted()
            where file != EvidenceLayout.rules && !file.hasSuffix(".md")
                && !(EvidenceArtifact.row(for: file).map(damagedSeparately.contains) ?? false)
            {
                out.append(Case(run: run, file: file, includeHugeLine: seen.insert(file).inserted))
            }
        }
        let covered = Set(out.compactMap { EvidenceArtifact.row(for: $0.file) })
        for run in completingRuns {
            for file in run.files.keys.sorted() {
                guard let row = EvidenceArtifact.row(for: file), !covered.contains(row) else { continue }
                out.append(Case(run: run, file: file, includeHugeLine: seen.insert(file).inserted))
            }
        }
        return out
    }()

    /// Rows damaged by a test of their own below, not through `cases`.
    static let damagedSeparately: [EvidenceArtifact] = [.rules, .resultBundle]

    /// A row without a damaged sample fails here: add its file to a sample run (or a
    /// test of its own to `damagedSeparately`).
    @Test func everyRowHasADamagedSample() {
        let covered = Set(Self.cases.compactMap { EvidenceArtifact.row(for: $0.file) }).union(Self.damagedSeparately)
        let missing = EvidenceArtifact.all.filter { !covered.contains($0) }
        #expect(missing.isEmpty, "rows without a damaged sample: \(missing)")
    }

    /// The junit run with `excluded.txt` (two of its paths) in place of `xattr.txt`,
    /// so the excluded-list companion is damaged too.
    static func withExcludedList(_ run: SampleRun) -> SampleRun {
        var files = run.files
        files[EvidenceLayout.xattrDump] = nil
        files[EvidenceLayout.excludedList] = Array("./Library/Application Support/Models\n./Library/Application Support/VaultIndex\n".utf8)
        return SampleRun(name: run.name + "+excluded", files: files)
    }

    /// Files whose status depends on the damaged one: list companions are only read
    /// when files.txt is.
    static func dependents(of file: String) -> Set<String> {
        file == EvidenceLayout.filesList ? [EvidenceLayout.sizesList, EvidenceLayout.excludedList, EvidenceLayout.xattrDump] : []
    }

    @Test(arguments: cases) func damagedFileIsDiagnosedAndTheRestLoads(_ c: Case) {
        let pristine = c.run.load()
        #expect(
            pristine.files.allSatisfy {
                $0.state == .loaded || $0.state == .missing || $0.file == c.file
                    || { if case .superseded = $0.state { true } else { false } }($0)
            },
            "the undamaged sample must load: \(pristine.diagnostics)")
        let format = EvidenceFormat(file: c.file)
        for variant in MalformedVariant.all(of: c.run.files[c.file]!, format: format, includeHugeLine: c.includeHugeLine) {
            let bundle = c.run.load(replacing: c.file, with: variant.bytes)
            let context = "\(c) — \(variant)"
            switch bundle.status(of: c.file) {
            case .malformed(let d)?:
                Self.expectUseful(d, file: c.file, context: context)
                #expect(bundle.diagnostics.contains(d), "\(context): the diagnostic is not reported")
            case .loaded?, .superseded?:
                #expect(!Self.mustReject(variant, format), "\(context): accepted, expected a diagnostic")
            case let other:
                Issue.record("\(context): status \(String(describing: other))")
            }
            let skip = Self.dependents(of: c.file).union([c.file])
            for status in pristine.files where !skip.contains(status.file) {
                #expect(
                    bundle.status(of: status.file) == status.state,
                    "\(context): \(status.file) changed from \(status.state) to \(String(describing: bundle.status(of: status.file)))")
            }
            for d in bundle.diagnostics where d.file == c.file {
                #expect(d.position != nil || d.severity != .error, "\(context): error without a position: \(d)")
                #expect(d.message.count < 1_000, "\(context): a diagnostic of \(d.message.count) characters")
            }
        }
    }

    /// Every sample carries the same rules.json, so one copy is damaged.
    @Test func damagedRulesAreDiagnosed() throws {
        let original = try #require(Self.runs[0].files[EvidenceLayout.rules])
        for variant in MalformedVariant.all(of: original, format: .json, includeHugeLine: true) {
            var warnings: [Diagnostic] = []
            do {
                _ = try RulesReader.read(variant.bytes, file: EvidenceLayout.rules, warnings: &warnings)
                #expect(!Self.mustReject(variant, .json), "rules.json — \(variant): accepted, expected a diagnostic")
            } catch {
                Self.expectUseful(error, file: EvidenceLayout.rules, context: "rules.json — \(variant)")
            }
        }
    }

    /// The result bundle row (`results/NAME.xcresult/`): its Info.plist and every object
    /// and refs file of `Data/` cut short, emptied and overwritten with garbage. The
    /// bundle's state names what failed, an error says where in the bundle, and the
    /// files beside the bundle load as they did.
    @Test func damagedResultBundleIsDiagnosedAndTheRestLoads() throws {
        var w = XCResultWriter()
        XCResultFixture(actions: [
            .init(runs: [
                XCResultFixture.Run(identifier: "T/testA()", status: "Success"),
                XCResultFixture.Run(identifier: "T/testB()", status: "Failure", failures: [("boom", "T.swift", 3)]),
            ])
        ]).write(into: &w)
        var files = w.files
        for file in [EvidenceLayout.runMetadata, EvidenceLayout.inventoryJSON, EvidenceLayout.duTotals, EvidenceLayout.steps] {
            files[file] = Self.runs[0].files[file]
        }
        let run = SampleRun(name: "xcresult", files: files)
        let data = w.path("Data")
        let pristine = run.load()
        #expect(pristine.status(of: data) == .loaded && pristine.status(of: w.path("Info.plist")) == .loaded)
        for file in w.files.keys.sorted() {
            let original = w.files[file]!
            var variants: [(String, [UInt8])] = [("empty", []), ("garbage", Array("\u{1b}[2Jnot an object".utf8))]
            for eighth in [1, 4, 7] { variants.append(("cut at \(eighth)/8", Array(original.prefix(original.count * eighth / 8)))) }
            for (label, bytes) in variants where bytes != original {
                let bundle = run.load(replacing: file, with: bytes)
                let context = "\(file) — \(label)"
                let isInfo = file == w.path("Info.plist")
                switch bundle.status(of: isInfo ? file : data) {
                case .malformed(let d)?:
                    #expect(d.severity == .error && d.file.hasPrefix(w.bundlePath + "/"), "\(context): \(d)")
                    if isInfo { Self.expectUseful(d, file: file, context: context) }
                    #expect(
                        bundle.diagnostics.contains { $0.severity == .error && ($0.file == file || $0.message.contains(file)) },
                        "\(context): no error names the damaged file: \(bundle.diagnostics)")
                case .loaded?:
                    // Refs of a leaf may lose nothing that matters; an Info.plist cut short never loads.
                    #expect(!isInfo, "\(context): accepted, expected a diagnostic")
                case let other:
                    Issue.record("\(context): status \(String(describing: other))")
                }
                for status in pristine.files where !status.file.hasPrefix(w.bundlePath) && status.file != EvidenceLayout.resultsDirectory {
                    #expect(bundle.status(of: status.file) == status.state, "\(context): \(status.file) changed")
                }
            }
        }
    }

    /// JSON and XML cannot survive losing their end, being empty or nesting 10,000
    /// deep (every reader bounds nesting far below that). Text lists may.
    static func mustReject(_ v: MalformedVariant, _ format: EvidenceFormat) -> Bool {
        guard format != .text else { return false }
        return [.truncated, .empty, .deepNesting].contains(v.kind)
    }

    /// How the readers phrase what they wanted: "expected …", "no line has the du -sk
    /// shape …", "this exhibit reads version 1", "ncdu exports have major version 1".
    static let expectationWords = ["expected", "shape", "reads version", "have major version"]

    /// Names the file, has a position, and says what was expected.
    static func expectUseful(
        _ d: Diagnostic, file: String, context: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(d.file == file, "\(context): names \(d.file)", sourceLocation: sourceLocation)
        #expect(d.severity == .error, "\(context): \(d)", sourceLocation: sourceLocation)
        #expect(d.position != nil, "\(context): no position in \(d)", sourceLocation: sourceLocation)
        let message = d.message.lowercased()
        #expect(
            expectationWords.contains(where: { message.contains($0) }), "\(context): no expectation in \(d)",
            sourceLocation: sourceLocation)
        #expect(d.message.count < 600, "\(context): message of \(d.message.count) characters", sourceLocation: sourceLocation)
    }
}
