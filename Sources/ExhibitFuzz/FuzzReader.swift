import ExhibitCore
import Foundation

/// The readers the fuzzer can drive, named as the corpus folders under Tests/fuzz/corpus.
/// One binary serves them all; `EXHIBIT_FUZZ_READER` picks one per run, so each keeps
/// its own corpus and coverage.
enum FuzzReader: String, CaseIterable, Sendable {
    case summary, tests, legacy, junit, ncdu, filelist, xattr, du, steps, rules
    case xcresultInfo = "xcresult-info"
    case xcresulttoolVersion = "xcresulttool-version"
    case runMetadata = "run-metadata"
    /// A result bundle's typed object (the token grammar), refs file and folder object.
    case xcresultObject = "xcresult-object"
    case xcresultRefs = "xcresult-refs"
    case xcresultFolder = "xcresult-folder"

    static let environmentKey = "EXHIBIT_FUZZ_READER"
    static let file = "fuzz-input"
    /// Read once: the callback runs for every input.
    static let selected: FuzzReader? = ProcessInfo.processInfo.environment[environmentKey].flatMap(FuzzReader.init(rawValue:))

    /// Runs the reader over one input and checks the contract every reader has: no
    /// trap, and a thrown diagnostic names the file and a position. A broken contract
    /// traps on purpose, so libFuzzer records the input as a crasher.
    func run(_ bytes: [UInt8]) {
        var warnings: [Diagnostic] = []
        do throws(Diagnostic) {
            switch self {
            case .summary:
                // Presented too: times and counts from evidence reach the summary's arithmetic.
                var bundle = EvidenceBundle(runID: "fuzz")
                bundle.results = [try SummaryJSONReader.read(bytes, file: Self.file, warnings: &warnings)]
                bundle.metadata.startTime = bundle.results[0].startTime
                bundle.metadata.finishTime = bundle.results[0].finishTime
                _ = SummaryReport.text(bundle)
            case .tests: _ = try TestsJSONReader.read(bytes, file: Self.file, warnings: &warnings)
            case .legacy: _ = try LegacyJSONReader.read(bytes, file: Self.file, warnings: &warnings)
            case .junit: _ = try JUnitReader.read(bytes, file: Self.file, warnings: &warnings)
            case .xcresultInfo: _ = try XCResultInfoReader.read(bytes, file: Self.file, warnings: &warnings)
            case .xcresulttoolVersion: _ = try XcresulttoolVersionReader.read(bytes, file: Self.file, warnings: &warnings)
            case .ncdu:
                Self.expectStreamingAgrees(bytes)
                _ = try NcduInventoryReader.read(bytes, file: Self.file, warnings: &warnings)
            case .xattr: _ = try XattrDumpReader.read(bytes, file: Self.file, warnings: &warnings)
            case .du: _ = try DuReader.read(bytes, file: Self.file, warnings: &warnings)
            case .steps: _ = try StepsReader.read(bytes, file: Self.file, warnings: &warnings)
            case .runMetadata:
                var bundle = EvidenceBundle(runID: "fuzz")
                bundle.metadata = try RunMetadataReader.read(bytes, file: Self.file, warnings: &warnings)
                _ = SummaryReport.text(bundle)
            case .rules: _ = try RulesReader.read(bytes, file: Self.file, warnings: &warnings)
            case .xcresultObject, .xcresultRefs, .xcresultFolder:
                try XCResultFuzzing.run(self, bytes, file: Self.file)
            case .filelist:
                // The same bytes as the list and as each companion: one input exercises
                // the path list, the size lines and the xattr flags.
                let artifact = ArtifactBytes(file: Self.file, bytes: bytes)
                _ = try FileListInventoryReader.read(files: artifact, sizes: artifact, excluded: nil, xattr: artifact,
                                                     warnings: &warnings)
            }
        } catch {
            precondition(error.file == Self.file, "diagnostic names \(error.file)")
            precondition(error.position != nil, "diagnostic without a position: \(error)")
        }
    }

    /// The streamed ncdu read (a window refilled a few bytes at a time, the size picked
    /// from the input) must give what the whole-buffer read gives: inventory,
    /// warnings, and the error with its position.
    static func expectStreamingAgrees(_ bytes: [UInt8]) {
        func outcome(_ read: (inout [Diagnostic]) throws(Diagnostic) -> NcduInventoryReader.Document) -> (Inventory?, [UInt8], [Diagnostic], Diagnostic?) {
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
            try NcduInventoryReader.readDocument(stream: MemoryEvidenceStream(bytes, chunkSize: chunk), file: file, chunkSize: chunk, warnings: &w)
        }
        precondition(whole.0 == streamed.0 && whole.1 == streamed.1, "streamed inventory differs (chunk \(chunk))")
        precondition(whole.2 == streamed.2, "streamed warnings differ (chunk \(chunk)): \(whole.2) / \(streamed.2)")
        precondition(whole.3 == streamed.3, "streamed error differs (chunk \(chunk)): \(String(describing: whole.3)) / \(String(describing: streamed.3))")
    }
}
