import Testing

@testable import ExhibitCore

/// Issue 19: steps.tsv's records are kept in contiguous storage (`StepRecords`) instead of
/// three Strings each. A record reads back exactly as the reader made it before: the path
/// decoded with replacement characters, the time as written, step names told apart by
/// their bytes (NFC and NFD spellings stay two steps).
@Suite struct StepRecordsTests {
    /// Random records: step names in NFC and NFD, paths with invalid UTF-8 (as a String
    /// holds it: decoded), times present or not, lines small and past 32 bits.
    static func randomRecords(seed: UInt64, count: Int) -> [StepRecord] {
        var random = SplitMix64(seed: seed)
        let steps = ["setup", "caf\u{E9}", "cafe\u{301}", "sync: download", "日本語"]
        let names: [[UInt8]] = [Array("a.txt".utf8), Array("Ünïcødé".utf8), [0x61, 0xFF, 0x62], [0xC3], Array("x y".utf8)]
        return (0..<count).map { i in
            var path: [UInt8] = []
            for _ in 0...(random.next() % 3) {
                if !path.isEmpty { path.append(UInt8(ascii: "/")) }
                path += names[Int(random.next() % UInt64(names.count))]
            }
            let time: String? = random.next() % 3 == 0 ? nil : "2026-01-0\(random.next() % 9 + 1)T09:00:00Z"
            let line = random.next() % 50 == 0 ? Int(UInt32.max) + i : i + 1
            return StepRecord(
                step: steps[Int(random.next() % UInt64(steps.count))], path: String(decoding: path, as: UTF8.self), time: time, line: line)
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64]) func recordsReadBackAsTheyWereStored(_ seed: UInt64) {
        let records = Self.randomRecords(seed: seed, count: 400)
        let table = StepRecords(records)
        #expect(table.count == records.count)
        #expect(Array(table) == records)
        for (i, r) in records.enumerated() {
            #expect(Array(table[i].step.utf8) == Array(r.step.utf8), "step bytes of record \(i)")
            #expect(table.step(at: i) == r.step)
            #expect(table.line(at: i) == r.line)
            #expect(table.withPathBytes(i) { Array($0) } == Array(r.path.utf8))
        }
    }

    @Test func equalityComparesTheRecordsInOrder() {
        let records = Self.randomRecords(seed: 7, count: 50)
        #expect(StepRecords(records) == StepRecords(records))
        #expect(StepRecords(records) != StepRecords(records.reversed()))
        #expect(StepRecords(records) != StepRecords(records.dropLast()))
        // Step names interned in another order: still equal record for record.
        var other = StepRecords([StepRecord(step: "zzz", path: "p", line: 1)] + records)
        other = StepRecords(other.dropFirst())
        #expect(other == StepRecords(records))
    }

    /// The reader against a reference built record by record from the same random
    /// well-formed lines (the bad-line cases are StepsReaderTests'), whole and streamed.
    @Test(arguments: [11, 12, 13] as [UInt64]) func theReaderGivesTheRecordsOfEachLine(_ seed: UInt64) throws {
        let records = Self.randomRecords(seed: seed, count: 300).enumerated().map { i, r in
            // A directory per record: no repeats (the warning limit would hide the one below).
            StepRecord(step: r.step, path: "d\(i)/" + r.path, time: r.time, line: i + 1)
        }
        var random = SplitMix64(seed: seed)
        var bytes: [UInt8] = []
        var expected: [StepRecord] = []
        for r in records {
            // `./` now and then (the reader drops it); raw invalid UTF-8 comes below.
            var raw = Array(r.path.utf8)
            if random.next() % 4 == 0 { raw = Array("./".utf8) + raw }
            bytes += Array(r.step.utf8) + [0x09] + raw
            if let t = r.time { bytes += [0x09] + Array(t.utf8) }
            bytes.append(0x0A)
            expected.append(r)
        }
        // Two invalid spellings that decode alike are one path, as the Strings were.
        bytes += Array("s\tq/".utf8) + [0xFF] + [0x0A] + Array("s\tq/".utf8) + [0xFE] + [0x0A]
        expected.append(StepRecord(step: "s", path: "q/\u{FFFD}", line: records.count + 1))
        expected.append(StepRecord(step: "s", path: "q/\u{FFFD}", line: records.count + 2))
        var w: [Diagnostic] = []
        let whole = try StepsReader.records(bytes, file: "steps.tsv", warnings: &w)
        #expect(Array(whole) == expected)
        #expect(
            w.contains {
                $0.position?.line == records.count + 2 && $0.message.contains("was already named on line \(records.count + 1)")
            })
        var ws: [Diagnostic] = []
        let streamed = try StepsReader.records(stream: MemoryEvidenceStream(bytes, chunkSize: 97), file: "steps.tsv", warnings: &ws)
        #expect(streamed == whole)
        #expect(try StepsReader.read(bytes, file: "steps.tsv", warnings: &ws) == expected)
    }
}
