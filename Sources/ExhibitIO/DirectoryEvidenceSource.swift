import ExhibitCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a run bundle from a directory on disk, read-only. Files are opened with
/// `O_RDONLY` and never written, so the archive stays byte-identical. Every path is
/// reached through `ConfinedDirectory`: a symbolic link that leads out of the run is
/// reported as such and never followed, so host files (`/etc/passwd`,
/// `/proc/self/environ`, `/proc/kmsg`) are never read as evidence.
public struct DirectoryEvidenceSource: EvidenceSource {
    public let root: URL
    /// The largest file read per kind of artifact (`EXHIBIT_SIZE_LIMITS`).
    public let limits: ArtifactSizeLimits
    private let directory: ConfinedDirectory

    public init(root: URL, limits: ArtifactSizeLimits = ArtifactSizeLimits.fromEnvironment) {
        self.root = root
        self.limits = limits
        self.directory = ConfinedDirectory(root: root.path)
    }

    public func read(_ relativePath: String) throws(EvidenceSourceError) -> [UInt8]? {
        guard let fd = try openFile(relativePath) else { return nil }
        do {
            // Evidence is plain files: a FIFO or a device planted in a bundle is refused, not read.
            return try ReadOnlyFile.readAll(descriptor: fd, maximumSize: limit(of: relativePath))
        } catch {
            throw failure(relativePath, error)
        }
    }

    public func stream(_ relativePath: String) throws(EvidenceSourceError) -> (any EvidenceStream)? {
        guard let fd = try openFile(relativePath) else { return nil }
        do {
            return FileEvidenceStream(file: relativePath, reader: try ReadOnlyFile.Reader(descriptor: fd, maximumSize: limit(of: relativePath)))
        } catch {
            throw failure(relativePath, error)
        }
    }

    /// Whether the path is there in any form (a link out of the run, a FIFO and an
    /// unsearchable directory on the way count: reading it then says why it cannot be read).
    public func exists(_ relativePath: String) -> Bool {
        do {
            guard let found = try directory.find(relativePath) else { return false }
            found.close()
            return true
        } catch {
            return true
        }
    }

    public func list(_ relativeDirectory: String) -> [String] {
        ((try? directory.list(relativeDirectory)) ?? nil) ?? []
    }

    /// Why a directory cannot be listed, or nil when it can (or is absent): the loader
    /// reports an unreadable `results/` once instead of calling each file in it missing.
    public func listingFailure(_ relativeDirectory: String) -> String? {
        do {
            _ = try directory.list(relativeDirectory)
            return nil
        } catch {
            return error.reason
        }
    }

    /// The database read in place by SQLite, read-only and immutable
    /// (`ResultDatabase`), once `ConfinedDirectory` has found it to be a regular file
    /// inside the run reached through no link out of it.
    public func readResultDatabase(_ relativePath: String) -> ResultDatabaseReading {
        let found: ConfinedDirectory.Found
        do {
            guard let f = try directory.find(relativePath) else { return .absent }
            found = f
        } catch {
            return .unreadable(error.reason)
        }
        let isRegular = (found.status.st_mode & S_IFMT) == S_IFREG
        found.close()
        guard isRegular else { return .unreadable("not a regular file") }
        return ResultDatabase.read(path: root.appendingPathComponent(relativePath).path)
    }

    private func limit(of relativePath: String) -> Int {
        limits.limit(for: ArtifactSizeLimits.Kind.of(relativePath))
    }

    private func failure(_ relativePath: String, _ error: ReadOnlyFile.Failure) -> EvidenceSourceError {
        if let size = error.tooLarge {
            return EvidenceSourceError(file: relativePath, reason: limits.refusal(size: size, kind: .of(relativePath)))
        }
        return EvidenceSourceError(file: relativePath, reason: error.description)
    }

    /// The file opened (non-blocking, never through a link); nil when absent; throws
    /// for a directory, a link out of the run, or a way that cannot be searched.
    private func openFile(_ relativePath: String) throws(EvidenceSourceError) -> Int32? {
        let found: ConfinedDirectory.Found
        do {
            guard let f = try directory.find(relativePath) else { return nil }
            found = f
        } catch {
            throw EvidenceSourceError(file: relativePath, reason: error.reason)
        }
        defer { found.close() }
        if (found.status.st_mode & S_IFMT) == S_IFDIR {
            throw EvidenceSourceError(file: relativePath, reason: "is a directory, expected a file")
        }
        do {
            return try directory.descriptor(for: found)
        } catch {
            throw EvidenceSourceError(file: relativePath, reason: error.reason)
        }
    }
}

extension ArtifactSizeLimits {
    /// The limits `EXHIBIT_SIZE_LIMITS` sets, read once; the defaults when it is unset.
    /// `exhibit` refuses to start when the variable does not parse
    /// (`Exhibit.run`), so a malformed value never silently leaves the defaults.
    public static let fromEnvironment: ArtifactSizeLimits = {
        guard let text = ProcessInfo.processInfo.environment[environmentVariable] else { return .defaults }
        return (try? parse(text)) ?? .defaults
    }()
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
