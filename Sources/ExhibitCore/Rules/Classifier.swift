/// Proposes a failure class for a run from its violations and failing tests: what the
/// terminal UI shows first and a person confirms or overrides.
///
/// Linking: a failing test is tied to the blocking violations its failure text names,
/// trying the strongest evidence first (relative path, then file name, then the rule's
/// logical name); only when the text names none of them, to the violations whose
/// creating step mentions the test's name. Warnings never explain a failure.
///
/// Proposal: the blocking kind that explains the most failing tests (then: has the most
/// violations; then the order unset attribute, misplaced file, skipped cleanup). With
/// no blocking violation the run is "not a backup-boundary failure".
public enum Classifier {
    public static func classify(violations: [Violation], failures: [TestFailure]) -> ClassificationProposal {
        let blocking = violations.indices.filter { violations[$0].kind.isBlocking }
        var links: [TestLink] = []
        var unexplained: [String] = []
        for failure in failures {
            let test = failure.identifier ?? failure.testName
            if let link = link(failure, test: test, candidates: blocking, in: violations) {
                links.append(link)
            } else if !unexplained.contains(test) {
                unexplained.append(test)
            }
        }

        guard !blocking.isEmpty else {
            let rationale: String
            if failures.isEmpty {
                rationale = "No failing tests and no blocking violation: nothing points at a backup boundary."
            } else {
                rationale = "\(count(failures.count, "failing test")) but the container breaks no blocking rule, so the failure is probably not about the backup boundary."
            }
            return ClassificationProposal(proposed: .notBoundaryFailure, confidence: .noEvidence, evidence: [], links: links,
                                          unexplainedTests: unexplained, rationale: rationale)
        }

        let kinds: [ViolationKind] = [.unsetAttribute, .misplacedFile, .skippedCleanup]
        let presentKinds = kinds.filter { k in blocking.contains { violations[$0].kind == k } }
        func testsExplained(by kind: ViolationKind) -> Int {
            links.filter { $0.violations.contains { violations[$0].kind == kind } }.count
        }
        func violationCount(_ kind: ViolationKind) -> Int { blocking.filter { violations[$0].kind == kind }.count }
        let best = presentKinds.max { a, b in
            let ta = testsExplained(by: a), tb = testsExplained(by: b)
            if ta != tb { return ta < tb }
            let va = violationCount(a), vb = violationCount(b)
            if va != vb { return va < vb }
            return kinds.firstIndex(of: a)! > kinds.firstIndex(of: b)!  // earlier kind wins ties
        } ?? .unsetAttribute
        let proposed = FailureClass(violationKind: best) ?? .notBoundaryFailure
        let evidence = blocking.filter { violations[$0].kind == best }

        let confidence: ClassificationProposal.Confidence
        if !unexplained.isEmpty {
            confidence = .unexplainedFailures
        } else if presentKinds.count > 1 {
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
            rationale = failures.isEmpty
                ? "All blocking violations are \(best.title)s (\(what), e.g. \(exampleText)); no test failed."
                : "All blocking violations are \(best.title)s and they explain every failing test (\(what), e.g. \(exampleText))."
        case .mixed:
            let others = presentKinds.filter { $0 != best }.map(\.title).joined(separator: " and ")
            rationale = "Mostly \(best.title) (\(what), e.g. \(exampleText)), but the container also shows \(others)."
        case .unexplainedFailures, .noEvidence:
            rationale = "\(what) (e.g. \(exampleText)) found, but \(count(unexplained.count, "failing test")) of \(failures.count) \(unexplained.count == 1 ? "is" : "are") explained by no violation."
        }
        return ClassificationProposal(proposed: proposed, confidence: confidence, evidence: evidence, links: links,
                                      unexplainedTests: unexplained, rationale: rationale)
    }

    /// The strongest link from one failing test to blocking violations, or nil.
    static func link(_ failure: TestFailure, test: String, candidates: [Int], in violations: [Violation]) -> TestLink? {
        let text = failure.failureText.lowercased()
        let bases: [(TestLinkBasis, (Violation) -> Bool)] = [
            (.path, { v in !v.path.isEmpty && text.contains(v.path.lowercased()) }),
            (.fileName, { v in
                let name = v.path.split(separator: "/").last.map(String.init) ?? ""
                return name.count >= 3 && text.contains(name.lowercased())
            }),
            (.ruleName, { v in
                guard let rule = v.ruleName, rule.count >= 3 else { return false }
                return text.contains(rule.lowercased())
            }),
            (.step, { v in
                guard let step = v.step?.lowercased() else { return false }
                return testNames(failure).contains { $0.count >= 3 && step.contains($0) }
            }),
        ]
        for (basis, matches) in bases {
            let hits = candidates.filter { matches(violations[$0]) }
            if !hits.isEmpty { return TestLink(test: test, violations: hits, basis: basis) }
        }
        return nil
    }

    /// The spellings of a test's name a step might use: `testRetryAfterFailure()` gives
    /// `testretryafterfailure` and `retryafterfailure`.
    static func testNames(_ failure: TestFailure) -> [String] {
        var base = failure.testName
        if let paren = base.firstIndex(of: "(") { base = String(base[..<paren]) }
        if let last = base.split(whereSeparator: { $0 == "/" || $0 == "." }).last { base = String(last) }
        base = base.lowercased()
        var names = [base]
        if base.hasPrefix("test"), base.count > 4 { names.append(String(base.dropFirst(4))) }
        return names
    }

    static func count(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }
}
