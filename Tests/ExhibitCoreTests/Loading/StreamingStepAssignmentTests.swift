import Testing

@testable import ExhibitCore
@testable import ExhibitSynthetic

/// Issue 19: steps.tsv's records resolved as they stream (`StreamingStepAssignment`)
/// against keeping every record and applying them after the read (`StepRecords` and
/// `StepAssignment.apply`, what the loader did before). Generated hostile files:
/// repeated and out-of-order paths, paths not in the inventory, CRLF, NUL bytes, invalid
/// UTF-8, a line over the maximum, headers, comments and lines without a TAB, cut into
/// chunks so repeats fall in different batches. Steps, warnings, the unmatched count and
/// its examples must be the reference's.
@Suite struct StreamingStepAssignmentTests {
    private static func inventory(_ random: inout SplitMix64) throws -> (Inventory, [String]) {
        let words = ["a", "b", "é", "c d", "e.txt", "Caches", "x\u{301}"]
        var paths: Set<String> = []
        for _ in 0..<200 {
            let depth = 1 + Int(random.next() % 4)
            paths.insert((0..<depth).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined(separator: "/"))
        }
        let listed = paths.sorted()
        let files = listed.map { "./" + $0 + "\n" }.joined()
        var w: [Diagnostic] = []
        let list = try FileListInventoryReader.read(
            files: ArtifactBytes(file: "container/files.txt", bytes: Array(files.utf8)), sizes: nil, excluded: nil, xattr: nil, warnings: &w)
        return (list.inventory, listed)
    }

    private static func stepsFile(paths: [String], _ random: inout SplitMix64) -> [UInt8] {
        var out: [UInt8] = []
        if random.next() % 2 == 0 { out += Array("step\tpath\ttime\n".utf8) }
        let steps = ["one", "two", "three", "ü", "four"]
        var index = 0
        for _ in 0..<(150 + Int(random.next() % 300)) {
            let step = Array(steps[Int(random.next() % UInt64(steps.count))].utf8)
            // Runs of neighbours (a directory's files in turn, as the storage component
            // writes them) as well as jumps, so a line's directory is often the last one's.
            index = random.next() % 3 == 0 ? Int(random.next() % UInt64(paths.count)) : (index + 1) % paths.count
            var path = Array(paths[index].utf8)
            switch random.next() % 18 {
            case 0: path = Array("absent/".utf8) + path
            case 1: path = Array("./".utf8) + path
            case 2: path += [0xFF, 0xFE]  // invalid UTF-8: kept with replacement characters
            case 3: path.insert(0, at: path.count / 2)
            case 4: out += Array("# a comment\n".utf8)
            case 5: out += Array("no tab on this line\n".utf8)
            case 6: out += Array(" \tDocuments/x\n".utf8)  // empty step
            case 7: path = Array("/etc/passwd".utf8)
            // Not in normal form, between lines that are: the same path or another one.
            case 16: if let slash = path.firstIndex(of: UInt8(ascii: "/")) { path.insert(UInt8(ascii: "/"), at: slash) }
            case 17: path = Array("c d/./".utf8) + path
            default: break
            }
            out += step + [0x09] + path
            switch random.next() % 5 {
            case 0: out += Array("\t2026-01-01T09:00:05Z".utf8)
            case 1: out += Array("\tyesterday".utf8)
            default: break
            }
            out += random.next() % 4 == 0 ? [0x0D, 0x0A] : [0x0A]
        }
        return out
    }

    private static func compare(inventory: Inventory, steps bytes: [UInt8], chunkSize: Int) throws {
        var referenceWarnings: [Diagnostic] = []
        let records = try? StepsReader.records(
            stream: MemoryEvidenceStream(bytes, chunkSize: chunkSize), file: "steps.tsv", warnings: &referenceWarnings)
        var reference = inventory
        let unmatched = records.map { StepAssignment.apply($0, to: &reference) }

        var sink = StreamingStepAssignment(inventory: inventory)
        var warnings: [Diagnostic] = []
        let read: Void? = try? StepsReader.read(
            stream: MemoryEvidenceStream(bytes, chunkSize: chunkSize), file: "steps.tsv", into: &sink, warnings: &warnings)
        #expect(warnings == referenceWarnings)
        #expect((read != nil) == (records != nil))
        guard read != nil, let unmatched else { return }
        var streamed = inventory
        let result = sink.apply(to: &streamed)
        #expect(streamed == reference)
        #expect(streamed.steps == reference.steps)
        for node in 0..<inventory.count { #expect(streamed.step(node) == reference.step(node)) }
        #expect(result.count == unmatched.count)
        #expect(result.examples.map(\.line) == unmatched.prefix(3).map(\.line))
        #expect(result.examples.map(\.path) == unmatched.prefix(3).map(\.path))
    }

    @Test(arguments: 0..<12)
    func streamedResolutionGivesWhatKeptRecordsGive(_ seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &* 7919)
        let (inventory, paths) = try Self.inventory(&random)
        try #require(StepAssignment.resolvesByIndex(inventory))
        let bytes = Self.stepsFile(paths: paths, &random)
        // Whole, and in chunks small enough that each is a batch of its own.
        for chunkSize in [Int.max, 97, 1 + seed] { try Self.compare(inventory: inventory, steps: bytes, chunkSize: chunkSize) }
    }

    /// A line over `StepsReader.maximumLineLength` is skipped as it streams past, and the
    /// records around it still resolve; a file of no usable record takes no step.
    @Test func aHugeLineAndAnUnusableFileAnswerAsTheReference() throws {
        var random = SplitMix64(seed: 42)
        let (inventory, paths) = try Self.inventory(&random)
        var bytes = Array("one\t\(paths[0])\n".utf8)
        bytes += [UInt8](repeating: 0, count: StepsReader.maximumLineLength + 10) + [0x0A]
        bytes += Array("two\t\(paths[1])\nthree\t\(paths[0])\n".utf8)
        try Self.compare(inventory: inventory, steps: bytes, chunkSize: 1 << 16)
        try Self.compare(inventory: inventory, steps: Array("no tab\nnone here\n".utf8), chunkSize: .max)
    }

    /// The note's examples are the earliest records that take no effect, in file order,
    /// an overridden record among them even when it is met after a later unmatched one.
    @Test func overriddenRecordsCountAsTheReferenceCountsThem() throws {
        var random = SplitMix64(seed: 3)
        let (inventory, paths) = try Self.inventory(&random)
        let text = "one\t\(paths[0])\ntwo\tabsent/a\nthree\tabsent/b\nfour\t\(paths[0])\nfive\tabsent/c\none\t\(paths[1])\n"
        try Self.compare(inventory: inventory, steps: Array(text.utf8), chunkSize: .max)
        var sink = StreamingStepAssignment(inventory: inventory)
        var w: [Diagnostic] = []
        try StepsReader.read(stream: MemoryEvidenceStream(Array(text.utf8)), file: "steps.tsv", into: &sink, warnings: &w)
        var applied = inventory
        let result = sink.apply(to: &applied)
        #expect(result.count == 4)
        #expect(result.examples.map(\.line) == [1, 2, 3])
        #expect(w.count == 1 && w[0].message.contains("already named on line 1"))
    }
}
