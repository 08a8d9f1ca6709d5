import Testing

@testable import ExhibitCore

/// The loader streams container/inventory.json (`EvidenceSource.stream`): what it
/// records for a good, a malformed, an unopenable and a half-readable file, and the
/// files.txt fallback, as when it read the file whole.
@Suite struct InventoryStreamLoadingTests {
    static let inventory = EvidenceLayout.inventoryJSON
    static let fileList = Array("./Documents/a.txt\n./tmp/b\n".utf8)

    /// A memory bundle whose inventory.json cannot be opened (`openFailure`) or fails
    /// part way (`failAfter` bytes).
    struct FaultySource: EvidenceSource {
        var files: MemoryEvidenceSource
        var openFailure: String?
        var failAfter: Int?

        func read(_ relativePath: String) throws(EvidenceSourceError) -> [UInt8]? { try files.read(relativePath) }
        func list(_ relativeDirectory: String) -> [String] { files.list(relativeDirectory) }
        func exists(_ relativePath: String) -> Bool { files.files[relativePath] != nil }

        func stream(_ relativePath: String) throws(EvidenceSourceError) -> (any EvidenceStream)? {
            guard relativePath == InventoryStreamLoadingTests.inventory, let bytes = files.files[relativePath] else {
                return try files.stream(relativePath)
            }
            if let openFailure { throw EvidenceSourceError(file: relativePath, reason: openFailure) }
            if let failAfter { return FailingStream(bytes, failAfter: failAfter) }
            return MemoryEvidenceStream(bytes, chunkSize: 5)
        }
    }

    @Test func aGoodInventoryLoadsAsTheWholeFileReads() throws {
        let bytes = Array(NcduInventoryReaderTests.sample.utf8)
        let bundle = BundleLoader.load(runID: "r", from: FaultySource(files: MemoryEvidenceSource([Self.inventory: bytes])))
        #expect(bundle.status(of: Self.inventory) == .loaded)
        #expect(bundle.inventorySource == Self.inventory)
        var w: [Diagnostic] = []
        #expect(bundle.inventory == (try NcduInventoryReader.read(bytes, file: Self.inventory, warnings: &w)))
    }

    @Test func aMalformedInventoryIsPositionedAndFilesTxtIsUsed() throws {
        let broken = Array("[1,2,{},[{\"name\":\"/\"},\n{\"name\":\"a\"".utf8)
        let source = MemoryEvidenceSource([Self.inventory: broken, EvidenceLayout.filesList: Self.fileList])
        let bundle = BundleLoader.load(runID: "r", from: source)
        guard case .malformed(let d)? = bundle.status(of: Self.inventory) else {
            Issue.record("status \(String(describing: bundle.status(of: Self.inventory)))")
            return
        }
        #expect(d.description.hasPrefix("container/inventory.json:2:12: error: expected ',' or '}' in an info object, found end of file"))
        #expect(bundle.diagnostics.contains(d))
        #expect(bundle.inventorySource == EvidenceLayout.filesList)
        #expect(bundle.inventory?.lookup("Documents/a.txt") != nil)
        #expect(bundle.diagnostics.contains { $0.file == EvidenceLayout.filesList && $0.message.contains("used instead of the malformed") })
    }

    @Test func anInventoryThatCannotBeOpenedIsUnreadable() {
        let source = FaultySource(
            files: MemoryEvidenceSource([Self.inventory: [], EvidenceLayout.filesList: Self.fileList]),
            openFailure: "not a regular file (a FIFO); refusing to read it")
        let bundle = BundleLoader.load(runID: "r", from: source)
        #expect(bundle.status(of: Self.inventory) == .unreadable("not a regular file (a FIFO); refusing to read it"))
        #expect(bundle.diagnostics.contains(.error(Self.inventory, "not a regular file (a FIFO); refusing to read it")))
        #expect(bundle.inventorySource == EvidenceLayout.filesList)
    }

    @Test func anInventoryFailingPartWayIsUnreadableWithAPosition() throws {
        let bytes = Array(NcduInventoryReaderTests.sample.utf8)
        let source = FaultySource(
            files: MemoryEvidenceSource([Self.inventory: bytes, EvidenceLayout.filesList: Self.fileList]),
            failAfter: 200)
        let bundle = BundleLoader.load(runID: "r", from: source)
        #expect(bundle.status(of: Self.inventory) == .unreadable("Input/output error"))
        let error = try #require(bundle.diagnostics.first { $0.file == Self.inventory && $0.severity == .error })
        #expect(error.message.contains("could not be read to the end: Input/output error"))
        #expect(error.position?.byteOffset == 200)
        #expect(bundle.inventorySource == EvidenceLayout.filesList)
    }

    @Test func aMissingInventoryIsMissing() {
        let bundle = BundleLoader.load(runID: "r", from: MemoryEvidenceSource([EvidenceLayout.filesList: Self.fileList]))
        #expect(bundle.status(of: Self.inventory) == .missing)
        #expect(bundle.inventorySource == EvidenceLayout.filesList)
    }
}
