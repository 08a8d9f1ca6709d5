import ExhibitCore

/// The readers the fuzzer drives, one per `Tests/fuzz/corpus/<name>/` folder, under the
/// contract every reader has: no trap, and a thrown diagnostic names the file and a
/// position inside the input. The one table behind the libFuzzer binary (ExhibitFuzz)
/// and the corpus replay on every `swift test`; `EvidenceArtifact.fuzzTargets` names
/// these. Pure: bytes in, the broken contract (if any) out.
public struct EvidenceFuzzTarget: Sendable {
    public let name: String
    /// Runs the reader; returns what else it broke beyond a thrown diagnostic's
    /// contract (streamed and whole reads disagreeing, say), or nil.
    let body: @Sendable ([UInt8]) throws(Diagnostic) -> String?

    /// The file name every diagnostic must carry.
    public static let file = "fuzz-input"

    /// The broken contract, or nil when the reader kept it.
    public func check(_ bytes: [UInt8]) -> String? {
        do {
            return try body(bytes)
        } catch {
            if error.file != Self.file { return "diagnostic names \(error.file)" }
            if error.position == nil { return "diagnostic without a position: \(error)" }
            return nil
        }
    }

    public static func named(_ name: String) -> EvidenceFuzzTarget? { all.first { $0.name == name } }

    init(_ name: String, _ body: @escaping @Sendable ([UInt8]) throws(Diagnostic) -> String?) {
        self.name = name
        self.body = body
    }

    /// A reader whose only contract is the diagnostic's.
    static func reading(_ name: String, _ read: @escaping @Sendable ([UInt8], inout [Diagnostic]) throws(Diagnostic) -> Void) -> Self {
        Self(name) { bytes throws(Diagnostic) in
            var warnings: [Diagnostic] = []
            try read(bytes, &warnings)
            return nil
        }
    }

    public static let all: [EvidenceFuzzTarget] = [
        Self("summary") { bytes throws(Diagnostic) in
            // Presented too: times and counts from evidence reach the summary's arithmetic.
            var warnings: [Diagnostic] = []
            var bundle = EvidenceBundle(runID: "fuzz")
            bundle.results = [try SummaryJSONReader.read(bytes, file: file, warnings: &warnings)]
            bundle.metadata.startTime = bundle.results[0].startTime
            bundle.metadata.finishTime = bundle.results[0].finishTime
            _ = SummaryReport.text(bundle)
            return nil
        },
        reading("tests") { b, w throws(Diagnostic) in _ = try TestsJSONReader.read(b, file: file, warnings: &w) },
        reading("legacy") { b, w throws(Diagnostic) in _ = try LegacyJSONReader.read(b, file: file, warnings: &w) },
        reading("junit") { b, w throws(Diagnostic) in _ = try JUnitReader.read(b, file: file, warnings: &w) },
        reading("xcresult-info") { b, w throws(Diagnostic) in _ = try XCResultInfoReader.read(b, file: file, warnings: &w) },
        reading("xcresulttool-version") { b, w throws(Diagnostic) in
            _ = try XcresulttoolVersionReader.read(b, file: file, warnings: &w)
        },
        // app/Info.plist and the preference copies: the one bounded plist reader.
        reading("property-list") { b, _ throws(Diagnostic) in _ = try PropertyListReader.decode(b, file: file) },
        Self("ncdu") { bytes throws(Diagnostic) in
            if let broken = streamingDisagreement(bytes) { return broken }
            var warnings: [Diagnostic] = []
            _ = try NcduInventoryReader.read(bytes, file: file, warnings: &warnings)
            return nil
        },
        Self("filelist") { bytes throws(Diagnostic) in
            // The same bytes as the list and as each companion: one input exercises the
            // path list, the size lines and the flags, from excluded.txt or from xattr.txt
            // (the loader passes one of the two), picked by the input's length. The lists
            // are read streamed: first the cut into records is held to the whole-buffer cut.
            if let broken = TextRecordStream.disagreement(bytes, chunkSize: 1 + bytes.count % 7) { return "streamed records: \(broken)" }
            // One input in sixteen: a walk read ahead starts a thread and clears 3 MB of chunks.
            if bytes.count % 16 == 0, let broken = TextRecordStream.disagreement(bytes, chunkSize: 1 + bytes.count % 5, readingAhead: 64 + bytes.count % 61) {
                return "records read ahead: \(broken)"
            }
            let artifact = ArtifactBytes(file: file, bytes: bytes)
            let asExcluded = bytes.count % 2 == 1
            var warnings: [Diagnostic] = []
            _ = try FileListInventoryReader.read(
                files: artifact, sizes: artifact, excluded: asExcluded ? artifact : nil,
                xattr: asExcluded ? nil : artifact, warnings: &warnings)
            // Half the inputs (two whole loads each cost a tenth of the runs a second).
            return bytes.count % 4 < 2 ? stepsAlongsideDisagreement(bytes, withExcluded: asExcluded) : nil
        },
        reading("xattr") { b, w throws(Diagnostic) in _ = try XattrDumpReader.read(b, file: file, warnings: &w) },
        reading("du") { b, w throws(Diagnostic) in _ = try DuReader.read(b, file: file, warnings: &w) },
        reading("steps") { b, w throws(Diagnostic) in _ = try StepsReader.read(b, file: file, warnings: &w) },
        reading("times") { b, w throws(Diagnostic) in _ = try TimesReader.read(b, file: file, warnings: &w) },
        Self("run-metadata") { bytes throws(Diagnostic) in
            var warnings: [Diagnostic] = []
            var bundle = EvidenceBundle(runID: "fuzz")
            bundle.metadata = try RunMetadataReader.read(bytes, file: file, warnings: &warnings)
            _ = SummaryReport.text(bundle)
            return nil
        },
        reading("rules") { b, w throws(Diagnostic) in _ = try RulesReader.read(b, file: file, warnings: &w) },
        // A result bundle's typed object (the token grammar), refs file and folder object.
        Self("xcresult-object") { bytes throws(Diagnostic) in
            do throws(TypedObjectParser.Failure) {
                _ = try TypedObjectParser.parse(bytes)
                return nil
            } catch {
                return try positioned(error.offset, error.message, bytes)
            }
        },
        Self("xcresult-refs") { bytes throws(Diagnostic) in
            do throws(RefsFile.Failure) {
                let ids = try RefsFile.parse(bytes)
                // What parses must encode back to no more bytes when the count is in its
                // shortest form (the form the bundles use).
                let shortest = RefsFile.encode(ids)
                return shortest.count <= bytes.count ? nil : "re-encoding grew: \(shortest.count) > \(bytes.count)"
            } catch {
                return try positioned(error.offset, error.message, bytes)
            }
        },
        Self("xcresult-folder") { bytes throws(Diagnostic) in
            // As many children as the listing has objects, so matching inputs get past the
            // count check and into the entries.
            let count = bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "{") ? 1 : 0) }
            let children = (0..<count).map { XCResultObjectID(digest: BLAKE2b.hash([UInt8(truncatingIfNeeded: $0)])) }
            do throws(FolderObject.Failure) {
                let folder = try FolderObject.parse(bytes, children: children)
                return folder.entries.allSatisfy({ !$0.name.contains("/") && $0.name != ".." }) ? nil : "an entry name leaves the folder"
            } catch {
                throw Diagnostic.error(file, at: SourcePosition(line: 1, column: 1, byteOffset: 0), error.message)
            }
        },
    ]

    /// The result-bundle parsers report byte offsets: thrown as a positioned diagnostic
    /// when the offset lies inside the input, else the broken contract.
    static func positioned(_ offset: Int, _ message: String, _ bytes: [UInt8]) throws(Diagnostic) -> String {
        guard (0...bytes.count).contains(offset) else { return "offset \(offset) outside the input of \(bytes.count) bytes" }
        throw Diagnostic.error(file, at: SourcePosition(offset: offset, in: bytes), message)
    }

    /// The same bytes as files.txt, sizes.txt and steps.tsv (and excluded.txt) of one run,
    /// loaded with steps.tsv read beside sizes.txt and in turn: the bundles must agree.
    static func stepsAlongsideDisagreement(_ bytes: [UInt8], withExcluded: Bool) -> String? {
        var files = [EvidenceLayout.filesList: bytes, EvidenceLayout.sizesList: bytes, EvidenceLayout.steps: bytes]
        if withExcluded { files[EvidenceLayout.excludedList] = bytes }
        let source = MemoryEvidenceSource(files)
        let beside = BundleLoader.load(runID: "fuzz", from: source, steps: BundleLoader.Step.allCases, stepsAlongsideSizes: true)
        let inTurn = BundleLoader.load(runID: "fuzz", from: source, steps: BundleLoader.Step.allCases, stepsAlongsideSizes: false)
        if beside.diagnostics != inTurn.diagnostics { return "steps.tsv read beside sizes.txt: the warnings differ from a read in turn" }
        if beside.files != inTurn.files { return "steps.tsv read beside sizes.txt: the file states differ from a read in turn" }
        if beside.inventory != inTurn.inventory || beside.inventory?.steps != inTurn.inventory?.steps {
            return "steps.tsv read beside sizes.txt: the inventory differs from a read in turn"
        }
        return nil
    }

    /// The streamed ncdu read (a window refilled a few bytes at a time, the size picked
    /// from the input) must give what the whole-buffer read gives: inventory, warnings,
    /// and the error with its position. What differs, or nil.
    static func streamingDisagreement(_ bytes: [UInt8]) -> String? {
        func outcome(_ read: (inout [Diagnostic]) throws(Diagnostic) -> NcduInventoryReader.Document)
            -> (Inventory?, [UInt8], [Diagnostic], Diagnostic?)
        {
            var warnings: [Diagnostic] = []
            do {
                let doc = try read(&warnings)
                return (doc.inventory, doc.rootName, warnings, nil)
            } catch {
                return (nil, [], warnings, error)
            }
        }
        let whole = outcome { w throws(Diagnostic) in try NcduInventoryReader.readDocument(bytes, file: file, warnings: &w) }
        let chunk = 1 + bytes.count % 13
        let streamed = outcome { w throws(Diagnostic) in
            try NcduInventoryReader.readDocument(
                stream: MemoryEvidenceStream(bytes, chunkSize: chunk), file: file,
                chunkSize: chunk, warnings: &w)
        }
        if whole.0 != streamed.0 || whole.1 != streamed.1 { return "streamed inventory differs (chunk \(chunk))" }
        if whole.2 != streamed.2 { return "streamed warnings differ (chunk \(chunk)): \(whole.2) / \(streamed.2)" }
        if whole.3 != streamed.3 {
            return "streamed error differs (chunk \(chunk)): \(String(describing: whole.3)) / \(String(describing: streamed.3))"
        }
        return nil
    }
}
