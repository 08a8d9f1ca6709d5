import Foundation
import Testing

@testable import ExhibitCommands

/// `runs` agrees with `check` (2026-12-04 review, repro-4): a count that rests on flags
/// not recorded is `?` (null in JSON), never 0; a broken inventory.json that files.txt
/// stood in for is named; no class is proposed where `check` would not decide; an
/// inventory that cannot be read is named with its file and position. Each case has an
/// honest twin.
@Suite struct RunListEvidenceTests {
    func run(_ args: [String]) -> (status: Int32, out: String, err: String) { CollectRunner.exhibit(args) }

    /// The cells of `runID`'s row of the text table: date, time, run, commit, scheme,
    /// iOS, failed, U, M, C, then the triage words.
    static func row(_ out: String, _ runID: String) throws -> [String] {
        let line = try #require(out.split(separator: "\n").first { $0.split(separator: " ").dropFirst(2).first == Substring(runID) })
        return line.split(separator: " ").map(String.init)
    }

    static func entry(_ json: String, _ runID: String) throws -> [String: Any] {
        let list = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        return try #require(list.first { $0["run"] as? String == runID })
    }

    @Test func unsetAttributesAreUnknownWhenTheFlagsAreNotRecorded() throws {
        let bundle = try HostileBundle(copying: "run-2026-11-03-unset-attribute", name: "run")
        defer { bundle.cleanUp() }
        let honest = run(["runs", bundle.archive])
        #expect(honest.status == 0)
        let before = try Self.row(honest.out, "run")
        #expect(before[7] != "?" && Int(before[7]) ?? 0 > 0, "\(honest.out)")
        #expect(before[10...].joined(separator: " ") == "proposed unset attribute")

        let url = URL(fileURLWithPath: bundle.path("container/inventory.json"))
        var text = try String(contentsOf: url, encoding: .utf8)
        text = text.replacingOccurrences(of: #","x_backup_flags":"complete""#, with: "")
        text = text.replacingOccurrences(of: #","x_backup_excluded":(true|false)"#, with: "", options: .regularExpression)
        try text.write(to: url, atomically: true, encoding: .utf8)
        let list = run(["runs", bundle.archive])
        let after = try Self.row(list.out, "run")
        #expect(after[7] == "?", "U is not known: \(list.out)")
        #expect(after[8] == "0" && after[9] == "0", "M and C do not rest on flags")
        #expect(after[10...].joined(separator: " ") == "untriaged", "no class claimed: \(list.out)")
        #expect(list.out.contains("\nrun: exclusion flags not recorded: 7 blocking rules undecided\n"), "\(list.out)")

        let json = try Self.entry(run(["runs", bundle.archive, "--format", "json"]).out, "run")
        let blocking = try #require(json["blocking"] as? [String: Any])
        #expect(blocking["unset-attribute"] is NSNull, "\(blocking)")
        #expect(blocking["misplaced-file"] as? Int == 0)
        #expect(json["proposed"] is NSNull)
        #expect((json["triage"] as? [String: Any])?["state"] as? String == "untriaged")
    }

    /// repro-4 (b): the counts came from files.txt while check fails closed.
    @Test func aBrokenInventoryJSONThatFilesTxtStoodInForIsNamed() throws {
        let bundle = try HostileBundle(copying: "run-2026-11-06-junit-files-list", name: "b1")
        defer { bundle.cleanUp() }
        let honest = try Self.row(run(["runs", bundle.archive]).out, "b1")
        #expect(honest[10...].joined(separator: " ") == "proposed unset attribute")

        try bundle.write("container/inventory.json", #"[1,2,{"x_backup_flags":"complete"},[{"name":"."},"#)
        let list = run(["runs", bundle.archive])
        #expect(list.status == 0)
        #expect(try Self.row(list.out, "b1")[10...].joined(separator: " ") == "untriaged", "\(list.out)")
        #expect(
            list.out.contains(
                "\nb1: container/inventory.json is malformed (1:50: expected a child item: '{' for a file or '[' for a directory, "
                    + "found end of file); the counts are from container/files.txt, which check does not decide on\n"),
            "\(list.out)")
        let json = try Self.entry(run(["runs", bundle.archive, "--format", "json"]).out, "b1")
        #expect(json["proposed"] is NSNull)
        #expect((json["problems"] as? [String])?.first?.hasPrefix("container/inventory.json is malformed (1:50: ") == true)
    }

    /// repro-7 (a) in the list: the inventory that could not be read, with its position.
    @Test func noInventorySaysWhichFileAndWhere() throws {
        let bundle = try HostileBundle(name: "base")
        defer { bundle.cleanUp() }
        let url = URL(fileURLWithPath: bundle.path("container/inventory.json"))
        try Data(try Data(contentsOf: url).prefix(200)).write(to: url)
        let list = run(["runs", bundle.archive])
        #expect(try Self.row(list.out, "base")[7...9] == ["-", "-", "-"])
        #expect(
            list.out.contains(
                "\nbase: no inventory: container/inventory.json:3:80: error: expected closing '\"' of the string opened at byte 194, found end of file\n"
            ),
            "\(list.out)")
    }
}
