import ExhibitCore
import Foundation

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

    /// The top-level names that mark a directory as a run bundle.
    /// `rules.json` and `steps.tsv` are not enough: teams keep a shared rules file at
    /// the root of an archive, which must not turn the archive into a "run".
    static let runMarkers = ["results", "container", "run.json"]

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
            guard !name.hasPrefix(".") else { return false }
            let inner = (try? fm.contentsOfDirectory(atPath: archive.appendingPathComponent(name).path)) ?? []
            return inner.contains(where: { runMarkers.contains($0) })
        }.sorted()
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
