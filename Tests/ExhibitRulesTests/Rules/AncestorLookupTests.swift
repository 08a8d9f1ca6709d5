import Testing

@testable import ExhibitCore
@testable import ExhibitRules
@testable import ExhibitSynthetic

/// `Classifier.AncestorLookup` (slashes found in place, the last directory remembered)
/// gives what `deepestMentionedAncestor` (split and join per call) gives, in any order.
@Suite struct AncestorLookupTests {
    static let texts = [
        "XCTAssertTrue failed - Library/Application Support/Downloads is not excluded from backup",
        "tmp/Exports is not empty", "tmp is not empty", "nothing here", "documents/café menu 1 has files",
        "Documents/Cafe\u{301} Menu 1 has files",
    ]
    static let components = [
        "Library", "Application Support", "Downloads", "tmp", "Exports", "Documents", "Café Menu 1",
        "Cafe\u{301} Menu 1", "x.bin", "a", "",
    ]

    @Test func agreesWithTheSplitVersionOnRandomPaths() {
        var rng = SplitMix64(seed: 42)
        var paths: [String] = []
        for _ in 0..<3_000 {
            let count = 1 + Int(rng.next() % 5)
            var parts: [String] = []
            for _ in 0..<count { parts.append(Self.components[Int(rng.next() % UInt64(Self.components.count))]) }
            var path = parts.joined(separator: "/")
            if rng.next() % 20 == 0 { path = "/" + path }
            if rng.next() % 20 == 0 { path += "/" }
            paths.append(path)
        }
        for text in Self.texts {
            let bytes = Array(text.lowercased().utf8)
            for order in [paths, paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }] {
                var lookup = Classifier.AncestorLookup(text: bytes)
                for path in order {
                    let expected = Classifier.deepestMentionedAncestor(bytes, path)
                    let got = lookup.depth(of: path)
                    if got != expected { Issue.record("\(text) | \(path): \(got) != \(expected)") }
                }
            }
        }
    }

    @Test func namesTheDeepestDirectoryTheTextMentions() {
        var lookup = Classifier.AncestorLookup(text: Array("tmp/exports is not empty".utf8))
        #expect(lookup.depth(of: "tmp/Exports/a/b.bin") == 2)
        #expect(lookup.depth(of: "tmp/Exports/a/c.bin") == 2)
        #expect(lookup.depth(of: "tmp/b.bin") == 1, "\"tmp/exports\" names tmp too")
        #expect(lookup.depth(of: "Documents/b.bin") == 0)
        #expect(lookup.depth(of: "tmp") == 0)
    }
}
