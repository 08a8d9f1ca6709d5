import Testing

@testable import ExhibitCore

@Suite struct StepsReaderTests {
    private func read(_ bytes: [UInt8]) throws(Diagnostic) -> ([StepRecord], [Diagnostic]) {
        var w: [Diagnostic] = []
        return (try StepsReader.read(bytes, file: "steps.tsv", warnings: &w), w)
    }

    @Test func readsRecordsWithOptionalTime() throws {
        let (r, w) = try read(
            Array("step\tpath\ttime\r\n# comment\n\ntestLogin\t./Documents/vault.sqlite\t2026-01-01T09:00:05.109+02:00\ntestCache\tLibrary/Caches//c.db\n".utf8)
        )
        #expect(w.isEmpty)
        #expect(
            r == [
                StepRecord(step: "testLogin", path: "Documents/vault.sqlite", time: "2026-01-01T09:00:05.109+02:00", line: 4),
                StepRecord(step: "testCache", path: "Library/Caches/c.db", line: 5),
            ])
    }

    @Test func badLinesWarnWithPositions() throws {
        var bytes = Array("noTab\n\tDocuments/a\ns\t/abs/x\ns\tDocuments/b\tyesterday\ns\tDocuments/b\n".utf8)
        bytes += Array("s\tbad".utf8) + [0xFF]
        let (r, w) = try read(bytes)
        #expect(r.map(\.line) == [4, 5, 6])
        #expect(w.map { $0.position?.description ?? "" } == ["1:6", "2:1", "3:3", "4:15", "5:3", "6:1"])
        #expect(w[3].message.contains("not ISO 8601"))
        #expect(w[4].message.contains("line 4"))
        #expect(r[2].path == "bad\u{FFFD}")
    }

    @Test func emptyIsFineGarbageThrows() throws {
        #expect(try read([]).0.isEmpty)
        do {
            _ = try read(Array("just text\n".utf8))
            Issue.record("expected an error")
        } catch {
            #expect(error.position?.description == "1:10")
        }
    }
}
