import ExhibitCore
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns a path the user typed into a run bundle on disk, with one clear error when it
/// is missing, not a directory, or unreadable.
public enum RunLocator {
    public enum Kind: Equatable {
        /// A single run bundle.
        case run
        /// A directory whose subdirectories are runs.
        case archive
        /// A bare result bundle (`X.xcresult`): opened as a run holding only its results.
        case resultBundle
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The top-level names that mark a directory as a run bundle, from the artifact
    /// table (`EvidenceArtifact.marksRun`): `results`, `container`, `run.json`.
    static let runMarkers = EvidenceArtifact.runMarkers

    public static func resolve(_ path: String) throws(Failure) -> (url: URL, kind: Kind) {
        var isDirectory: ObjCBool = false
        let fm = FileManager.default
        guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Failure(description: "\(path): no such file or directory")
        }
        guard isDirectory.boolValue else {
            throw Failure(description: "\(path): is a file; expected a run directory (see exhibit-bundle(5))")
        }
        guard fm.isReadableFile(atPath: path), fm.isExecutableFile(atPath: path),
            let names = try? fm.contentsOfDirectory(atPath: path)
        else {
            throw Failure(description: "\(path): permission denied")
        }
        let url = URL(fileURLWithPath: path).standardizedFileURL
        if isResultBundle(url, names: names) { return (url, .resultBundle) }
        if names.contains(where: { runMarkers.contains($0) }) { return (url, .run) }
        let runs = runs(in: url)
        if !runs.isEmpty { return (url, .archive) }
        throw Failure(description: "\(path): holds no run evidence (results/, container/ or run.json); see exhibit-bundle(5)")
    }

    /// The run directories of an archive, sorted by name (run ids start with the date).
    public static func runs(in archive: URL) -> [String] {
        let fm = FileManager.default
        let names = (try? fm.contentsOfDirectory(atPath: archive.path)) ?? []
        return names.filter { name in
            !name.hasPrefix(".") && isRun(archive.appendingPathComponent(name).path)
        }.sorted()
    }

    /// What makes a directory a run: one of `runMarkers` at its top level. The one
    /// definition behind `resolve`, `runs(in:)` and the writers' guard below.
    public static func isRun(_ directory: String) -> Bool {
        let inner = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return inner.contains(where: { runMarkers.contains($0) })
    }

    /// The evidence a file written at `path` would land in: a run of `archive` (a
    /// directory of it that `isRun`), or a result bundle (`*.xcresult`) anywhere on the
    /// way; nil when none. Links are resolved first, so a link into a run counts as the
    /// run. No writer (note, records, drafts) writes where this says evidence is,
    /// `--force` or not.
    public static func evidence(enclosing path: String, archive: String) -> String? {
        let target = resolvedPath(path)
        let parts = target.split(separator: "/")
        if let bundle = parts.first(where: { $0.hasSuffix(".xcresult") }) {
            return "the result bundle \(bundle)"
        }
        let root = resolvedPath(archive)
        let prefix = root == "/" ? "/" : root + "/"
        guard target.hasPrefix(prefix) else { return nil }
        let inside = target.dropFirst(prefix.count).split(separator: "/")
        guard inside.count >= 2, let first = inside.first else { return nil }
        let run = prefix + first
        return isRun(run) ? "the run \(first)" : nil
    }

    /// `path` with its links resolved: `realpath` of the deepest part that exists, the
    /// rest (not created yet) appended.
    static func resolvedPath(_ path: String) -> String {
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

    /// `X.xcresult` with an Info.plist, or any directory holding Info.plist beside
    /// `Data/` or `database.sqlite3` (a result bundle renamed by an artifact upload).
    static func isResultBundle(_ url: URL, names: [String]) -> Bool {
        guard names.contains("Info.plist") else { return false }
        return url.pathExtension == "xcresult" || names.contains("Data") || names.contains("database.sqlite3")
    }

    /// Loads a run bundle from disk; a bare result bundle is loaded as a run whose
    /// `results/` holds only it (see `MountedEvidenceSource`).
    public static func loadRun(at url: URL) -> EvidenceBundle {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        if isResultBundle(url, names: names) { return loadResultBundle(at: url) }
        return BundleLoader.load(runID: url.lastPathComponent, from: DirectoryEvidenceSource(root: url))
    }

    public static func loadResultBundle(at url: URL) -> EvidenceBundle {
        let name = url.lastPathComponent.hasSuffix(".xcresult") ? url.lastPathComponent : url.lastPathComponent + ".xcresult"
        let source = MountedEvidenceSource(DirectoryEvidenceSource(root: url), at: EvidenceLayout.resultsDirectory + "/" + name)
        return BundleLoader.load(runID: url.lastPathComponent, from: source)
    }
}
