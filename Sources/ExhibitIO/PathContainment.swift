import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether a path lands inside a directory, links resolved: the one check behind
/// "never write into the run", "never collect into the container" and the writers'
/// evidence guard (`RunLocator.evidence(enclosing:archive:)`).
public enum PathContainment {
    /// Whether `path` (which may not exist yet) is `directory` itself or resolves to a
    /// place under it. Both sides are resolved first, so a link into the directory, or
    /// a directory reached through a link, counts as inside.
    public static func isInside(_ path: String, directory: String) -> Bool {
        let target = resolvedPath(path)
        let root = resolvedPath(directory)
        return target == root || target.hasPrefix(root == "/" ? "/" : root + "/")
    }

    /// `path` with its links resolved: `realpath` of the deepest part that exists, the
    /// rest (not created yet) appended.
    public static func resolvedPath(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var existing = absolute
        var rest: [String] = []
        while true {
            if let real = realpath(existing, nil) {
                defer { free(real) }
                let base = String(cString: real)
                return rest.isEmpty ? base : (base == "/" ? "" : base) + "/" + rest.reversed().joined(separator: "/")
            }
            guard let slash = existing.lastIndex(of: "/"), slash != existing.startIndex else { return absolute }
            rest.append(String(existing[existing.index(after: slash)...]))
            existing = String(existing[..<slash])
        }
    }
}
