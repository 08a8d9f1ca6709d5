import Testing

@testable import ExhibitCore

@Suite struct TriageRecordTests {
    let record = TriageRecord(
        runID: "run-2026-11-03-unset-attribute", failureClass: .misplacedFile, comment: "cache lands in \"Documents\"",
        issue: "VAULT-412", author: "Ada Lovelace", time: 1_793_697_125, proposed: .unsetAttribute)

    @Test func roundTripsThroughItsFile() throws {
        let bytes = record.encoded()
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(#""class": "misplaced-file""#))
        #expect(text.contains(#""time": "2026-11-03T09:12:05Z""#))
        let back = try TriageRecord.decode(bytes, file: "r.json")
        #expect(back == record)
    }

    @Test func saysWhetherTheProposalWasAccepted() {
        #expect(record.decision == "overrode the proposal (unset attribute)")
        var accepted = record
        accepted.failureClass = .unsetAttribute
        #expect(accepted.decision == "accepted the proposal")
    }

    @Test func draftsAreKeptApart() throws {
        var draft = record
        draft.isDraft = true
        #expect(try TriageRecord.decode(draft.encoded(), file: "d.json").isDraft)
    }

    @Test func rejectsUnknownClassWithPosition() {
        let bytes = Array(#"{"version":1,"run":"r","class":"gremlins","epoch":1}"#.utf8)
        #expect {
            _ = try TriageRecord.decode(bytes, file: "notes/r.json")
        } throws: { error in
            let d = error as! Diagnostic
            return d.file == "notes/r.json" && d.message.contains("unset-attribute") && d.position?.line == 1
        }
    }

    @Test func rejectsNewerFormatAndNonObjects() {
        #expect(throws: Diagnostic.self) { try TriageRecord.decode(Array(#"{"version":99}"#.utf8), file: "f") }
        #expect(throws: Diagnostic.self) { try TriageRecord.decode(Array("[]".utf8), file: "f") }
        #expect(throws: Diagnostic.self) { try TriageRecord.decode(Array(#"{"version":1,"run":"r","cl"#.utf8), file: "f") }
    }
}
