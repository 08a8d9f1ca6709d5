import ExhibitCore

/// The result-bundle parsers under the readers' contract: no trap, and a failure is a
/// diagnostic naming the file and a position inside the input.
enum XCResultFuzzing {
    static func run(_ reader: FuzzReader, _ bytes: [UInt8], file: String) throws(Diagnostic) {
        switch reader {
        case .xcresultObject:
            do {
                _ = try TypedObjectParser.parse(bytes)
            } catch {
                throw at(error.offset, error.message, bytes, file)
            }
        case .xcresultRefs:
            do {
                let ids = try RefsFile.parse(bytes)
                // What parses must encode back to the same bytes when the count is in
                // its shortest form (the form the bundles use).
                let shortest = RefsFile.encode(ids)
                precondition(shortest.count <= bytes.count, "re-encoding grew: \(shortest.count) > \(bytes.count)")
            } catch {
                throw at(error.offset, error.message, bytes, file)
            }
        case .xcresultFolder:
            // As many children as the listing has objects, so matching inputs get past
            // the count check and into the entries.
            let count = bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "{") ? 1 : 0) }
            let children = (0..<count).map { XCResultObjectID(digest: BLAKE2b.hash([UInt8(truncatingIfNeeded: $0)])) }
            do {
                let folder = try FolderObject.parse(bytes, children: children)
                precondition(folder.entries.allSatisfy { !$0.name.contains("/") && $0.name != ".." })
            } catch {
                throw Diagnostic.error(file, at: SourcePosition(line: 1, column: 1, byteOffset: 0), error.message)
            }
        default:
            preconditionFailure("not a result-bundle reader: \(reader)")
        }
    }

    static func at(_ offset: Int, _ message: String, _ bytes: [UInt8], _ file: String) -> Diagnostic {
        precondition((0...bytes.count).contains(offset), "offset \(offset) outside the input of \(bytes.count) bytes")
        return Diagnostic.error(file, at: SourcePosition(offset: offset, in: bytes), message)
    }
}
