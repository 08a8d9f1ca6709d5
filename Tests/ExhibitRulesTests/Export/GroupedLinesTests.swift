import Testing

@testable import ExhibitCore
@testable import ExhibitRules
@testable import ExhibitSynthetic

/// `check`'s text writes a grouped violation's line from its node, the path's bytes
/// straight into the output (`appendGroupedMessage`), where other violations are made
/// and written by `appendMessage`. Checked here: the UTF-8 verdict that decides which
/// paths may be copied, against `String(decoding:)`; and whole reports over trees of
/// hostile names (invalid UTF-8 of every kind, NFD, controls and marks that are escaped,
/// glob metacharacters), against the same reports with every violation stored.
@Suite struct GroupedLinesTests {
    /// Byte sequences around every boundary of UTF-8's well-formed table: lead bytes
    /// C0–C1 and F5–FF, E0/ED/F0/F4's narrowed second bytes, truncated sequences.
    static var hostileBytes: [[UInt8]] {
        var out: [[UInt8]] = [[0x80], [0xBF], [0xC0, 0xAF], [0xC1, 0xBF], [0xC2], [0xC2, 0x41], [0xDF, 0xBF], [0xE0, 0x9F, 0x80]]
        out += [[0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xEE, 0x80], [0xEF, 0xBF, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF]]
        out += [[0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xFE]]
        out += [[0xF1, 0x80, 0x80], [0xE1, 0x80]]
        return out
    }

    @Test func theUTF8VerdictIsWhatStringDecodingKeeps() {
        var rng = SplitMix64(seed: 2026)
        var cases: [[UInt8]] = []
        // Each hostile sequence alone and at every offset of an ASCII word, both sides.
        for bytes in Self.hostileBytes {
            for pad in 0..<10 { cases.append(Array(repeating: 0x61, count: pad) + bytes + Array(repeating: 0x62, count: 9 - pad)) }
        }
        // Random bytes, mostly high ones, and random scalars' UTF-8 with a byte changed.
        for _ in 0..<20_000 {
            let n = Int(rng.next() % 14)
            cases.append((0..<n).map { _ in rng.next() % 3 == 0 ? UInt8(rng.next() % 0x80) : UInt8(0x80 + rng.next() % 0x80) })
        }
        for _ in 0..<5_000 {
            let scalar = Unicode.Scalar(UInt32(rng.next() % 0x11_0000)) ?? "x"
            var bytes = Array(("ab" + String(Character(scalar))).utf8)
            if rng.next() % 2 == 0 { bytes[Int(rng.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: rng.next()) }
            cases.append(bytes)
        }
        var invalid = 0
        for bytes in cases {
            let kept = Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes
            let verdict = bytes.withUnsafeBufferPointer { ReportText.isValidUTF8($0) }
            if !kept { invalid += 1 }
            if verdict != kept { Issue.record("\(bytes.map { String($0, radix: 16) }): \(verdict), String keeps them: \(kept)") }
        }
        #expect(invalid > 1_000 && invalid < cases.count)
    }

    /// Names a container should not have but may: every hostile byte sequence, NFD
    /// (which must not be normalised), escaped scalars, glob metacharacters.
    static let hostileNames: [[UInt8]] =
        hostileBytes.map { Array("f".utf8) + $0 + Array(".tmp".utf8) }
        + ["Cafe\u{301}", "Café", "a\u{7}b", "a\u{1B}[31m", "x\u{85}y", "rtl\u{202E}txt", "zw\u{200B}j", "bom\u{FEFF}", "back\\slash"].map { Array($0.utf8) }
        + ["*", "[a-m]*.bin", "?x", "**", "{a,b}", "a[!b]", "quote\"d", "tab\tname", "photo*.json"].map { Array($0.utf8) }

    static func hostileInventory(_ rng: inout SplitMix64) -> Inventory {
        var builder = InventoryBuilder()
        builder.flagRecording = .wholeContainer
        let pool = GroupedViolationsDifferentialTests.namePool + hostileNames
        func fill(_ parent: Int, depth: Int) {
            var used: Set<[UInt8]> = []
            for _ in 0..<(2 + Int(rng.next() % 6)) {
                let name = pool[Int(rng.next() % UInt64(pool.count))]
                guard used.insert(name).inserted else { continue }
                var a = InventoryBuilder.EntryAttributes(excluded: rng.next() % 5 == 0)
                if depth < 4, rng.next() % 3 == 0 {
                    let dir = builder.addEntry(name: name, parent: parent, isDirectory: true, a)
                    if rng.next() % 4 == 0 { builder.setStep(dir, "first \u{1B}install") }
                    fill(dir, depth: depth + 1)
                } else {
                    a.size = rng.next() % 3_000_000
                    let file = builder.addEntry(name: name, parent: parent, isDirectory: false, a)
                    if rng.next() % 2 == 0 { builder.setStep(file, rng.next() % 2 == 0 ? "retry download" : "setup") }
                }
            }
        }
        for top in GroupedViolationsDifferentialTests.topLevel {
            let dir = builder.addEntry(name: top, parent: Inventory.root, isDirectory: true, .init(excluded: false))
            fill(dir, depth: 2)
        }
        return builder.finish()
    }

    @Test func groupedLinesAreTheLinesOfTheMadeViolationsForHostileNames() {
        var rng = SplitMix64(seed: 1902)
        var lines = 0
        for round in 0..<80 {
            let inventory = Self.hostileInventory(&rng)
            var rules = GroupedViolationsDifferentialTests.randomRules(&rng)
            rules.rules.append(BackupRule(name: "glob-\u{1B}names", pattern: "**/*[*]*", requirement: .transient, owner: "@o\u{7}"))
            rules.rules.append(BackupRule(name: "all-f", pattern: "**/f*", requirement: .regenerable))
            let report = RulesEngine.check(
                inventory: inventory, failures: [], duTotals: nil, rules: rules, rulesSource: "rules.json", rulesDiagnostics: [])
            var stored = report
            stored.violations = ViolationList(Array(report.violations))
            lines += report.violations.indices.filter { report.violations.grouped(at: $0) != nil }.count
            let text = CheckReportFormatter.text(report, runID: "r")
            // As bytes: `String` equality is canonical equivalence, blind to NFD becoming NFC.
            #expect(Array(text.utf8) == Array(CheckReportFormatter.text(stored, runID: "r").utf8), "round \(round)")
            // Every line is the reference message of its violation.
            for i in report.violations.indices {
                let line = "  [\(i + 1)] " + ReportTextTests.referenceMessage(report.violations[i], in: inventory) + "\n"
                if !text.contains(line) { Issue.record("round \(round): no line \(line.debugDescription)") }
            }
        }
        #expect(lines > 2_000)
    }
}
