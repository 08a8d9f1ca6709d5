/// Another source seen at a path inside a run bundle: a bare result bundle
/// (`exhibit X.xcresult`) opened as the run `results/X.xcresult` with nothing else, so
/// the loader, summary and UI treat it as any run whose container was not archived.
public struct MountedEvidenceSource<Inner: EvidenceSource>: EvidenceSource {
    public let inner: Inner
    /// Where the inner source appears, e.g. `results/Run.xcresult`.
    public let mountPath: String

    public init(_ inner: Inner, at mountPath: String) {
        self.inner = inner
        self.mountPath = mountPath
    }

    /// The inner path of `relativePath`; nil when it lies outside the mount.
    private func innerPath(_ relativePath: String) -> String? {
        if relativePath == mountPath { return "" }
        guard relativePath.hasPrefix(mountPath + "/") else { return nil }
        return String(relativePath.dropFirst(mountPath.count + 1))
    }

    public func read(_ relativePath: String) throws(EvidenceSourceError) -> [UInt8]? {
        guard let path = innerPath(relativePath) else { return nil }
        do {
            return try inner.read(path)
        } catch {
            throw EvidenceSourceError(file: relativePath, reason: error.reason)
        }
    }

    public func stream(_ relativePath: String) throws(EvidenceSourceError) -> (any EvidenceStream)? {
        guard let path = innerPath(relativePath) else { return nil }
        do {
            return try inner.stream(path)
        } catch {
            throw EvidenceSourceError(file: relativePath, reason: error.reason)
        }
    }

    public func readResultDatabase(_ relativePath: String) -> ResultDatabaseReading {
        guard let path = innerPath(relativePath) else { return .absent }
        return inner.readResultDatabase(path)
    }

    public func exists(_ relativePath: String) -> Bool {
        if let path = innerPath(relativePath) { return path.isEmpty || inner.exists(path) }
        return mountPath.hasPrefix(relativePath + "/")
    }

    public func list(_ relativeDirectory: String) -> [String] {
        if let path = innerPath(relativeDirectory) { return inner.list(path) }
        // A directory above the mount lists the next component of the mount path.
        let prefix = relativeDirectory.isEmpty ? "" : relativeDirectory + "/"
        guard mountPath.hasPrefix(prefix) else { return [] }
        return mountPath.dropFirst(prefix.count).split(separator: "/").first.map { [String($0)] } ?? []
    }
}
