import Foundation
import Testing

@testable import ExhibitCore
@testable import ExhibitRules

/// A hostile run must not make the exported note mention people or link issues on
/// GitHub or GitLab (review repro-11): every untrusted plain-text span (scheme, device,
/// Xcode, CI job, rule owners, step names, the record's comment, issue and author)
/// writes a word that could mention or reference as a code span, where neither
/// tracker looks; the visible text stays the same.
@Suite struct NoteMentionTests {
    static let hostile = [
        "@acme/security-team", "iPhone @all", "16.4 @ceo", "team@example.com", "cc @octocat,", "#123", "owner/repo#7", "!45",
        "group/project!9", "$12", "&3", "%\"v1.0\"", "%12", "~bug", "~\"needs review\"", "`@tick`", "a|@pipe", "@@twice", "GH#8!9",
    ]

    /// Where GitHub and GitLab look for mentions and references: the text outside code
    /// spans and fenced blocks, backslash escapes resolved.
    static func prose(_ markdown: String) -> String {
        var out = ""
        var fence: Int?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            let ticks = trimmed.prefix { $0 == "`" }.count
            if let open = fence {
                if ticks >= open, trimmed.dropFirst(ticks).allSatisfy({ $0 == " " }) { fence = nil }
                continue
            }
            if ticks >= 3 {
                fence = ticks
                continue
            }
            out += withoutCodeSpans(String(line)) + "\n"
        }
        return out
    }

    static func withoutCodeSpans(_ line: String) -> String {
        let chars = Array(line)
        var out = ""
        var i = 0
        while i < chars.count {
            if chars[i] == "\\", i + 1 < chars.count {
                out.append(chars[i + 1])
                i += 2
                continue
            }
            guard chars[i] == "`" else {
                out.append(chars[i])
                i += 1
                continue
            }
            var n = 0
            while i + n < chars.count, chars[i + n] == "`" { n += 1 }
            // The closing run: exactly n backticks.
            var j = i + n
            var close: Int?
            while j < chars.count {
                guard chars[j] == "`" else {
                    j += 1
                    continue
                }
                var m = 0
                while j + m < chars.count, chars[j + m] == "`" { m += 1 }
                if m == n {
                    close = j
                    break
                }
                j += m
            }
            if let close {
                i = close + n
            } else {
                out += String(repeating: "`", count: n)
                i += n
            }
        }
        return out
    }

    /// An `@`, a sigil GitHub or GitLab reads before a digit (`#`, `!`, `$`, `&`), or one
    /// it reads before a letter, digit or quote (`%`, `~`).
    static func triggers(_ prose: String) -> [String] {
        let chars = Array(prose)
        var found: [String] = []
        for (i, c) in chars.enumerated() {
            if c == "@" { found.append(String(chars[max(0, i - 10)..<min(chars.count, i + 10)])) }
            guard i + 1 < chars.count, chars[i + 1].isASCII else { continue }
            let next = chars[i + 1]
            if "#!$&".contains(c) && next.isNumber || "%~".contains(c) && (next.isLetter || next.isNumber || next == "\"") {
                found.append(String(chars[max(0, i - 10)..<min(chars.count, i + 10)]))
            }
        }
        return found
    }

    /// `value` as a JSON string, quotes included.
    static func json(_ value: String) -> String {
        var out = ""
        JSONWriter.appendQuoted(value, to: &out)
        return out
    }

    /// The sample run with `value` in every untrusted plain-text field the note writes.
    static func note(with value: String, record: Bool) throws -> String {
        let sample = SampleRun("run-2026-11-03-unset-attribute")
        var files = sample.files
        let quoted = json(value)
        files["run.json"] =
            Array(
                #"{"commit":"9f2b6d1","branch":"main","scheme":"Vault \#(quoted.dropFirst().dropLast())","#.utf8)
            + Array(#""device":{"name":\#(quoted),"udid":"U"},"xcodeVersion":\#(quoted),"ci":{"jobId":\#(quoted)}}"#.utf8)
        // Every rule's owner, and every step's name (the first field of each line).
        let rules = String(decoding: try #require(files["rules.json"]), as: UTF8.self)
        let owner = NSRegularExpression.escapedTemplate(for: #""owner": \#(quoted)"#)
        files["rules.json"] = Array(rules.replacingOccurrences(of: #""owner": "[^"]*""#, with: owner, options: .regularExpression).utf8)
        let steps = String(decoding: try #require(files["steps.tsv"]), as: UTF8.self).split(separator: "\n").map { line in
            ([value[...]] + line.split(separator: "\t", omittingEmptySubsequences: false).dropFirst()).joined(separator: "\t")
        }
        files["steps.tsv"] = Array((steps.joined(separator: "\n") + "\n").utf8)
        let bundle = SampleRun(name: sample.name, files: files).load()
        let read = try #require(bundle.rulesReading).result.get()
        let report = RulesEngine.check(bundle: bundle, compiled: RulesEngine.compile(read), rulesSource: "rules.json", rulesDiagnostics: [])
        let triage = TriageRecord(
            runID: bundle.runID, failureClass: .unsetAttribute, comment: "see " + value, issue: value, author: value, time: 1_793_700_000,
            proposed: .unsetAttribute,
            earlier: [.init(failureClass: .misplacedFile, comment: value, issue: value, author: value, time: 1_793_690_000, proposed: nil)])
        return TriageNote(bundle: bundle, report: report, record: record ? triage : nil).markdown()
    }

    /// How `word` reads as a code span.
    static func span(_ word: String, inTable: Bool) -> String {
        let text = inTable ? word.replacingOccurrences(of: "|", with: "\\|") : word
        guard word.contains("`") else { return "`" + text + "`" }
        let pad = word.hasPrefix("`") || word.hasSuffix("`") ? " " : ""
        return "``" + pad + text + pad + "``"
    }

    @Test(arguments: hostile)
    func noUntrustedSpanMentionsOrReferences(_ value: String) throws {
        for record in [false, true] {
            let markdown = try Self.note(with: value, record: record)
            let found = Self.triggers(Self.prose(markdown))
            #expect(found.isEmpty, "\(value): \(found)\n\(markdown)")
            // The same visible text: the words that could mention are there, as code.
            let words = value.split(separator: " ").map(String.init).filter { MarkdownText.mayReference(Substring($0)) }
            #expect(!words.isEmpty, "\(value) is no hostile value")
            func shown(_ text: String, inTable: Bool) -> String {
                text.split(separator: " ", omittingEmptySubsequences: false).map { w in
                    MarkdownText.mayReference(w) ? Self.span(String(w), inTable: inTable) : String(w)
                }.joined(separator: " ")
            }
            #expect(markdown.contains("- **Scheme:** Vault " + shown(value, inTable: false) + "\n"), "\(markdown)")
            #expect(markdown.contains("- **Xcode:** " + shown(value, inTable: false) + "\n"), "\(markdown)")
            #expect(markdown.contains("- **CI job:** " + shown(value, inTable: false) + "\n"), "\(markdown)")
            // The violations' rule (owner) and step cells.
            #expect(markdown.contains(" | offline-packs " + shown("(" + value + ")", inTable: true) + " | "), "\(markdown)")
            // (A steps.tsv line that starts with `#` is a comment: no step to show.)
            if !value.hasPrefix("#") { #expect(markdown.contains(" | " + shown(value, inTable: true) + " — "), "\(markdown)") }
            if record {
                #expect(markdown.contains("> see " + shown(value, inTable: false) + "\n"), "\(markdown)")
                #expect(markdown.contains("Issue: " + shown(value, inTable: false) + "\n"), "\(markdown)")
                #expect(markdown.contains("confirmed by " + shown(value, inTable: false) + " on "), "\(markdown)")
            }
        }
    }

    @Test func textThatCannotReferenceStaysPlain() {
        for plain in ["Vault", "iPhone 16", "26.1 (17B55)", "100%", "R&D", "#", "a # b", "Failed!", "~/Library", "50% off", "x!"] {
            #expect(!MarkdownText.mayReference(Substring(plain)) || plain.contains(" "), "\(plain)")
            #expect(!MarkdownText.inline(plain).contains("`"), "\(plain) → \(MarkdownText.inline(plain))")
        }
        #expect(MarkdownText.inline("a # b") == "a \\# b")
    }
}
