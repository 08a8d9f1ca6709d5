import ExhibitCore
import Foundation

/// Reads a run bundle from a directory on disk, read-only. Files are opened with
/// `O_RDONLY` and never written, so the archive stays byte-identical.
public struct DirectoryEvidenceSource: EvidenceSource {
    public let root: URL

    public init(root: URL) { self.root = root }

    public func read(_ relativePath: String) throws(EvidenceSourceError) -> [UInt8]? {
        guard let path = try existingFile(relativePath) else { return nil }
        do {
            // Evidence is plain files: a FIFO or a device planted in a bundle is refused, not read.
            return try ReadOnlyFile.readAll(path: path, regularFilesOnly: true)
        } catch {
            throw EvidenceSourceError(file: relativePath, reason: error.description)
        }
    }

    public func stream(_ relativePath: String) throws(EvidenceSourceError) -> (any EvidenceStream)? {
        guard let path = try existingFile(relativePath) else { return nil }
        do {
            return FileEvidenceStream(file: relativePath, reader: try ReadOnlyFile.Reader(path: path, regularFilesOnly: true))
        } catch {
            throw EvidenceSourceError(file: relativePath, reason: error.description)
        }
    }

    public func exists(_ relativePath: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(relativePath).path)
    }

    public func list(_ relativeDirectory: String) -> [String] {
        let url = relativeDirectory.isEmpty ? root : root.appendingPathComponent(relativeDirectory)
        return (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    }

    /// The file's path; nil when absent; throws for a directory.
    private func existingFile(_ relativePath: String) throws(EvidenceSourceError) -> String? {
        let url = root.appendingPathComponent(relativePath)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue { throw EvidenceSourceError(file: relativePath, reason: "is a directory, expected a file") }
        return url.path
    }
}

/// A bundle file on disk as an `EvidenceStream` (read failures name the file).
final class FileEvidenceStream: EvidenceStream {
    private let file: String
    private let reader: ReadOnlyFile.Reader

    init(file: String, reader: ReadOnlyFile.Reader) {
        self.file = file
        self.reader = reader
    }

    var sizeHint: Int? { reader.size }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(EvidenceSourceError) -> Int {
        do {
            return try reader.read(into: buffer)
        } catch {
            throw EvidenceSourceError(file: file, reason: error.description)
        }
    }
}
