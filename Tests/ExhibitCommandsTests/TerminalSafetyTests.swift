import ExhibitCore
import Foundation
import Testing

@testable import ExhibitCommands

/// File names, test names, failure texts and step names from CI are arbitrary bytes.
/// Headless commands must show them escaped: no ESC/CSI/OSC sequence, BEL, backspace,
/// C1 control or bidi override may reach stdout raw.
@Suite struct TerminalSafetyTests {
    /// What an attacker (or a broken CI script) can put into a name.
    static let hostile: [(label: String, bytes: [UInt8])] = [
        ("CSI", Array("\u{1B}[2J\u{1B}[31mred".utf8)),
        ("OSC title", Array("\u{1B}]0;owned\u{07}".utf8)),
        ("BEL", [0x62, 0x65, 0x6C, 0x6C, 0x07]),
        ("backspace", Array("ok\u{08}\u{08}XX".utf8)),
        ("bidi override", Array("\u{202E}gnp.exe".utf8)),
        ("C1 CSI", Array("c1\u{9B}31m".utf8)),
        ("invalid UTF-8", [0x62, 0x61, 0x64, 0xFF, 0xFE, 0x9B, 0x33, 0x31, 0x6D]),
        ("DEL and CR", Array("del\u{7F}cr\rover".utf8)),
        ("invisible format", Array("soft\u{AD}op\u{2062}tag\u{E0041}fill\u{3164}".utf8)),
    ]

    /// The JUnit sample run, copied, with every hostile string as a flagged file
    /// name, a step name, a test name and a failure text, and a du line that
    /// produces a diagnostic quoting it.
    static func hostileRun() throws -> String {
        let source = SampleArchiveCommandTests.samples + "/run-2026-11-06-junit-files-list"
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-hostile-\(UUID().uuidString)")
            .appendingPathComponent("run-hostile").path
        try FileManager.default.createDirectory(atPath: (dir as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: source, toPath: dir)

        var files: [UInt8] = []
        var sizes: [UInt8] = []
        var steps: [UInt8] = []
        var du: [UInt8] = []
        var cases: [UInt8] = []
        for (i, h) in hostile.enumerated() {
            for path in [
                Array("./Documents/".utf8) + h.bytes + Array(".download".utf8),
                Array("./tmp/export-".utf8) + h.bytes + Array(".zip".utf8),
            ] {
                files += path + [0x0A]
                sizes += Array("\(4096 * (i + 1))\t".utf8) + path + [0x0A]
                steps += h.bytes + [0x09] + path.dropFirst(2) + [0x0A]
            }
            du += Array("12\t".utf8) + Array("../".utf8) + h.bytes + [0x0A]
            cases +=
                Array("<testcase classname=\"Hostile\" name=\"test".utf8) + xmlSafe(h.bytes) + Array("\"><failure message=\"".utf8)
                + xmlSafe(h.bytes) + Array(" at Hostile.swift:\(i + 1)\">".utf8) + xmlSafe(h.bytes) + Array("</failure></testcase>\n".utf8)
        }
        try append(files, to: dir + "/container/files.txt")
        try append(sizes, to: dir + "/container/sizes.txt")
        try append(steps, to: dir + "/steps.tsv")
        try append(du, to: dir + "/container/du.txt")
        let junitPath = dir + "/results/junit.xml"
        var junit = try [UInt8](Data(contentsOf: URL(fileURLWithPath: junitPath)))
        let marker = Array("</testsuites>".utf8)
        let end = try #require(junit.indices.last { junit[$0...].starts(with: marker) })
        junit.replaceSubrange(
            end..<end,
            with: Array("<testsuite name=\"Hostile\" tests=\"\(hostile.count)\" failures=\"\(hostile.count)\">\n".utf8)
                + cases + Array("</testsuite>\n".utf8))
        try Data(junit).write(to: URL(fileURLWithPath: junitPath))
        return dir
    }

    /// XML forbids raw C0 controls, so they go in as character references (which
    /// exhibit's scanner resolves, as a lenient tool would); `&`, `<` and `"` are escaped.
    static func xmlSafe(_ bytes: [UInt8]) -> [UInt8] {
        bytes.flatMap { b -> [UInt8] in
            switch b {
            case 0x00..<0x20 where b != 0x09 && b != 0x0A, 0x7F: Array("&#x\(String(b, radix: 16));".utf8)
            case UInt8(ascii: "&"): Array("&amp;".utf8)
            case UInt8(ascii: "<"): Array("&lt;".utf8)
            case UInt8(ascii: "\""): Array("&quot;".utf8)
            default: [b]
            }
        }
    }

    static func append(_ bytes: [UInt8], to path: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(bytes))
        try handle.close()
    }

    func run(_ args: [String]) -> (status: Int32, out: String, err: String) { CollectRunner.exhibit(args) }

    /// Every scalar that must not reach a terminal raw, judged where it stands (an emoji
    /// selector or joiner only inside an emoji sequence); newline and tab are layout.
    static func rawControls(in text: String) -> [String] {
        var raw: [String] = []
        TerminalText.forEachScalar(of: text) { s, escaped in
            if escaped, s != "\n", s != "\t" { raw.append(String(format: "U+%04X", s.value)) }
        }
        return raw
    }

    @Test(arguments: [["summary"], ["check"], ["note", "--notes", "NOTES"]])
    func headlessTextOutputEscapesHostileNames(_ command: [String]) throws {
        let dir = try Self.hostileRun()
        let notes = (dir as NSString).deletingLastPathComponent + "/notes"
        let args = command.map { $0 == "NOTES" ? notes : $0 }
        let r = run([args[0], dir] + args.dropFirst())
        #expect(r.status == 0 || r.status == 1, "\(r.err)")
        #expect(Self.rawControls(in: r.out) == [], "\(args[0]) stdout:\n\(r.out)")
        #expect(Self.rawControls(in: r.err) == [], "\(args[0]) stderr:\n\(r.err)")
        // Safe but lossy: inventory names show invalid bytes as \xNN (2026-12-05), but
        // step names (steps.tsv), the paths a steps.tsv warning quotes and JUnit test
        // names and failure texts are decoded to String when read, so theirs show as U+FFFD.
        withKnownIssue("invalid UTF-8 in step names and test texts is shown as U+FFFD, not \\xNN") {
            #expect(!r.out.contains("\u{FFFD}"), "\(args[0]): invalid UTF-8 shown as U+FFFD instead of \\xNN")
        }
        // The names are there, visibly escaped, not dropped.
        #expect(r.out.contains(#"\x1b"#), "\(args[0]) shows no escaped ESC:\n\(r.out)")
    }

    /// The review's run (repro-8): U+00AD, U+2061, a tag and U+180E in the commit, the
    /// scheme, a file name and a step name. Each output spells them out, so
    /// `tmp/Vault<U+00AD>.sqlite` never prints as `tmp/Vault.sqlite` does; an emoji
    /// selector after an emoji stays as it is.
    @Test func invisibleFormatCharactersAreSpelledOutInCheckAndNote() throws {
        let invisible = "\u{AD}\u{2061}\u{E0041}\u{180E}"
        let spelled = #"\u{AD}\u{2061}\u{E0041}\u{180E}"#
        let json = #"\u00ad\u2061\udb40\udc41\u180e"#
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-invisible-\(UUID().uuidString)/run").path
        try FileManager.default.createDirectory(atPath: dir + "/container", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/results", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: (dir as NSString).deletingLastPathComponent) }
        try Data(#"{"commit":"9f2b6d1\#(invisible)","scheme":"Vault\#(invisible) 🏷️"}"#.utf8).write(to: URL(fileURLWithPath: dir + "/run.json"))
        try Data("tmp/Vault\(invisible).sqlite\n".utf8).write(to: URL(fileURLWithPath: dir + "/container/files.txt"))
        try Data().write(to: URL(fileURLWithPath: dir + "/container/excluded.txt"))
        try Data("seed\(invisible)\ttmp/Vault\(invisible).sqlite\n".utf8).write(to: URL(fileURLWithPath: dir + "/steps.tsv"))
        let notes = (dir as NSString).deletingLastPathComponent + "/notes"

        let check = run(["check", dir])
        #expect(check.out.contains("tmp/Vault\(spelled).sqlite"), "\(check.out)")
        #expect(check.out.contains("seed\(spelled)"), "\(check.out)")
        let summary = run(["summary", dir])
        #expect(summary.out.contains("9f2b6d1\(spelled)"), "\(summary.out)")
        #expect(summary.out.contains("Vault\(spelled) 🏷️"), "\(summary.out)")
        let markdown = run(["note", dir, "--notes", notes])
        #expect(markdown.out.contains("tmp/Vault\(spelled).sqlite"), "\(markdown.out)")
        #expect(markdown.out.contains("9f2b6d1\(spelled)"), "\(markdown.out)")
        let note = run(["note", dir, "--notes", notes, "--format", "json"])
        #expect(note.out.contains(#""path": "tmp/Vault\#(json).sqlite""#), "\(note.out)")
        #expect(note.out.contains(#""commit": "9f2b6d1\#(json)""#), "\(note.out)")
        #expect(note.out.contains(#""scheme": "Vault\#(json) 🏷️""#), "\(note.out)")
        for (name, output) in [("check", check), ("summary", summary), ("note", markdown), ("note JSON", note)] {
            #expect(Self.rawControls(in: output.out) == [], "\(name):\n\(output.out)")
            #expect(!output.out.unicodeScalars.contains { invisible.unicodeScalars.contains($0) }, "\(name) carries them raw")
        }
    }

    /// The check report names each flagged hostile file, escaped as TerminalText does.
    @Test func checkNamesEveryHostileFileEscaped() throws {
        let r = run(["check", try Self.hostileRun()])
        #expect(r.status == 1, "\(r.err)")
        for h in Self.hostile {
            let escaped = TerminalText.escape(bytes: h.bytes)
            #expect(r.out.contains("export-" + escaped + ".zip"), "\(h.label): \(escaped) not in\n\(r.out)")
        }
        // Spelled out: each byte that is not UTF-8 as \xNN, not three U+FFFD alike.
        #expect(r.out.contains(#"export-bad\xff\xfe\x9b31m.zip"#), "invalid UTF-8 name missing:\n\(r.out)")
        // Spelled out, not taken from the function under test: each invisible scalar by its value.
        #expect(r.out.contains(#"export-soft\u{AD}op\u{2062}tag\u{E0041}fill\u{3164}.zip"#), "\(r.out)")
    }
}
