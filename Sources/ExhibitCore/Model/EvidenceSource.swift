/// Where a bundle's bytes come from. The core never touches the file system: the
/// disk-backed source lives in ExhibitIO, and tests use `MemoryEvidenceSource`.
/// A source is called from more than one thread at once (the loader reads steps.tsv
/// ahead on a thread of its own), so any state it keeps must be guarded.
public protocol EvidenceSource: Sendable {
    /// The bytes of a bundle-relative file; nil when it does not exist. Throws
    /// `EvidenceSourceError` when it exists but cannot be read.
    func read(_ relativePath: String) throws(EvidenceSourceError) -> [UInt8]?
    /// Names inside a bundle-relative directory (unsorted); empty when absent.
    func list(_ relativeDirectory: String) -> [String]
    /// Whether a bundle-relative path exists, without reading it (a superseded
    /// 1M-line files.txt need not be read to be named).
    func exists(_ relativePath: String) -> Bool
    /// A bundle-relative file opened for reading in chunks; nil when it does not exist.
    /// Throws `EvidenceSourceError` when it exists but cannot be opened.
    func stream(_ relativePath: String) throws(EvidenceSourceError) -> (any EvidenceStream)?
    /// Why a bundle-relative directory that is there cannot be listed (no permission, a
    /// link out of the run); nil when it lists, or is absent.
    func listingFailure(_ relativeDirectory: String) -> String?
    /// A result bundle's `database.sqlite3`, read by a source that can open SQLite
    /// (read-only, immutable: nothing is written beside it). The core does no I/O and
    /// links no SQLite, so the source does the reading; others say `unsupported`.
    func readResultDatabase(_ relativePath: String) -> ResultDatabaseReading
}

extension EvidenceSource {
    public func exists(_ relativePath: String) -> Bool { ((try? read(relativePath)) ?? nil) != nil }

    public func listingFailure(_ relativeDirectory: String) -> String? { nil }

    public func readResultDatabase(_ relativePath: String) -> ResultDatabaseReading {
        exists(relativePath) ? .unsupported : .absent
    }

    /// Sources that only have whole files serve them as one stream.
    public func stream(_ relativePath: String) throws(EvidenceSourceError) -> (any EvidenceStream)? {
        try read(relativePath).map { MemoryEvidenceStream($0) }
    }
}

public struct EvidenceSourceError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var reason: String
    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }
    public var description: String { "\(file): \(reason)" }
}

/// An in-memory bundle for tests and fuzzing.
public struct MemoryEvidenceSource: EvidenceSource {
    public var files: [String: [UInt8]]

    public init(_ files: [String: [UInt8]]) { self.files = files }

    public init(text: [String: String]) {
        self.files = text.mapValues { Array($0.utf8) }
    }

    public func read(_ relativePath: String) throws(EvidenceSourceError) -> [UInt8]? { files[relativePath] }

    public func stream(_ relativePath: String) throws(EvidenceSourceError) -> (any EvidenceStream)? {
        files[relativePath].map { MemoryEvidenceStream($0) }
    }

    public func list(_ relativeDirectory: String) -> [String] {
        let prefix = relativeDirectory.isEmpty ? "" : relativeDirectory + "/"
        var names = Set<String>()
        for key in files.keys where key.hasPrefix(prefix) {
            if let first = key.dropFirst(prefix.count).split(separator: "/").first { names.insert(String(first)) }
        }
        return Array(names)
    }
}
