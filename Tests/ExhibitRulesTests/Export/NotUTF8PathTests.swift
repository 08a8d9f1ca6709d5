import Foundation
import Testing

@testable import ExhibitCore
@testable import ExhibitRules

/// A violation's path whose bytes are not UTF-8 (ncdu writes such names raw) is shown
/// as its escaped form, `\xNN` per byte, in text, JSON and the note: `String(decoding:)`
/// made `Documents/a\xff` and `Documents/a\xfe` two identical `Documents/a\u{FFFD}`
/// (2026-12-05 review). JSON, which cannot hold the bytes, carries the escaped form with
/// `"pathEscaped": true`, so it is told apart from a name that is those characters.
@Suite struct NotUTF8PathTests {
    static let ff: [UInt8] = Array("a".utf8) + [0xFF]
    static let fe: [UInt8] = Array("a".utf8) + [0xFE]
    /// A valid name that reads like the escaped form of `ff`: backslash, x, f, f.
    static let lookalike: [UInt8] = Array(#"a\xff"#.utf8)

    /// Documents holds the allowed database and three misplaced files whose names differ
    /// only in their bytes, and a folder, not UTF-8 itself, whose two files are misplaced
    /// alike (reported once, through the grouped line's slow path). Library holds a
    /// regenerable download whose flag is unknown (undecided, made by the emit walk).
    static func inventory() -> Inventory {
        var b = InventoryBuilder()
        b.flagRecording = .itemByItem
        var known = InventoryBuilder.EntryAttributes()
        known.flagRecorded = true
        let documents = b.addEntry(name: Array("Documents".utf8), parent: Inventory.root, isDirectory: true, known)
        for (name, size) in [(Array("Vault.sqlite".utf8), UInt64(5)), (ff, 10), (fe, 20), (lookalike, 30)] {
            var a = known
            a.size = size
            _ = b.addEntry(name: name, parent: documents, isDirectory: false, a)
        }
        let folder = b.addEntry(name: Array("d".utf8) + [0xC3], parent: documents, isDirectory: true, known)
        for name in ["x", "y"] {
            var a = known
            a.size = 1
            _ = b.addEntry(name: Array(name.utf8), parent: folder, isDirectory: false, a)
        }
        let library = b.addEntry(name: Array("Library".utf8), parent: Inventory.root, isDirectory: true, known)
        let downloads = b.addEntry(name: Array("Downloads".utf8), parent: library, isDirectory: true, known)
        var pack = InventoryBuilder.EntryAttributes(size: 7)
        pack.flagRecorded = false
        _ = b.addEntry(name: Array("p".utf8) + [0xFF], parent: downloads, isDirectory: false, pack)
        return b.finish()
    }

    static let rules = RulesInventory(
        rules: [BackupRule(name: "downloads", pattern: "Library/Downloads/**", requirement: .regenerable)],
        documentsAllowlist: ["Documents/Vault.sqlite"])

    static func report() -> CheckReport {
        RulesEngine.check(inventory: inventory(), failures: [], duTotals: nil, rules: rules, rulesSource: "rules.json", rulesDiagnostics: [])
    }

    @Test func theInventoryGivesEachPathThatIsNotUTF8ItsEscapedForm() throws {
        let inv = Self.inventory()
        let ff = try #require(inv.lookup(bytes: Array("Documents/".utf8) + Self.ff))
        let fe = try #require(inv.lookup(bytes: Array("Documents/".utf8) + Self.fe))
        let lookalike = try #require(inv.lookup(bytes: Array("Documents/".utf8) + Self.lookalike))
        #expect(inv.pathText(ff) == (#"Documents/a\xff"#, true))
        #expect(inv.pathText(fe) == (#"Documents/a\xfe"#, true))
        #expect(inv.pathText(lookalike) == (#"Documents/a\xff"#, false), "valid: the text itself, escaped only when shown")
        #expect(inv.pathText(try #require(inv.lookup("Documents/Vault.sqlite"))) == ("Documents/Vault.sqlite", false))
    }

    /// `pathText` reads the string's own repair back: a repair that keeps the length (a
    /// truncated four-byte sequence becomes one three-byte U+FFFD) and valid text holding
    /// EF bytes (U+FF21, U+FFFD itself) are told apart, as `UTF8Validity` tells them.
    @Test func repairsThatKeepTheLengthAreFound() throws {
        let names: [[UInt8]] = [
            [0xF0, 0x90, 0x80, 0x41], [0xEF, 0xBC, 0xA1], [0xEF, 0xBF, 0xBD], [0xEF, 0xBF], [0x41, 0xEF], [0xE2, 0x82, 0xAC], [0xC3],
        ]
        var b = InventoryBuilder()
        let dir = b.addEntry(name: Array("D".utf8), parent: Inventory.root, isDirectory: true, .init())
        let ids = names.map { b.addEntry(name: $0, parent: dir, isDirectory: false, .init()) }
        let inv = b.finish()
        for (name, id) in zip(names, ids) {
            let valid = name.withUnsafeBufferPointer(UTF8Validity.isWellFormed)
            let (text, escaped) = inv.pathText(id)
            #expect(escaped == !valid, "\(name)")
            #expect(text == (valid ? "D/" + String(decoding: name, as: UTF8.self) : TerminalText.escape(bytes: Array("D/".utf8) + name)), "\(name)")
        }
    }

    @Test func checkTextShowsTheBytes() {
        let text = CheckReportFormatter.text(Self.report(), runID: "r")
        #expect(text.contains(#"] Documents/a\xff (10 B) — policy documents-allowlist"#), "\(text)")
        #expect(text.contains(#"] Documents/a\xfe (20 B) — policy documents-allowlist"#), "\(text)")
        #expect(text.contains(#"] Documents/a\\xff (30 B) — policy documents-allowlist"#), "the look-alike's backslash doubled: \(text)")
        #expect(text.contains(#"] Documents/d\xc3 (2 B in 2 files) — policy documents-allowlist"#), "\(text)")
        #expect(text.contains(#"    Library/Downloads/p\xff (7 B)"#), "the undecided entry: \(text)")
        #expect(!text.contains("\u{FFFD}"), "\(text)")
    }

    /// The same text with every violation made and stored as a value (`appendMessage`),
    /// and a report's violations in report order by their path text.
    @Test func groupedAndStoredViolationsReadAlike() {
        let report = Self.report()
        var stored = report
        stored.violations = ViolationList(Array(report.violations))
        #expect(Array(CheckReportFormatter.text(report, runID: "r").utf8) == Array(CheckReportFormatter.text(stored, runID: "r").utf8))
        // By the path's text: the look-alike's text and ff's escaped form are one key.
        let paths = report.violations.map(\.path)
        #expect(paths.filter { $0.hasPrefix("Documents/") } == [#"Documents/a\xfe"#, #"Documents/a\xff"#, #"Documents/a\xff"#, #"Documents/d\xc3"#])
    }

    @Test func checkJSONKeepsThePathsApartAndSaysWhichAreEscaped() throws {
        let json = CheckReportFormatter.json(Self.report(), runID: "r")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let violations = try #require(object["violations"] as? [[String: Any]])
        func escaped(_ path: String) -> [Bool] {
            violations.filter { $0["path"] as? String == path }.map { $0["pathEscaped"] as? Bool ?? false }
        }
        #expect(escaped(#"Documents/a\xff"#).sorted { !$0 && $1 } == [false, true], "the look-alike and the bytes, told apart")
        #expect(escaped(#"Documents/a\xfe"#) == [true])
        #expect(escaped(#"Documents/d\xc3"#) == [true])
        #expect(escaped("Documents/Vault.sqlite").isEmpty)
        #expect(!json.contains("\u{FFFD}"))
        // Every other violation object is as it was: no member added.
        #expect(json.components(separatedBy: "\"pathEscaped\"").count - 1 == 3 + 1, "three violations and one undecided entry")
        let undecidedRules = try #require((object["undecided"] as? [String: Any])?["rules"] as? [[String: Any]])
        let undecided = try #require(undecidedRules.first?["entries"] as? [[String: Any]])
        #expect(undecided.first?["path"] as? String == #"Library/Downloads/p\xff"# && undecided.first?["pathEscaped"] as? Bool == true)
    }

    /// `diff` tells a run's `a\xfe` from the base's `a\xff`: one new, one fixed (as one
    /// `a\u{FFFD}` they were the same violation, so neither).
    @Test func diffTellsTheTwoApart() throws {
        let report = Self.report()
        let ff = try #require(report.violations.first { $0.path == #"Documents/a\xff"# && $0.pathIsEscaped })
        var fe = ff
        fe.path = #"Documents/a\xfe"#
        var lookalike = ff
        lookalike.pathIsEscaped = false
        let diff = ViolationDiff(base: [ff], run: [fe, lookalike])
        #expect(diff.new.count == 2 && diff.fixed.count == 1)
        let rendered = JSONWriter.render(RunComparison.violationJSON(fe))
        #expect(rendered.contains(#""path": "Documents/a\\xfe""#) && rendered.contains(#""pathEscaped": true"#), "\(rendered)")
    }
}
