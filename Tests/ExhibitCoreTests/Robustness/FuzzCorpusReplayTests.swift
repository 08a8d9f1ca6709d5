import Foundation
import Testing
import ExhibitCore

/// Replays the checked-in fuzz corpus (Tests/fuzz/corpus/<reader>/, seeds plus every
/// minimised crasher) through its reader on every `swift test`, also where libFuzzer
/// is unavailable (macOS): a crasher saved there is a regression test from then on.
@Suite struct FuzzCorpusReplayTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("fuzz/corpus")

    typealias Read = @Sendable ([UInt8], inout [Diagnostic]) throws(Diagnostic) -> Void

    /// Corpus folder → reader, as in Sources/ExhibitFuzz/FuzzReader.swift.
    static let readers: [String: Read] = [
        "summary": { b, w throws(Diagnostic) in _ = try SummaryJSONReader.read(b, file: file, warnings: &w) },
        "tests": { b, w throws(Diagnostic) in _ = try TestsJSONReader.read(b, file: file, warnings: &w) },
        "legacy": { b, w throws(Diagnostic) in _ = try LegacyJSONReader.read(b, file: file, warnings: &w) },
        "junit": { b, w throws(Diagnostic) in _ = try JUnitReader.read(b, file: file, warnings: &w) },
        "xcresult-info": { b, w throws(Diagnostic) in _ = try XCResultInfoReader.read(b, file: file, warnings: &w) },
        "xcresulttool-version": { b, w throws(Diagnostic) in _ = try XcresulttoolVersionReader.read(b, file: file, warnings: &w) },
        "ncdu": { b, w throws(Diagnostic) in _ = try NcduInventoryReader.read(b, file: file, warnings: &w) },
        "xattr": { b, w throws(Diagnostic) in _ = try XattrDumpReader.read(b, file: file, warnings: &w) },
        "du": { b, w throws(Diagnostic) in _ = try DuReader.read(b, file: file, warnings: &w) },
        "steps": { b, w throws(Diagnostic) in _ = try StepsReader.read(b, file: file, warnings: &w) },
        "run-metadata": { b, w throws(Diagnostic) in _ = try RunMetadataReader.read(b, file: file, warnings: &w) },
        "rules": { b, w throws(Diagnostic) in _ = try RulesReader.read(b, file: file, warnings: &w) },
        "xcresult-object": { b, _ throws(Diagnostic) in
            do throws(TypedObjectParser.Failure) { _ = try TypedObjectParser.parse(b) } catch { throw positioned(error.offset, error.message, b) }
        },
        "xcresult-refs": { b, _ throws(Diagnostic) in
            do throws(RefsFile.Failure) { _ = try RefsFile.parse(b) } catch { throw positioned(error.offset, error.message, b) }
        },
        "xcresult-folder": { b, _ throws(Diagnostic) in
            let count = b.reduce(0) { $0 + ($1 == UInt8(ascii: "{") ? 1 : 0) }
            let children = (0..<count).map { XCResultObjectID(digest: BLAKE2b.hash([UInt8(truncatingIfNeeded: $0)])) }
            do throws(FolderObject.Failure) { _ = try FolderObject.parse(b, children: children) } catch { throw positioned(0, error.message, b) }
        },
        "filelist": { b, w throws(Diagnostic) in
            let a = ArtifactBytes(file: file, bytes: b)
            _ = try FileListInventoryReader.read(files: a, sizes: a, excluded: nil, xattr: a, warnings: &w)
        },
    ]
    static let file = "fuzz-input"

    /// The result-bundle parsers report byte offsets; the contract is the readers'.
    static func positioned(_ offset: Int, _ message: String, _ bytes: [UInt8]) -> Diagnostic {
        precondition((0...bytes.count).contains(offset), "offset \(offset) outside \(bytes.count) bytes")
        return Diagnostic.error(file, at: SourcePosition(offset: offset, in: bytes), message)
    }

    @Test func everyCorpusFolderHasAReader() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path)
        #expect(Set(folders) == Set(Self.readers.keys))
    }

    @Test(arguments: readers.keys.sorted()) func corpusReplaysCleanly(_ reader: String) throws {
        let read = try #require(Self.readers[reader])
        let folder = Self.corpus.appendingPathComponent(reader)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(!names.isEmpty)
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            var warnings: [Diagnostic] = []
            do {
                try read(bytes, &warnings)
            } catch {
                #expect(error.file == Self.file && error.position != nil, "\(reader)/\(name): \(error)")
            }
        }
    }
}
