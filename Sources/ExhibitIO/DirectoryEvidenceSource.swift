import ExhibitCore
import Foundation

/// Reads a run bundle from a directory on disk, read-only. Files are opened with
/// `O_RDONLY` and never written, so the archive stays byte-identical.
public struct DirectoryEvidenceSource: EvidenceSource {
    public let root: URL

    public init(root: URL) { self.root = root }

    public func read(_ relativePath: String) throws(EvidenceSourceError) -> [UInt8]? {
        let url = root.appendingPathComponent(relativePath)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue { throw EvidenceSourceError(file: relativePath, reason: "is a directory, expected a file") }
        do {
            // Evidence is plain files: a FIFO or a device planted in a bundle is refused, not read.
            return try ReadOnlyFile.readAll(path: url.path, regularFilesOnly: true)
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
}
