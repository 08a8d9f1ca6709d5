import Foundation
import Testing

@testable import ExhibitCommands

/// An absurd date is said unusable, never printed as `????-??-??` (2026-12-04 review,
/// repro-7 b and c): run.json's startTime 1e300 in the run list (null, a problem, not
/// the newest run), and a hand-edited triage record's epoch in the note.
@Suite struct UnusableDateTests {
    func run(_ args: [String]) -> (status: Int32, out: String, err: String) { CollectRunner.exhibit(args) }

    /// The baseline as `r1` with run.json's startTime set to `time`, beside the
    /// unset-attribute run of 2026-11-03.
    func archive(startTime time: String) throws -> HostileBundle {
        let bundle = try HostileBundle(name: "r1")
        try FileManager.default.copyItem(
            atPath: SampleArchiveCommandTests.samples + "/run-2026-11-03-unset-attribute",
            toPath: bundle.archive + "/run-2026-11-03-unset-attribute")
        let url = URL(fileURLWithPath: bundle.path("run.json"))
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        object["startTime"] = nil
        var text = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        text.insert(contentsOf: #""startTime":\#(time),"#, at: text.index(after: text.startIndex))
        try text.write(to: url, atomically: true, encoding: .utf8)
        return bundle
    }

    static func list(_ json: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    }

    @Test func anAbsurdStartTimeIsNoDateAndNotTheNewest() throws {
        let bundle = try archive(startTime: "1e300")
        defer { bundle.cleanUp() }
        let problem = "run.json: startTime 1e+300 is not a usable date (1970 to 9999); ignored"
        // The results' start time is the next source.
        let text = run(["runs", bundle.archive])
        #expect(!text.out.contains("?"), "\(text.out)")
        #expect(text.out.contains("\nr1: " + problem + "\n"), "\(text.out)")
        let json = try Self.list(run(["runs", bundle.archive, "--format", "json"]).out)
        #expect(json.map { $0["run"] as? String } == ["run-2026-11-03-unset-attribute", "r1"], "not sorted as the newest")
        #expect(json[1]["dateSource"] as? String == "results")
        #expect(json[1]["problems"] as? [String] == [problem])

        // With no other source: null.
        bundle.remove("results")
        let bare = try Self.list(run(["runs", bundle.archive, "--format", "json"]).out)
        #expect(bare.map { $0["run"] as? String } == ["run-2026-11-03-unset-attribute", "r1"])
        #expect(bare[1]["date"] is NSNull && bare[1]["dateSource"] is NSNull, "\(bare[1])")
        #expect((bare[1]["problems"] as? [String])?.first == problem)
        let textBare = run(["runs", bundle.archive]).out
        #expect(textBare.contains("\n-                 r1  "), "\(textBare)")
        #expect(!textBare.contains("????"))

        // The honest twin keeps its date from run.json.
        let honest = try archive(startTime: "1793610725")
        defer { honest.cleanUp() }
        let dated = try Self.list(run(["runs", honest.archive, "--format", "json"]).out)
        #expect(dated.first { $0["run"] as? String == "r1" }?["dateSource"] as? String == "run.json")
    }

    @Test func aRecordWithAnUnusableDateSaysSo() throws {
        let bundle = try HostileBundle(name: "r1")
        defer { bundle.cleanUp() }
        let notes = bundle.archive + "/.exhibit/notes"
        try FileManager.default.createDirectory(atPath: notes, withIntermediateDirectories: true)
        let record =
            #"{"version":2,"run":"r1","class":"skipped-cleanup","comment":"","issue":null,"author":"x","time":"x","#
            + #""epoch":1e300,"proposed":"unset-attribute","draft":false,"history":[]}"#
        try Data(record.utf8).write(to: URL(fileURLWithPath: notes + "/r1.json"))
        let note = run(["note", bundle.run])
        #expect(note.status == 0, "\(note.err)")
        #expect(
            note.out.contains("**skipped cleanup**, confirmed by x (the record's date is unusable: epoch 1e+300); overrode the proposal"),
            "\(note.out)")
        #expect(!note.out.contains("????"))
        let json = run(["note", bundle.run, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let classification = try #require(object["classification"] as? [String: Any])
        #expect(classification["status"] as? String == "confirmed")
        #expect(classification["time"] is NSNull, "\(classification)")
        #expect(run(["runs", bundle.archive]).out.contains("confirmed skipped cleanup"), "the classification itself stands")
    }
}
