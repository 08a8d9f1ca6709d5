import Foundation
import Testing

@testable import ExhibitCore
@testable import ExhibitRules
@testable import ExhibitTestSupport
@testable import ExhibitTriageUI

/// Every string field of every artifact kind, one at a time, carries terminal controls
/// (ESC/CSI/OSC, OSC 52, one-byte C1 CSI, bidi override, zero-width) and invisible
/// format characters (soft hyphen, invisible operator, tag, Mongolian vowel separator,
/// grapheme joiner, interlinear annotation, deprecated format, Hangul fillers, a
/// selector after no emoji); every output is scanned for them raw: summary, check and
/// note in text, Markdown and JSON (the note file `x` writes is the Markdown), the run
/// list, the diff, and the screen.
///
/// Data-driven over `HostileArtifactKind.all`: a kind names a sample file and a
/// generator that yields one variant per string field; `everyRowIsHeldOrNamedAsNotYet`
/// ties the kinds to the artifact table.
@Suite struct EveryFieldEscapedTests {
    static let payload =
        "\u{1B}]0;owned\u{07}\u{1B}[2J\u{1B}]52;c;ZXZpbA==\u{07}\u{9B}31m\u{202E}\u{200B}"
        + "\u{AD}\u{2061}\u{E0041}\u{180E}\u{34F}\u{FFFB}\u{206A}\u{115F}\u{3164}\u{FFA0}x\u{FE0F}"

    /// What must never reach a terminal as itself. Newlines lay out text output. The
    /// payload holds no emoji, so an emoji selector or joiner in the output is one of it.
    static func isRawControl(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x0A: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
        case 0x200B, 0x200D, 0x2060, 0xFEFF: true
        case 0xAD, 0x2061...0x2064, 0xE0000...0xE007F, 0x180E, 0x34F, 0xFFF9...0xFFFB, 0x206A...0x206F: true
        case 0x115F, 0x1160, 0x3164, 0xFFA0, 0xFE0E, 0xFE0F: true
        default: TerminalText.needsEscape(s)
        }
    }

    struct HostileArtifactKind: Sendable {
        var name: String
        var sample: String
        var file: String
        /// One variant of the file per string field, each with `payload` in that field.
        var variants: @Sendable ([UInt8], String) -> [[UInt8]]

        static let all: [HostileArtifactKind] = [
            .init(name: "run metadata", sample: "run-2026-11-03-unset-attribute", file: EvidenceLayout.runMetadata, variants: jsonStrings),
            .init(name: "summary.json", sample: "run-2026-11-03-unset-attribute", file: EvidenceLayout.summaryJSON, variants: jsonStrings),
            .init(name: "tests.json", sample: "run-2026-11-03-unset-attribute", file: EvidenceLayout.testsJSON, variants: jsonStrings),
            .init(name: "legacy.json", sample: "run-2026-10-20-xcode15-legacy", file: EvidenceLayout.legacyJSON, variants: jsonStrings),
            .init(name: "junit.xml", sample: "run-2026-11-06-junit-files-list", file: EvidenceLayout.junitXML, variants: xmlValues),
            .init(name: "inventory.json", sample: "run-2026-11-03-unset-attribute", file: EvidenceLayout.inventoryJSON, variants: jsonStrings),
            .init(name: "files.txt", sample: "run-2026-11-06-junit-files-list", file: EvidenceLayout.filesList, variants: lineFields),
            .init(name: "du.txt", sample: "run-2026-11-03-unset-attribute", file: EvidenceLayout.duTotals, variants: lineFields),
            .init(name: "steps.tsv", sample: "run-2026-11-03-unset-attribute", file: EvidenceLayout.steps, variants: lineFields),
            .init(name: "rules.json", sample: "run-2026-11-08-background-tasks", file: EvidenceLayout.rules, variants: jsonStrings),
            .init(
                name: "xcresulttool version", sample: "run-2026-11-03-unset-attribute", file: EvidenceLayout.xcresulttoolVersion,
                variants: lineFields),
            .init(name: "result bundle Info.plist", sample: "run-2026-11-03-unset-attribute", file: "results/Info.plist", variants: xmlValues),
            .init(name: "app Info.plist", sample: "run-2026-11-08-background-tasks", file: EvidenceLayout.appInfoPlist, variants: xmlValues),
            .init(
                name: "preferences", sample: "run-2026-11-07-preferences", file: "container/preferences/com.example.vault.plist",
                variants: xmlValues),
        ]
    }

    // MARK: - Generators

    /// Each string value of a JSON document (at any depth), one at a time, with the
    /// payload appended (so enumerated values become unknown ones, as a hostile file has them).
    @Sendable static func jsonStrings(_ bytes: [UInt8], _ payload: String) -> [[UInt8]] {
        guard let root = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) else { return [] }
        // One variant per field: the first string at each key path (array indices left
        // out), so a list of 500 tests costs as much as one.
        var shapes: [String: Int] = [:]
        var count = 0
        collectShapes(root, path: "", into: &shapes, seen: &count)
        return shapes.values.sorted().compactMap { target in
            var seen = 0
            let changed = replacingString(in: root, at: target, with: payload, seen: &seen)
            return (try? JSONSerialization.data(withJSONObject: changed, options: [.fragmentsAllowed])).map { [UInt8]($0) }
        }
    }

    static func collectShapes(_ value: Any, path: String, into shapes: inout [String: Int], seen: inout Int) {
        switch value {
        case is String:
            if shapes[path] == nil { shapes[path] = seen }
            seen += 1
        case let a as [Any]:
            for e in a { collectShapes(e, path: path + "[]", into: &shapes, seen: &seen) }
        case let d as [String: Any]:
            for key in d.keys.sorted() { collectShapes(d[key]!, path: path + "." + key, into: &shapes, seen: &seen) }
        default: break
        }
    }

    /// `value` with its `target`-th string (in document order) appended to; counts them in `seen`.
    static func replacingString(in value: Any, at target: Int, with payload: String, seen: inout Int) -> Any {
        switch value {
        case let s as String:
            defer { seen += 1 }
            return seen == target ? s + payload : s
        case let a as [Any]:
            return a.map { replacingString(in: $0, at: target, with: payload, seen: &seen) }
        case let d as [String: Any]:
            var out: [String: Any] = [:]
            for key in d.keys.sorted() { out[key] = replacingString(in: d[key]!, at: target, with: payload, seen: &seen) }
            return out
        default:
            return value
        }
    }

    /// Each attribute value and each run of element text, one at a time (raw bytes, as a
    /// hostile reporter writes them).
    @Sendable static func xmlValues(_ bytes: [UInt8], _ payload: String) -> [[UInt8]] {
        var bytes = bytes
        if bytes.starts(with: Array("bplist".utf8)),
            let object = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil),
            let xml = try? PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
        {
            bytes = [UInt8](xml)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        // Insertion points: just before the closing quote of an attribute value, and just
        // before a `<` that ends non-blank text.
        var points: [String.Index] = []
        var inTag = false
        var quote: Character?
        var textStart: String.Index?
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            if let q = quote {
                if c == q {
                    points.append(i)
                    quote = nil
                }
            } else if inTag {
                if c == "\"" || c == "'" {
                    quote = c
                } else if c == ">" {
                    inTag = false
                    textStart = text.index(after: i)
                }
            } else if c == "<" {
                if let start = textStart, !text[start..<i].allSatisfy(\.isWhitespace) { points.append(i) }
                inTag = true
                textStart = nil
            }
            i = text.index(after: i)
        }
        return points.map { point in Array((String(text[..<point]) + payload + String(text[point...])).utf8) }
    }

    /// Each tab-separated field of each line (the first 40 lines), one at a time.
    @Sendable static func lineFields(_ bytes: [UInt8], _ payload: String) -> [[UInt8]] {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var out: [[UInt8]] = []
        // Lines of one file share their fields: the first three cover them.
        for (n, line) in lines.enumerated().filter({ !$0.element.isEmpty }).prefix(3) {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            for f in fields.indices {
                var changed = fields
                changed[f] += payload
                var copy = lines
                copy[n] = changed.joined(separator: "\t")
                out.append(Array(copy.joined(separator: "\n").utf8))
            }
        }
        return out
    }

    // MARK: - Outputs

    /// Every output made from one bundle, by name.
    static func outputs(of bundle: EvidenceBundle) -> [(String, String)] {
        let rules: CompiledRules
        var rulesDiagnostics: [Diagnostic] = []
        if let bytes = bundle.rules.bytes, let read = try? RulesReader.read(bytes, file: EvidenceLayout.rules, warnings: &rulesDiagnostics) {
            rules = RulesEngine.compile(read)
        } else {
            rules = RulesEngine.compile(RulesInventory.builtInDefaults)
        }
        let report = RulesEngine.check(bundle: bundle, compiled: rules, rulesSource: EvidenceLayout.rules, rulesDiagnostics: rulesDiagnostics)
        let note = TriageNote(bundle: bundle, report: report, record: nil)
        var out: [(String, String)] = [
            ("summary text", SummaryReport.text(bundle)), ("summary JSON", SummaryReport.json(bundle)),
            ("check text", CheckReportFormatter.text(report, runID: bundle.runID)),
            ("check JSON", CheckReportFormatter.json(report, runID: bundle.runID)),
            ("note Markdown (the file x writes)", note.markdown()), ("note JSON", note.json()),
        ]
        if let inventory = bundle.inventory {
            let diff = InventoryDiff(base: inventory, run: inventory, report: report)
            out.append(("diff text", diff.text(base: bundle.runID, run: bundle.runID)))
        }
        var state = TriageState(data: TriageData(bundle: bundle, report: report, rules: rules), rows: 40, cols: 120)
        for pane in 0..<4 {
            out.append(("screen pane \(pane)", TriageRenderer.render(state).text))
            state.press(.char("i"))
            out.append(("screen pane \(pane) details", TriageRenderer.render(state).text))
            state.press(.escape, .tab)
        }
        return out
    }

    /// Rows of the artifact table no kind above damages yet: their strings reach output
    /// only inside diagnostics (escaped by the readers), or, for the result bundle, through
    /// its own XCResult tests. A new row must join a kind or this list.
    static let rowsNotYetHeld: Set<EvidenceArtifact> = [.sizesList, .excludedList, .xattrDump, .timesList, .resultBundle]

    @Test func everyRowIsHeldOrNamedAsNotYet() {
        let held = Set(HostileArtifactKind.all.compactMap { EvidenceArtifact.row(for: $0.file) })
        #expect(held.isDisjoint(with: Self.rowsNotYetHeld))
        #expect(
            held.union(Self.rowsNotYetHeld) == Set(EvidenceArtifact.all),
            "rows neither held nor listed: \(Set(EvidenceArtifact.all).subtracting(held.union(Self.rowsNotYetHeld)))")
    }

    @Test(arguments: HostileArtifactKind.all.map(\.name))
    func everyStringFieldIsEscapedInEveryOutput(kind name: String) throws {
        let kind = try #require(HostileArtifactKind.all.first { $0.name == name })
        let sample = SampleRun(kind.sample)
        let original = try #require(sample.files[kind.file], "\(kind.sample) has no \(kind.file)")
        let variants = kind.variants(original, Self.payload)
        #expect(!variants.isEmpty, "no string field found in \(kind.file)")
        var leaks: [String] = []
        for (v, bytes) in variants.enumerated() {
            let bundle = sample.load(replacing: kind.file, with: bytes)
            for (output, text) in Self.outputs(of: bundle) {
                guard let bad = text.unicodeScalars.firstIndex(where: Self.isRawControl) else { continue }
                let context = String(text.unicodeScalars[bad...].prefix(30)).debugDescription
                leaks.append("field \(v) of \(kind.file) reaches \(output) raw: \(context)")
            }
        }
        #expect(leaks.isEmpty, "\(leaks.count) leak(s):\n\(leaks.prefix(12).joined(separator: "\n"))")
    }

    /// Diagnostics quote the bytes of the file already escaped; the presentation must
    /// not escape them again (`\\x1b`), and must still escape anything raw.
    @Test func quotedContentIsEscapedOnce() throws {
        let sample = SampleRun("run-2026-11-03-unset-attribute")
        let bundle = sample.load(replacing: EvidenceLayout.runMetadata, with: Array(#"{"finishTime":"\u001b[2J"}"#.utf8))
        let text = SummaryReport.text(bundle)
        #expect(text.contains(#"(\x1b[2J)"#) || text.contains(#""\x1b[2J""#), "\(text)")
        #expect(!text.contains(#"\\x1b"#), "\(text)")
        #expect(TerminalText.sanitized("found \"\\x1b\" and \u{1B}[2J") == #"found "\x1b" and \x1b[2J"#)
    }

    @Test func zeroWidthCharactersAreShownEscaped() {
        #expect(TerminalText.escape("a\u{200B}b\u{2060}c\u{FEFF}") == #"a\u{200B}b\u{2060}c\u{FEFF}"#)
        // Between two emoji, text keeps the joiner (`👩‍👧` reads as the sequence it is);
        // the grid escapes it (terminals draw it at different widths).
        #expect(TerminalText.escape("👩\u{200D}👧") == "👩\u{200D}👧")
        #expect(TerminalText.escape("👩\u{200D}👧", emoji: .escaped) == #"👩\u{200D}👧"#)
        #expect(TerminalText.escape("👩👧") == "👩👧")
        // Anywhere else it is invisible, and escaped.
        #expect(TerminalText.escape("a\u{200D}b") == #"a\u{200D}b"#)
    }

    @Test func runListEscapesEveryField() {
        let sample = SampleRun("run-2026-11-03-unset-attribute")
        for bytes in Self.jsonStrings(sample.files[EvidenceLayout.runMetadata]!, Self.payload) {
            var files = sample.files
            files[EvidenceLayout.runMetadata] = bytes
            let summary = RunSummaryReader.readHeadline(runID: "run\u{1B}[2J", from: MemoryEvidenceSource(files))
            for text in [RunListFormatter.text([summary]), RunListFormatter.json([summary])] {
                #expect(!text.unicodeScalars.contains(where: Self.isRawControl), "\(text.debugDescription)")
            }
        }
    }
}
