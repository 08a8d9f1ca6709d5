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
            case .summary: _ = try SummaryJSONReader.read(bytes, file: Self.file, warnings: &warnings)
            case .tests: _ = try TestsJSONReader.read(bytes, file: Self.file, warnings: &warnings)
            case .legacy: _ = try LegacyJSONReader.read(bytes, file: Self.file, warnings: &warnings)
            case .junit: _ = try JUnitReader.read(bytes, file: Self.file, warnings: &warnings)
            case .xcresultInfo: _ = try XCResultInfoReader.read(bytes, file: Self.file, warnings: &warnings)
            case .xcresulttoolVersion: _ = try XcresulttoolVersionReader.read(bytes, file: Self.file, warnings: &warnings)
            case .ncdu: _ = try NcduInventoryReader.read(bytes, file: Self.file, warnings: &warnings)
            case .xattr: _ = try XattrDumpReader.read(bytes, file: Self.file, warnings: &warnings)
            case .du: _ = try DuReader.read(bytes, file: Self.file, warnings: &warnings)
            case .steps: _ = try StepsReader.read(bytes, file: Self.file, warnings: &warnings)
            case .runMetadata: _ = try RunMetadataReader.read(bytes, file: Self.file, warnings: &warnings)
            case .rules: _ = try RulesReader.read(bytes, file: Self.file, warnings: &warnings)
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
}
