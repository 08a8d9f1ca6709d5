import ExhibitCore

/// Proposes a failure class for a run from its violations and failing tests: what the
/// terminal UI shows first and a person confirms or overrides.
///
/// Linking: a failing test is tied to the blocking violations its failure text names,
/// trying the strongest evidence first (relative path, then the deepest directory the
/// file is in, then file name, then the rule's logical name); only when the text names none of them, to the violations whose
/// creating step mentions the test's name. Warnings never explain a failure.
///
/// Proposal: the blocking kind that explains the most failing tests (then: has the most
/// violations; then the order unset attribute, misplaced file, skipped cleanup). With
/// no blocking violation the run is "not a backup-boundary failure". When the failing
/// tests are explained by configuration or preference findings (a stronger link than
/// any boundary violation's, or the background-task verdict "configuration regression"
/// for every failing test), the class is "not a boundary failure" and the proposal's
/// `finding` names what does explain them. Without test results the confidence says so.
public enum Classifier {
    /// - Parameters:
    ///   - backgroundTasks: the background-task verdict, when the rules declare tasks.
    ///   - hasTestResults: false when the bundle holds no test results at all (not the
    ///     same as results with no failing test).
    ///   - containerRecorded: false when no container inventory could be read: the
    ///     boundary was not checked, so no class is proposed (`containerNotChecked`).
    public static func classify(
        violations: [Violation], failures: [TestFailure], backgroundTasks: BackgroundTaskAssessment? = nil,
        hasTestResults: Bool = true, containerRecorded: Bool = true
    ) -> ClassificationProposal {
        classify(
            violations: ViolationList(violations), failures: failures, backgroundTasks: backgroundTasks, hasTestResults: hasTestResults,
            containerRecorded: containerRecorded)
    }

    /// The same over a `ViolationList`: fields read without making the violations, and
    /// each candidate's path made once for all failing tests.
    public static func classify(
        violations: ViolationList, failures: [TestFailure], backgroundTasks: BackgroundTaskAssessment? = nil,
        hasTestResults: Bool = true, containerRecorded: Bool = true
    ) -> ClassificationProposal {
        var proposal = classifyLinks(
            violations: violations, failures: failures, backgroundTasks: backgroundTasks, hasTestResults: hasTestResults)
        if !hasTestResults { proposal.confidence = .noTestResults }
        if !containerRecorded { sayTheContainerWasNotChecked(&proposal, failures: failures, hasTestResults: hasTestResults) }
        return proposal
    }

    /// What a run without test results says first, wherever its proposal is shown.
    public static let noResultsRationale = "No test results in the bundle: what failed is not known."

    /// What a run without a readable container inventory says, wherever its proposal is shown.
    public static let notCheckedRationale =
        "No container inventory was read, so the backup boundary was not checked: its violations are unknown and no class is proposed."

    /// Without an inventory no boundary violation could be found, so "no blocking
    /// violation" proves nothing: the proposal says the container was not checked and
    /// proposes no class. A finding that explains the tests (the app's configuration or
    /// preferences, read without the inventory) is still named.
    private static func sayTheContainerWasNotChecked(_ proposal: inout ClassificationProposal, failures: [TestFailure], hasTestResults: Bool) {
        // A boundary class can only come from violations the inventory gave.
        guard proposal.proposed == .notBoundaryFailure else { return }
        proposal.confidence = .containerNotChecked
        var rationale = (hasTestResults ? "" : noResultsRationale + " ") + notCheckedRationale
        if let finding = proposal.finding {
            rationale += " The failing tests point to a \(finding.title), which was checked without it."
        } else if !failures.isEmpty {
            rationale +=
                " \(count(failures.count, "failing test")) \(failures.count == 1 ? "is" : "are") explained by nothing that was checked."
        } else if hasTestResults {
            rationale += " No test failed."
        }
        proposal.rationale = rationale
    }

    private static func classifyLinks(
        violations: ViolationList, failures: [TestFailure], backgroundTasks: BackgroundTaskAssessment?, hasTestResults: Bool
    ) -> ClassificationProposal {
        // At 900,000 violations an index array is 7 MB, and filtered arrays of all
        // blocking ones and of the boundary ones (each regrown while it filled) were the
        // check's peak. The boundary violations of a report in report order are one run
        // of indices (their kinds sort first), taken as a range; otherwise, and for the
        // findings, an array reserved at its size.
        var boundaryCount = 0
        var findingCount = 0
        var firstBoundary = 0
        var lastBoundary = -1
        for i in violations.indices {
            let kind = violations.kind(at: i)
            guard kind.isBlocking else { continue }
            if kind.isBoundaryFailure {
                if boundaryCount == 0 { firstBoundary = i }
                lastBoundary = i
                boundaryCount += 1
            } else {
                findingCount += 1
            }
        }
        var findings: [Int] = []
        findings.reserveCapacity(findingCount)
        for i in violations.indices where violations.kind(at: i).isBlocking && !violations.kind(at: i).isBoundaryFailure { findings.append(i) }
        if lastBoundary - firstBoundary + 1 == boundaryCount {
            return classifyLinks(
                violations: violations, boundary: firstBoundary..<(lastBoundary + 1), findings: findings, failures: failures,
                backgroundTasks: backgroundTasks, hasTestResults: hasTestResults)
        }
        var boundary: [Int] = []
        boundary.reserveCapacity(boundaryCount)
        for i in violations.indices where violations.kind(at: i).isBoundaryFailure { boundary.append(i) }
        return classifyLinks(
            violations: violations, boundary: boundary, findings: findings, failures: failures, backgroundTasks: backgroundTasks,
            hasTestResults: hasTestResults)
    }

    /// `boundary`: the indices of the blocking violations of a backup-boundary kind, in
    /// order; `findings`: those of the other blocking kinds.
    private static func classifyLinks(
        violations: ViolationList, boundary: some RandomAccessCollection<Int>, findings: [Int], failures: [TestFailure],
        backgroundTasks: BackgroundTaskAssessment?, hasTestResults: Bool
    ) -> ClassificationProposal {
        let blockingCount = boundary.count + findings.count
        var links: [TestLink] = []
        var unexplained: [String] = []
        // Tests explained only by configuration or preference findings: they do not
        // support a backup-boundary class, whatever else the container shows.
        var explainedByFindings: [String] = []
        let configurationTests = backgroundTasks?.cause == .configurationRegression ? Set(backgroundTasks?.relatedTests ?? []) : []
        let tests = failures.map { (failure: $0, test: $0.identifier ?? $0.testName) }
        let boundaryLinks = Self.links(tests, candidates: boundary, in: violations)
        let findingLinks = Self.links(tests, candidates: findings, in: violations)
        for k in failures.indices {
            let test = tests[k].test
            let toBoundary = boundaryLinks[k]
            let toFindings = findingLinks[k]
            // The stronger basis wins: a failure naming a task identifier is about that
            // task, not about a file its creating step also made.
            if let b = toBoundary, toFindings.map({ b.basis.strength <= $0.basis.strength }) ?? true, !configurationTests.contains(test) {
                links.append(b)
            } else if let f = toFindings {
                links.append(f)
                explainedByFindings.append(test)
            } else if configurationTests.contains(test) {
                explainedByFindings.append(test)
            } else if let b = toBoundary {
                links.append(b)
            } else if !unexplained.contains(test) {
                unexplained.append(test)
            }
        }
        let finding = explainingFinding(
            explainedByFindings.count == failures.count && !failures.isEmpty, findings: findings, violations: violations,
            configurationTests: !configurationTests.isEmpty)

        let boundaryLinked = links.contains { $0.violations.contains { violations.kind(at: $0).isBoundaryFailure } }
        if !boundary.isEmpty, !failures.isEmpty, !boundaryLinked, !explainedByFindings.isEmpty {
            let kinds = ViolationKind.allCases.filter { k in findings.contains { violations.kind(at: $0) == k } }
            var rationale: String
            if let first = findings.first {
                let example = violations[first]
                rationale =
                    "The failing tests point to \(kinds.map(\.title).joined(separator: " and ")) findings"
                    + " (e.g. \(example.ruleName ?? "policy"): \(example.reason)), not to the container's"
                    + " \(count(boundary.count, "backup-boundary violation"))"
            } else {
                // Only the background-task verdict explains them ("not permitted" in the failure).
                rationale =
                    "The failing tests point to the background-task configuration"
                    + " (\(backgroundTasks?.rationale ?? "configuration regression")), not to the container's"
                    + " \(count(boundary.count, "backup-boundary violation"))"
            }
            rationale += unexplained.isEmpty ? "." : "; \(count(unexplained.count, "failing test")) of \(failures.count) explained by none."
            return ClassificationProposal(
                proposed: .notBoundaryFailure, confidence: unexplained.isEmpty ? .mixed : .unexplainedFailures,
                evidence: findings, links: links, unexplainedTests: unexplained, rationale: rationale,
                finding: unexplained.isEmpty ? finding : nil)
        }
        if boundary.isEmpty, !findings.isEmpty {
            // Configuration and preference findings block, but are no backup-boundary class.
            // With no boundary violation the blocking ones are the findings.
            let kinds = ViolationKind.allCases.filter { k in findings.contains { violations.kind(at: $0) == k } }
            let example = violations[findings[0]]
            var rationale =
                "No backup-boundary violation, but \(count(findings.count, "finding")) of kind \(kinds.map(\.title).joined(separator: " and ")) (e.g. \(example.ruleName ?? "policy"): \(example.reason))"
            rationale += unexplained.isEmpty ? "." : "; \(count(unexplained.count, "failing test")) of \(failures.count) explained by none."
            return ClassificationProposal(
                proposed: .notBoundaryFailure, confidence: unexplained.isEmpty ? .clear : .unexplainedFailures,
                evidence: findings, links: links, unexplainedTests: unexplained, rationale: rationale,
                finding: unexplained.isEmpty ? (finding ?? kindFinding(findings, violations)) : nil)
        }
        guard blockingCount > 0 else {
            let rationale: String
            if !hasTestResults {
                rationale = noResultsRationale + " The container breaks no blocking rule."
            } else if failures.isEmpty {
                rationale = "No failing tests and no blocking violation: nothing points at a backup boundary."
            } else if finding == .configurationRegression, let why = backgroundTasks?.rationale {
                rationale = "No blocking violation; the failing tests are about background tasks. " + why
            } else {
                rationale =
                    "\(count(failures.count, "failing test")) but the container breaks no blocking rule, so the failure is probably not about the backup boundary."
            }
            return ClassificationProposal(
                proposed: .notBoundaryFailure, confidence: .noEvidence, evidence: [], links: links,
                unexplainedTests: unexplained, rationale: rationale, finding: finding)
        }

        let kinds: [ViolationKind] = [.unsetAttribute, .misplacedFile, .skippedCleanup]
        let presentKinds = kinds.filter { k in boundary.contains { violations.kind(at: $0) == k } }
        func testsExplained(by kind: ViolationKind) -> Int {
            links.filter { $0.violations.contains { violations.kind(at: $0) == kind } }.count
        }
        func violationCount(_ kind: ViolationKind) -> Int { boundary.reduce(0) { violations.kind(at: $1) == kind ? $0 + 1 : $0 } }
        let best =
            presentKinds.max { a, b in
                let ta = testsExplained(by: a)
                let tb = testsExplained(by: b)
                if ta != tb { return ta < tb }
                let va = violationCount(a)
                let vb = violationCount(b)
                if va != vb { return va < vb }
                return kinds.firstIndex(of: a)! > kinds.firstIndex(of: b)!  // earlier kind wins ties
            } ?? .unsetAttribute
        let proposed = FailureClass(violationKind: best) ?? .notBoundaryFailure
        // One kind present: the evidence is every boundary violation.
        let evidence = presentKinds.count == 1 ? Array(boundary) : boundary.filter { violations.kind(at: $0) == best }

        let confidence: ClassificationProposal.Confidence
        if !unexplained.isEmpty {
            confidence = .unexplainedFailures
        } else if presentKinds.count > 1 || !findings.isEmpty {
            confidence = .mixed
        } else {
            confidence = .clear
        }

        let what = "\(count(evidence.count, "\(best.title) violation"))"
        let example = violations[evidence[0]]
        let exampleText = "\(example.ruleName ?? "policy"): \(example.reason)"
        let rationale: String
        switch confidence {
        case .clear:
            rationale =
                failures.isEmpty
                ? "All blocking violations are \(best.title)s (\(what), e.g. \(exampleText)); "
                    + (hasTestResults ? "no test failed." : "no test results in the bundle.")
                : "All blocking violations are \(best.title)s and they explain every failing test (\(what), e.g. \(exampleText))."
        case .mixed:
            let others = presentKinds.filter { $0 != best }.map { "\($0.title) violations" }.joined(separator: " and ")
            let testsElsewhere =
                explainedByFindings.isEmpty
                ? ""
                : " \(count(explainedByFindings.count, "failing test")) \(explainedByFindings.count == 1 ? "points" : "point") only to configuration or preference findings."
            rationale =
                others.isEmpty
                ? "\(what.prefix(1).uppercased() + what.dropFirst()) (e.g. \(exampleText)).\(testsElsewhere)"
                : "Mostly \(best.title) (\(what), e.g. \(exampleText)), but the container also shows \(others).\(testsElsewhere)"
        case .unexplainedFailures, .noEvidence, .noTestResults, .containerNotChecked, .notDecided:
            rationale =
                "\(what) (e.g. \(exampleText)) found, but \(count(unexplained.count, "failing test")) of \(failures.count) \(unexplained.count == 1 ? "is" : "are") explained by no violation."
        }
        let others = findings.count
        let also = others > 0 ? " The run also has \(count(others, "configuration or preference finding")), which are not boundary failures." : ""
        return ClassificationProposal(
            proposed: proposed, confidence: confidence, evidence: evidence, links: links,
            unexplainedTests: unexplained, rationale: rationale + also)
    }

    /// The finding that explains every failing test, when configuration or preference
    /// findings (or the background-task verdict) do: configuration first, as the
    /// system refusing a task fails whatever the preferences hold.
    private static func explainingFinding(
        _ allExplained: Bool, findings: [Int], violations: ViolationList, configurationTests: Bool
    ) -> ProposalFinding? {
        guard allExplained else { return nil }
        if configurationTests { return .configurationRegression }
        return kindFinding(findings, violations)
    }

    /// The finding named by the kinds of these violations, configuration first.
    private static func kindFinding(_ indices: [Int], _ violations: ViolationList) -> ProposalFinding? {
        if indices.contains(where: { violations.kind(at: $0) == .configuration }) { return .configurationRegression }
        if indices.contains(where: { violations.kind(at: $0) == .preference }) { return .preferenceRegression }
        return nil
    }

    /// The strongest link from one failing test to blocking violations, or nil.
    static func link(
        _ failure: TestFailure, test: String, candidates: [Int], in violations: [Violation], twoCoresFrom: Int = pathPassTwoCoresFrom
    ) -> TestLink? {
        links([(failure, test)], candidates: candidates, in: ViolationList(violations), twoCoresFrom: twoCoresFrom)[0]
    }

    /// The strongest link from each failing test to the candidates, or nil, trying the
    /// bases strongest first. The bases that read the path (path, directory) are tried
    /// for every test in one pass, so each candidate's path is made once (a grouped
    /// violation has none stored); file name, rule name and step follow, per test,
    /// only for a test that names no path or directory.
    static func links(
        _ tests: [(failure: TestFailure, test: String)], candidates: some RandomAccessCollection<Int>, in violations: ViolationList,
        twoCoresFrom: Int = pathPassTwoCoresFrom
    ) -> [TestLink?] {
        var scans = tests.map { LinkScan(text: Array($0.failure.failureText.lowercased().utf8), names: testNames($0.failure)) }
        guard !scans.isEmpty else { return [] }
        // The path pass reads every candidate's path: on two cores for a large container,
        // each half's hits kept in candidate order and joined (`PathHits.joined`).
        let (first, second) = TwoCores.halves(candidates.count, from: twoCoresFrom) { half in
            let start = candidates.index(candidates.startIndex, offsetBy: half.lowerBound)
            var own = scans
            return pathHits(candidates[start..<candidates.index(start, offsetBy: half.count)], in: violations, scans: &own)
        }
        let found = second.map { first.joined($0) } ?? first
        return scans.indices.map { k in
            func link(_ hits: [Int], _ basis: TestLinkBasis) -> TestLink {
                TestLink(test: tests[k].test, violations: hits, basis: basis, failingArguments: tests[k].failure.failingArguments)
            }
            if !found.path[k].isEmpty { return link(found.path[k], .path) }
            if !found.directory[k].isEmpty { return link(found.directory[k], .directory) }
            for basis in [TestLinkBasis.fileName, .ruleName, .step] {
                let hits = scans[k].hits(basis, candidates: candidates, in: violations)
                if !hits.isEmpty { return link(hits, basis) }
            }
            return nil
        }
    }

    /// Candidates from which the path pass of `links` takes two cores (tests pass a lower bound).
    static let pathPassTwoCoresFrom = 50_000

    /// What the path pass found for each test: the candidates whose path it names, and
    /// those under the deepest directory it names (`deepest` components; 0 for none).
    struct PathHits {
        var path: [[Int]]
        var directory: [[Int]]
        var deepest: [Int]

        /// Candidate `i` is below a directory test `k` names, `depth` components deep (0: none).
        mutating func addDirectoryHit(_ i: Int, depth: Int, test k: Int) {
            if depth == 0 || depth < deepest[k] { return }
            if depth > deepest[k] {
                deepest[k] = depth
                directory[k].removeAll()
            }
            directory[k].append(i)
        }

        /// These hits, then `later`'s (found among later candidates): what one pass over
        /// both runs of candidates finds.
        func joined(_ later: PathHits) -> PathHits {
            var out = self
            for k in path.indices {
                out.path[k] += later.path[k]
                if later.deepest[k] > deepest[k] {
                    out.deepest[k] = later.deepest[k]
                    out.directory[k] = later.directory[k]
                } else if later.deepest[k] == deepest[k] {
                    out.directory[k] += later.directory[k]
                }
            }
            return out
        }
    }

    /// The path and directory bases for every test, over `candidates` in order: each
    /// candidate's path is made once, and not at all for a file of the directory the
    /// path before was in when no test can name it (below).
    private static func pathHits(_ candidates: some Collection<Int>, in violations: ViolationList, scans: inout [LinkScan]) -> PathHits {
        var hits = PathHits(
            path: Array(repeating: [], count: scans.count), directory: Array(repeating: [], count: scans.count),
            deepest: Array(repeating: 0, count: scans.count))
        // Each path's UTF-8 (as `path(at:)` holds it) into one reused buffer: no `String`
        // per candidate (a third of this loop at 900,000 violations).
        var path: [UInt8] = []
        var prefix = DirectoryPathPrefix()
        // What the last path made says of every path in its directory: whether some test
        // may name such a path (`DirectoryMentionFilter` decides by the directory), and
        // the deepest directory above it each test names (`AncestorLookup`, the same).
        // A later candidate in that directory (the same parent node, and a name that is
        // not empty and holds no `/`, so its path is that directory, `/` and the name)
        // takes both without its path being made: at 900,000 violations in folders of a
        // hundred files, most paths were made only to be turned down by the directory.
        var sameDirectory = SameDirectoryAnswers(depths: Array(repeating: 0, count: scans.count))
        // The nodes and names read through the walk's views: an `Inventory` bound per
        // candidate retained and released each of its arrays.
        func pass(_ storage: Inventory.RulesWalkStorage?) {
            for i in candidates {
                let node = violations.grouped(at: i)?.node
                if let storage, let node, sameDirectory.answers(for: node, in: storage) {
                    for k in scans.indices { hits.addDirectoryHit(i, depth: sameDirectory.depths[k], test: k) }
                    continue
                }
                violations.pathUTF8(at: i, into: &path, prefix: &prefix)
                var anyMayName = false
                path.withUnsafeBufferPointer { path in
                    for k in scans.indices {
                        let mayName = scans[k].directories.mayMention(path)
                        anyMayName = anyMayName || mayName
                        if mayName, scans[k].names(path) { hits.path[k].append(i) }
                        // "tmp/Exports is not empty" explains what is in tmp/Exports, not all of tmp.
                        let depth = scans[k].ancestors.depth(of: path)
                        sameDirectory.depths[k] = depth
                        hits.addDirectoryHit(i, depth: depth, test: k)
                    }
                }
                sameDirectory.remember(node, in: storage, noTestMayName: !anyMayName)
            }
        }
        if let inventory = violations.source?.inventory {
            inventory.withRulesWalkStorage { pass($0) }
        } else {
            pass(nil)
        }
        return hits
    }

    /// The directory answers `pathHits` reuses, and for which parent node they hold.
    private struct SameDirectoryAnswers {
        var depths: [Int]
        private var parent: Int32 = -1

        init(depths: [Int]) { self.depths = depths }

        /// Whether the answers hold for `node`'s path: its parent is the one they were
        /// found for, and its name is a plain last component.
        func answers(for node: Int, in storage: Inventory.RulesWalkStorage) -> Bool {
            parent >= 0 && storage.nodes[node].parent == parent && Self.isPlainComponent(node, storage)
        }

        /// After a path was made for `node` (nil: not a grouped violation): the answers
        /// now held are for its directory, when no test may name a path there.
        mutating func remember(_ node: Int?, in storage: Inventory.RulesWalkStorage?, noTestMayName: Bool) {
            guard noTestMayName, let node, let storage, Self.isPlainComponent(node, storage) else {
                parent = -1
                return
            }
            parent = storage.nodes[node].parent
        }

        /// Not empty and no `/`: the path is the parent's, `/` and this name.
        private static func isPlainComponent(_ node: Int, _ storage: Inventory.RulesWalkStorage) -> Bool {
            let name = storage.name(storage.nodes[node])
            return !name.isEmpty && !name.contains(UInt8(ascii: "/"))
        }
    }

    /// What `links` remembers while it tries one failing test's text against the bases.
    private struct LinkScan {
        let text: [UInt8]
        let names: [String]
        /// Steps repeat across thousands of violations: each distinct step is decided once.
        var stepMatches: [String: Bool] = [:]
        var ancestors: AncestorLookup
        var directories: DirectoryMentionFilter

        init(text: [UInt8], names: [String]) {
            self.text = text
            self.names = names
            ancestors = AncestorLookup(text: text)
            directories = DirectoryMentionFilter(text: text)
        }

        /// The path basis: the text names the relative path (its valid UTF-8).
        mutating func names(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
            directories.mayMention(path) && mentions(text, String(decoding: path, as: UTF8.self))
        }

        /// File name, rule name or step, reading only the fields it needs.
        mutating func hits(_ basis: TestLinkBasis, candidates: some Collection<Int>, in violations: ViolationList) -> [Int] {
            var hits: [Int] = []
            for i in candidates {
                switch basis {
                case .path, .directory:
                    continue  // tried with the path, in `links`
                case .fileName:
                    if let name = violations.plainName(at: i) {
                        if name.utf8.count >= 3, mentions(text, name) { hits.append(i) }
                    } else {
                        let path = violations.path(at: i)
                        guard let name = lastComponent(path), name.utf8.count >= 3 else { continue }
                        if mentions(text, name) { hits.append(i) }
                    }
                case .ruleName:
                    guard let rule = violations.ruleName(at: i), rule.utf8.count >= 3 else { continue }
                    // A preference contract is named `domain:key`; tests name the key.
                    if violations.kind(at: i) == .preference, let key = rule.split(separator: ":").last, key.utf8.count >= 3,
                        mentions(text, String(key))
                    {
                        hits.append(i)
                    } else if mentions(text, rule) {
                        hits.append(i)
                    }
                case .step:
                    guard let step = violations.step(at: i) else { continue }
                    let found: Bool
                    if let known = stepMatches[step] {
                        found = known
                    } else {
                        let stepBytes = Array(step.lowercased().utf8)
                        found = names.contains { mentions(stepBytes, $0) }
                        stepMatches[step] = found
                    }
                    if found { hits.append(i) }
                }
            }
            return hits
        }
    }

    /// Components of the deepest proper ancestor of `path` that `text` names, or 0.
    static func deepestMentionedAncestor(_ text: [UInt8], _ path: String) -> Int {
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        guard components.count > 1 else { return 0 }
        for depth in stride(from: components.count - 1, through: 1, by: -1) {
            if mentions(text, components[..<depth].joined(separator: "/")) { return depth }
        }
        return 0
    }

    /// No leading, trailing or doubled `/`: splitting on `/` then loses nothing.
    static func isPlainPath(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let slash = UInt8(ascii: "/")
        guard let first = bytes.first, first != slash, bytes.last != slash else { return false }
        var previousWasSlash = false
        for b in bytes {
            let isSlash = b == slash
            if isSlash && previousWasSlash { return false }
            previousWasSlash = isSlash
        }
        return true
    }

    /// The last non-empty `/`-separated component (what `split(separator: "/").last`
    /// gives), without splitting the whole path.
    static func lastComponent(_ path: String) -> Substring? {
        // On the UTF-8 view: `/` is ASCII, so its indices are valid String indices, and
        // no Character (grapheme) has to be formed.
        let bytes = path.utf8
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[bytes.index(before: end)] == UInt8(ascii: "/") { end = bytes.index(before: end) }
        guard end > bytes.startIndex else { return nil }
        let start = bytes[..<end].lastIndex(of: UInt8(ascii: "/")).map { bytes.index(after: $0) } ?? bytes.startIndex
        return path[start..<end]
    }

    /// Whether `text` (lower-cased UTF-8) names `needle` as a whole word or path: the
    /// match may not continue a longer name on either side, so the path `tmp` is not
    /// found in "attempt" and `vault.sqlite` is not found in "vault.sqlite-wal". A path
    /// separator or a sentence's full stop after it is fine (`tmp/x`, "… Documents/a.db.").
    static func mentions<S: StringProtocol>(_ text: [UInt8], _ needle: S) -> Bool {
        // Cheap exact pre-check, run once per violation and failure: `lowercased()` maps
        // scalar by scalar and keeps ASCII as ASCII, so the needle's longest ASCII run,
        // lower-cased, must occur in the text. Most needles fail here without allocating.
        guard containsLongestASCIIRun(of: needle, in: text) else { return false }
        let n = Array(needle.lowercased().utf8)
        guard !n.isEmpty, n.count <= text.count else { return false }
        var start = 0
        while start + n.count <= text.count {
            guard let i = firstIndex(of: n, in: text, from: start) else { return false }
            let end = i + n.count
            let before = i == 0 ? nil : text[i - 1]
            let after = end == text.count ? nil : text[end]
            let afterAfter = end + 1 < text.count ? text[end + 1] : nil
            let openOK = before.map { !continuesName($0) } ?? true
            let closeOK: Bool
            switch after {
            case nil: closeOK = true
            case UInt8(ascii: "."): closeOK = afterAfter.map { !continuesName($0) } ?? true
            case let a?: closeOK = !continuesName(a)
            }
            if openOK && closeOK { return true }
            start = i + 1
        }
        return false
    }

    /// False when the longest run of ASCII bytes in `needle`, lower-cased, is not a
    /// substring of `text`; true otherwise (including when the needle has no ASCII).
    private static func containsLongestASCIIRun<S: StringProtocol>(of needle: S, in text: [UInt8]) -> Bool {
        let checked = needle.utf8.withContiguousStorageIfAvailable { containsLongestASCIIRun(of: $0, in: text) }
        return checked ?? containsLongestASCIIRun(of: Array(needle.utf8)[...], in: text)
    }

    private static func containsLongestASCIIRun(of needle: ArraySlice<UInt8>, in text: [UInt8]) -> Bool {
        needle.withUnsafeBufferPointer { containsLongestASCIIRun(of: $0, in: text) }
    }

    static func containsLongestASCIIRun(of needle: UnsafeBufferPointer<UInt8>, in text: [UInt8]) -> Bool {
        var bestStart = 0
        var bestLength = 0
        var runStart = 0
        for (offset, b) in needle.enumerated() {
            if b >= 0x80 {
                runStart = offset + 1
            } else if offset + 1 - runStart > bestLength {
                bestStart = runStart
                bestLength = offset + 1 - runStart
            }
        }
        guard bestLength > 0 else { return true }
        guard bestLength <= text.count else { return false }
        let first = lowerASCII(needle[bestStart])
        var i = 0
        while i + bestLength <= text.count {
            if text[i] == first {
                var k = 1
                while k < bestLength, text[i + k] == lowerASCII(needle[bestStart + k]) { k += 1 }
                if k == bestLength { return true }
            }
            i += 1
        }
        return false
    }

    @inline(__always)
    private static func lowerASCII(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }

    /// Bytes that can be part of a file or test name (letters, digits, `_`, `-`, `.`,
    /// and any non-ASCII byte). `/` is not one: it ends a component.
    private static func continuesName(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"),
            UInt8(ascii: "."), 0x80...0xFF:
            true
        default:
            false
        }
    }

    private static func firstIndex(of needle: [UInt8], in text: [UInt8], from start: Int) -> Int? {
        guard needle.count <= text.count else { return nil }
        var i = start
        while i + needle.count <= text.count {
            if text[i] == needle[0], ByteCompare.equal(text[i..<(i + needle.count)], needle) { return i }
            i += 1
        }
        return nil
    }

    /// The spellings of a test's name a step might use: `testRetryAfterFailure()` gives
    /// `testretryafterfailure` and `retryafterfailure`.
    /// Objective-C names (`-[BackupTests testRetry]`) give their method name.
    static func testNames(_ failure: TestFailure) -> [String] {
        var base = failure.testName
        if let paren = base.firstIndex(of: "(") { base = String(base[..<paren]) }
        if let last = base.split(whereSeparator: { "/. []-".contains($0) }).last { base = String(last) }
        base = base.lowercased()
        var names = [base]
        if base.hasPrefix("test"), base.count > 4 { names.append(String(base.dropFirst(4))) }
        return names
    }

    static func count(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }
}
