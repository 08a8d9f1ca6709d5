import Testing

@testable import ExhibitCore
@testable import ExhibitSynthetic

/// Issue 19: a `find` list's steps.tsv read on the second core while sizes.txt is read
/// on the first (`StepsReadAlongside`, `SizesAside`). The bundle must be the one a load
/// that read them one after the other gives: the same inventory (sizes, totals, flags,
/// steps), the same warnings in the same order, the same file states. Generated runs
/// hold what could make the two differ: sizes.txt naming a node twice, sizes of 4 GiB and
/// more, the container's own line, paths not in files.txt, excluded.txt adding a
/// directory steps.tsv names, a path listed twice in files.txt, steps.tsv repeating
/// paths or holding no usable line.
@Suite struct StepsAlongsideSizesTests {
    private static func load(_ run: [String: [UInt8]], alongside: Bool) -> EvidenceBundle {
        BundleLoader.load(runID: "r", from: MemoryEvidenceSource(run), steps: BundleLoader.Step.allCases, stepsAlongsideSizes: alongside)
    }

    private static func expectSame(_ run: [String: [UInt8]], _ comment: Comment) throws {
        try expectSame(MemoryEvidenceSource(run), comment)
    }

    private static func expectSame(_ source: some EvidenceSource, _ comment: Comment) throws {
        let alongside = BundleLoader.load(runID: "r", from: source, steps: BundleLoader.Step.allCases, stepsAlongsideSizes: true)
        let serial = BundleLoader.load(runID: "r", from: source, steps: BundleLoader.Step.allCases, stepsAlongsideSizes: false)
        #expect(alongside.diagnostics == serial.diagnostics, comment)
        #expect(alongside.files == serial.files, comment)
        let a = try #require(alongside.inventory, comment)
        let s = try #require(serial.inventory, comment)
        #expect(a == s, comment)
        #expect(a.steps == s.steps, comment)
        for node in 0..<a.count {
            #expect(a.step(node) == s.step(node), comment)
            #expect(a.totalSize(node) == s.totalSize(node), comment)
        }
    }

    private static func run(_ random: inout SplitMix64) -> [String: [UInt8]] {
        func pick<T>(_ options: [T]) -> T { options[Int(random.next() % UInt64(options.count))] }
        let words = ["Documents", "Library", "Caches", "tmp", "a", "b.txt", "é", "c d"]
        var paths: [String] = []
        for _ in 0..<(20 + Int(random.next() % 60)) {
            let depth = 1 + Int(random.next() % 4)
            paths.append((0..<depth).map { _ in pick(words) }.joined(separator: "/"))
        }
        paths = Array(Set(paths)).sorted()
        var files = paths.map { "./\($0)\n" }.joined()
        if random.next() % 6 == 0 { files += "./\(pick(paths))\n" }  // listed twice: steps resolve by walking the tree
        var sizes = ""
        if random.next() % 3 == 0 { sizes += "4096\t\n" }  // the container's own line
        for path in paths where random.next() % 5 != 0 {
            let size = random.next() % 4 == 0 ? (UInt64(1) << 32) + random.next() % 1000 : random.next() % 100_000
            sizes += "\(size)\t\(path)\n"
        }
        for _ in 0..<Int(random.next() % 4) { sizes += "\(random.next() % 9)\t\(pick(paths))\n" }  // a node named again: the last wins
        if random.next() % 3 == 0 { sizes += "7\tnot/listed\n" }
        if random.next() % 5 == 0 { sizes += "-3\t\(pick(paths))\n" }
        var run: [String: [UInt8]] = ["container/files.txt": Array(files.utf8), "container/sizes.txt": Array(sizes.utf8)]
        var named = paths
        if random.next() % 3 == 0 {
            // An excluded directory files.txt did not list (`find -type f`): added by the
            // reader after the steps were read, so records naming it void that read.
            run["container/excluded.txt"] = Array("./Library/Empty excluded\n./\(pick(paths))\n".utf8)
            named.append("Library/Empty excluded")
        }
        var steps = random.next() % 2 == 0 ? "step\tpath\ttime\n" : ""
        if random.next() % 8 != 0 {
            for _ in 0..<(10 + Int(random.next() % 80)) {
                let path = random.next() % 7 == 0 ? "absent/\(pick(words))" : pick(named)
                steps += "\(pick(["launch", "sync", "ü", "cleanup"]))\t\(path)\n"
            }
        } else {
            steps += "no tab\nnone here\n"  // no usable record: malformed either way
        }
        run["steps.tsv"] = Array(steps.utf8)
        return run
    }

    @Test func theBundleIsTheOneOfAReadInTurn() throws {
        var random = SplitMix64(seed: 19)
        for i in 0..<300 {
            try Self.expectSame(Self.run(&random), "run \(i)")
        }
    }

    /// The cases the generated runs reach rarely or never.
    @Test func fixedRunsAnswerAsTheReadInTurn() throws {
        let files = "./Documents/a\n./Documents/b\n./Library/Caches/c\n"
        // The size that marks a large one in the aside column, and its neighbours.
        try Self.expectSame(
            [
                "container/files.txt": Array(files.utf8),
                "container/sizes.txt": Array("4294967295\tDocuments/a\n4294967296\tDocuments/b\n4294967294\tLibrary/Caches/c\n".utf8),
                "steps.tsv": Array("launch\tDocuments/a\n".utf8),
            ], "sizes near 2^32")
        // excluded.txt adds a directory, and every record names a node files.txt made: the
        // read beside sizes.txt is applied to the larger inventory.
        try Self.expectSame(
            [
                "container/files.txt": Array(files.utf8),
                "container/sizes.txt": Array("1\tDocuments/a\n".utf8),
                "container/excluded.txt": Array("./Library/Empty\n".utf8),
                "steps.tsv": Array("launch\tDocuments/a\nsync\tLibrary/Caches/c\n".utf8),
            ], "a node added, no record unmatched")
        // ... and a record names the added directory: the read is void, made again in turn.
        try Self.expectSame(
            [
                "container/files.txt": Array(files.utf8),
                "container/sizes.txt": Array("1\tDocuments/a\n".utf8),
                "container/excluded.txt": Array("./Library/Empty\n".utf8),
                "steps.tsv": Array("launch\tDocuments/a\nsync\tLibrary/Empty\n".utf8),
            ], "a record names the added directory")
    }

    /// A source whose streams of some files cannot be opened or stop part way.
    private struct FaultyStreams: EvidenceSource {
        var files: MemoryEvidenceSource
        var unopenable: Set<String> = []
        var failAfter: [String: Int] = [:]

        func read(_ relativePath: String) throws(EvidenceSourceError) -> [UInt8]? { try files.read(relativePath) }
        func list(_ relativeDirectory: String) -> [String] { files.list(relativeDirectory) }
        func exists(_ relativePath: String) -> Bool { files.files[relativePath] != nil }

        func stream(_ relativePath: String) throws(EvidenceSourceError) -> (any EvidenceStream)? {
            guard let bytes = files.files[relativePath] else { return nil }
            if unopenable.contains(relativePath) { throw EvidenceSourceError(file: relativePath, reason: "permission denied") }
            if let n = failAfter[relativePath] { return FailingStream(bytes, failAfter: n) }
            return MemoryEvidenceStream(bytes)
        }
    }

    /// steps.tsv that cannot be opened or stops part way, and sizes.txt that stops part
    /// way: the states and warnings are the read in turn's.
    @Test func aFailingStreamAnswersAsTheReadInTurn() throws {
        var steps = ""
        for i in 0..<200 { steps += "launch\tDocuments/f\(i)\n" }
        let run = MemoryEvidenceSource(text: [
            "container/files.txt": (0..<200).map { "./Documents/f\($0)\n" }.joined(),
            "container/sizes.txt": (0..<200).map { "\($0)\tDocuments/f\($0)\n" }.joined(),
            "steps.tsv": steps,
        ])
        try Self.expectSame(FaultyStreams(files: run, unopenable: ["steps.tsv"]), "steps.tsv unopenable")
        try Self.expectSame(FaultyStreams(files: run, failAfter: ["steps.tsv": 1000]), "steps.tsv cut short")
        try Self.expectSame(FaultyStreams(files: run, failAfter: ["container/sizes.txt": 1000]), "sizes.txt cut short")
        let cut = BundleLoader.load(runID: "r", from: FaultyStreams(files: run, failAfter: ["steps.tsv": 1000]))
        guard case .unreadable? = cut.status(of: "steps.tsv") else {
            Issue.record("a steps.tsv cut short should be unreadable, is \(String(describing: cut.status(of: "steps.tsv")))")
            return
        }
    }

    /// The load a progress display watches reads steps.tsv beside sizes.txt too (uncounted),
    /// and gives the bundle the unwatched load gives.
    @Test func aWatchedLoadGivesTheSameBundle() throws {
        var random = SplitMix64(seed: 7)
        for i in 0..<20 {
            let source = MemoryEvidenceSource(Self.run(&random))
            let watched = try #require(BundleLoader.load(runID: "r", from: source, observer: LoadObserver(clock: { 0 }) { _ in }))
            let plain = BundleLoader.load(runID: "r", from: source)
            #expect(watched.diagnostics == plain.diagnostics, "run \(i)")
            #expect(watched.files == plain.files, "run \(i)")
            #expect(watched.inventory == plain.inventory, "run \(i)")
        }
    }

    /// files.txt found NUL-delimited past the window its scan saw: the reader walks it again,
    /// and what ran beside sizes.txt in the abandoned walk is discarded before the next.
    @Test func aRestartedListReadDiscardsWhatRanBesideSizes() throws {
        let files = Array("./Documents/a\n./Documents/b\n".utf8) + [0] + Array("./Documents/c".utf8) + [0]
        let sizes = Array("1\tDocuments/a\n".utf8)
        func list(_ file: String, _ bytes: [UInt8]) throws -> ListArtifact {
            try ListArtifact.scan(file: file, stream: MemoryEvidenceStream(bytes), firstBytes: 8) { MemoryEvidenceStream(bytes) }
        }
        let filesList = try list("container/files.txt", files)
        let sizesList = try list("container/sizes.txt", sizes)
        final class Calls: @unchecked Sendable {
            var events: [String] = []
        }
        let calls = Calls()
        let work = WorkAlongsideSizes(
            run: { lookup in calls.events.append("run \(lookup.count)") }, discard: { calls.events.append("discard") })
        var warnings: [Diagnostic] = []
        let read = try FileListInventoryReader.read(
            files: filesList, companion: { $0 == .sizes ? sizesList : nil }, xattr: { nil }, alongsideSizes: work, warnings: &warnings)
        // discard, run (the walk that found the NUL), discard, run: the last one saw every
        // entry of the inventory read (nothing is added after sizes.txt here).
        #expect(calls.events.count == 4)
        #expect(calls.events.first == "discard")
        #expect(calls.events[2] == "discard")
        #expect(calls.events.last == "run \(read.inventory.count)")
    }

    /// A size hint no stream should give never makes a read ask for nothing.
    @Test func aReadSizeHonoursTheHintWithinBounds() {
        #expect(TextRecordStream.readSize(sizeHint: nil, window: 10) == 10)
        #expect(TextRecordStream.readSize(sizeHint: 3, window: 10) == 4)
        #expect(TextRecordStream.readSize(sizeHint: 10, window: 10) == 10)
        #expect(TextRecordStream.readSize(sizeHint: .max, window: 10) == 10)
        #expect(TextRecordStream.readSize(sizeHint: -5, window: 10) == 1)
    }

    /// The read alongside really happens (else the test above compares a load with itself),
    /// and is left for the steps step, which a first-screen load never runs.
    @Test func stepsAreReadBesideSizesOnlyWhenTheLoadRunsTheStepsStep() throws {
        let run = MemoryEvidenceSource(text: [
            "container/files.txt": "./Documents/a\n./Documents/b\n",
            "container/sizes.txt": "3\tDocuments/a\n4\tDocuments/b\n",
            "steps.tsv": "launch\tDocuments/a\nsync\tDocuments/b\nsync\tDocuments/a\n",
        ])
        var loader = Loading(bundle: EvidenceBundle(runID: "r"), source: run)
        loader.readsStepsAlongsideSizes = true
        loader.loadInventory()
        guard case .read(let sink, let warnings)? = loader.stepsReadAlongside?.outcome else {
            Issue.record("steps.tsv was not read beside sizes.txt")
            return
        }
        #expect(sink.count == 3)
        #expect(warnings.count == 1)  // Documents/a named again
        #expect(loader.bundle.status(of: EvidenceLayout.steps) == nil)  // recorded by the steps step, not before
        loader.run(.steps)
        let inventory = try #require(loader.bundle.inventory)
        #expect(inventory.step(try #require(inventory.lookup("Documents/a"))) == "sync")
        #expect(loader.bundle.status(of: EvidenceLayout.steps) == .loaded)
        #expect(loader.stepsReadAlongside == nil)

        var first = Loading(bundle: EvidenceBundle(runID: "r"), source: run)
        first.loadInventory()
        #expect(first.stepsReadAlongside == nil)
    }

    /// A path names one node, and records resolve by the index, unless a name holds a `/`
    /// (a hostile ncdu export) or a name is listed twice in one directory.
    @Test func aSlashInANameOrATwinNameMakesPathsResolveByWalking() {
        func inventory(_ names: [String]) -> Inventory {
            var b = InventoryBuilder()
            let dir = b.addDirectory(name: Array("Documents".utf8), parent: Inventory.root)
            for name in names { b.addFile(name: Array(name.utf8), parent: dir, size: 1) }
            return b.finish()
        }
        #expect(StepAssignment.resolvesByIndex(inventory(["a", "b", "c"])))
        #expect(!StepAssignment.resolvesByIndex(inventory(["a", "b/c"])))
        #expect(!StepAssignment.resolvesByIndex(inventory(["a", "b", "a"])))
    }

    /// The read beside sizes.txt is not counted by the progress display, which shows
    /// sizes.txt's bytes against sizes.txt's size; a cancel still stops it.
    @Test func theReadBesideIsUncountedButCancellable() throws {
        let observer = LoadObserver(clock: { 0 }) { _ in }
        let source = ObservedEvidenceSource(base: MemoryEvidenceSource(text: ["steps.tsv": "launch\ta\n"]), observer: observer)
        observer.begin("container/sizes.txt", size: 10)
        let stream = try #require(try source.uncountedStream("steps.tsv"))
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = try buffer.withUnsafeMutableBytes { try stream.read(into: $0) }
        #expect(n == 9)
        #expect(observer.progress.artifact == "container/sizes.txt")
        #expect(observer.progress.bytesRead == 0)
        observer.cancel()
        #expect(throws: EvidenceSourceError.self) { try buffer.withUnsafeMutableBytes { try stream.read(into: $0) } }
    }
}
