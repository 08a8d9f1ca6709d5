import Foundation
import Testing

@testable import ExhibitCore
@testable import ExhibitRules
@testable import ExhibitSynthetic

/// The report order (keys compared with `memcmp`, violations moved along the
/// permutation's cycles) and `Classifier.link` (one pass per basis, a per-directory
/// pre-check, the same-directory fast path of `AncestorLookup`) against the plain code
/// they replaced, on random violations.
@Suite struct ReportOrderAndLinkDifferentialTests {
    static let components = [
        "Library", "Application Support", "Downloads", "tmp", "Exports", "Documents", "Café Menu 1", "Cafe\u{301} Menu 1",
        "x.bin", "a", "a b", "a-b", "vault.sqlite", "KELVIN\u{212A}", "İstanbul", "日本語ガイド 8",
    ]

    static func randomPath(_ rng: inout SplitMix64) -> String {
        var parts: [String] = []
        for _ in 0..<(1 + Int(rng.next() % 5)) { parts.append(components[Int(rng.next() % UInt64(components.count))]) }
        var path = parts.joined(separator: "/")
        if rng.next() % 25 == 0 { path = "/" + path }
        if rng.next() % 25 == 0 { path += "/" }
        if rng.next() % 40 == 0 { path = path.replacingOccurrences(of: "/", with: "//") }
        return path
    }

    static func randomViolations(_ rng: inout SplitMix64, count: Int) -> [Violation] {
        let steps: [String?] = [nil, "first install: seed vault", "retry: resume failed download", "testTmpEmptyAfterRun setup"]
        let rules: [String?] = [nil, "rule-1", "rule-10", "tmp-empty", "vault-db", "com.example:syncToken", "ab"]
        return (0..<count).map { i in
            let kind = ViolationKind.allCases[Int(rng.next() % UInt64(ViolationKind.allCases.count))]
            return Violation(
                kind: kind, node: i, path: randomPath(&rng), size: UInt64(i), ruleName: rules[Int(rng.next() % UInt64(rules.count))],
                step: steps[Int(rng.next() % UInt64(steps.count))], reason: "r\(i)")
        }
    }

    static func rank(_ kind: ViolationKind) -> Int { ViolationKind.allCases.firstIndex(of: kind) ?? 0 }

    /// The report order as a plain stable sort over the keys it is defined by: the kind's
    /// rank, then the path's bytes, a NUL, the rule name's bytes.
    static func referenceOrder(_ violations: [Violation]) -> [Violation] {
        violations.enumerated().sorted { a, b in
            let ka = rank(a.element.kind)
            let kb = rank(b.element.kind)
            if ka != kb { return ka < kb }
            let x = Array(a.element.path.utf8) + [0] + Array((a.element.ruleName ?? "").utf8)
            let y = Array(b.element.path.utf8) + [0] + Array((b.element.ruleName ?? "").utf8)
            if x != y { return x.lexicographicallyPrecedes(y) }
            return a.offset < b.offset
        }.map(\.element)
    }

    @Test func theReportOrderIsAStableSortByKindPathAndRule() {
        var rng = SplitMix64(seed: 17)
        for round in 0..<200 {
            var violations = Self.randomViolations(&rng, count: Int(rng.next() % 300))
            let expected = Self.referenceOrder(violations)
            RulesEngine.sortInReportOrder(&violations)
            #expect(violations == expected, "round \(round)")
        }
    }

    /// `Classifier.link` as it was: one closure per basis, every candidate copied in.
    static func referenceLink(_ failure: TestFailure, test: String, candidates: [Int], in violations: [Violation]) -> TestLink? {
        let text = Array(failure.failureText.lowercased().utf8)
        let names = Classifier.testNames(failure)
        var stepMatches: [String: Bool] = [:]
        let bases: [(TestLinkBasis, (Violation) -> Bool)] = [
            (.path, { v in Classifier.mentions(text, v.path) }),
            (.directory, { v in Classifier.deepestMentionedAncestor(text, v.path) > 0 }),
            (
                .fileName,
                { v in
                    guard let name = Classifier.lastComponent(v.path), name.utf8.count >= 3 else { return false }
                    return Classifier.mentions(text, name)
                }
            ),
            (
                .ruleName,
                { v in
                    guard let rule = v.ruleName, rule.utf8.count >= 3 else { return false }
                    if v.kind == .preference, let key = rule.split(separator: ":").last, key.utf8.count >= 3, Classifier.mentions(text, String(key)) {
                        return true
                    }
                    return Classifier.mentions(text, rule)
                }
            ),
            (
                .step,
                { v in
                    guard let step = v.step else { return false }
                    if let known = stepMatches[step] { return known }
                    let stepBytes = Array(step.lowercased().utf8)
                    let found = names.contains { Classifier.mentions(stepBytes, $0) }
                    stepMatches[step] = found
                    return found
                }
            ),
        ]
        for (basis, matches) in bases {
            var hits = candidates.filter { matches(violations[$0]) }
            if basis == .directory, !hits.isEmpty {
                let depths = hits.map { Classifier.deepestMentionedAncestor(text, violations[$0].path) }
                let deepest = depths.max() ?? 0
                hits = zip(hits, depths).filter { $0.1 == deepest }.map(\.0)
            }
            if !hits.isEmpty { return TestLink(test: test, violations: hits, basis: basis) }
        }
        return nil
    }

    @Test func linkingAgreesWithTheClosureVersion() {
        let texts = [
            "Library/Application Support/Downloads is not excluded from backup", "tmp/Exports is not empty", "tmp is not empty",
            "x.bin still exists", "rule-10 broken", "vault.sqlite missing", "documents/café menu 1 has files",
            "Documents/Cafe\u{301} Menu 1/a b/x.bin left", "kelvin\u{212A} and İstanbul/日本語ガイド 8", "synctoken invalid", "nothing here",
        ]
        var rng = SplitMix64(seed: 29)
        var linked = 0
        for round in 0..<300 {
            var violations = Self.randomViolations(&rng, count: Int(rng.next() % 200))
            // The engine hands the classifier violations in report order; try both.
            if round % 2 == 0 { RulesEngine.sortInReportOrder(&violations) }
            let candidates = violations.indices.filter { _ in rng.next() % 4 != 0 }
            for text in texts {
                let failure = TestFailure(testName: "testTmpEmptyAfterRun()", identifier: nil, failureText: text)
                let got = Classifier.link(failure, test: "t", candidates: candidates, in: violations)
                let expected = Self.referenceLink(failure, test: "t", candidates: candidates, in: violations)
                if got != nil { linked += 1 }
                if got != expected { Issue.record("round \(round), \(text): \(String(describing: got)) != \(String(describing: expected))") }
                // The path pass on two cores, each half's hits joined, finds the same.
                let split = Classifier.link(failure, test: "t", candidates: candidates, in: violations, twoCoresFrom: 2)
                if split != expected { Issue.record("split, round \(round), \(text): \(String(describing: split)) != \(String(describing: expected))") }
            }
        }
        #expect(linked > 1_000)
    }
}
