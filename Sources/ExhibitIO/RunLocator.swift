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
        switch RunDetection.kind(directoryName: url.lastPathComponent, entries: entries(of: url.path, names: names)) {
        case .resultBundle?: return (url, .resultBundle)
        case .run?: return (url, .run)
        case nil: break
        }
        let listing = listing(of: url)
        if !listing.runs.isEmpty { return (url, .archive) }
        // Entries that could not be looked into may be the runs: say so, never just "none".
        let unread = listing.unreadable.sorted { $0.key < $1.key }.prefix(3).map { "\($0.key): \($0.value)" }
        let more = listing.unreadable.count > 3 ? " and \(listing.unreadable.count - 3) more" : ""
        throw Failure(
            description: "\(path): holds no run evidence (\(RunDetection.runMarkers.map { $0 + "/" }.joined(separator: " or "))); see exhibit-bundle(5)"
                + (unread.isEmpty ? "" : "; not read: " + unread.joined(separator: "; ") + more))
    }

    /// The run directories of an archive, sorted by name (run ids start with the date).
    public static func runs(in archive: URL) -> [String] { listing(of: archive).runs }

    /// What an archive holds, as the run list sees it.
    public struct ArchiveListing: Sendable, Equatable {
        /// The run directories, sorted by name.
        public var runs: [String]
        /// Entries that may be runs but cannot be looked into, with why: a directory that
        /// cannot be listed (`cannot be read: permission denied`), or an entry whose kind
        /// cannot be told (a loop of links). The list shows them; it never drops them.
        public var unreadable: [String: String]
    }

    /// The archive's runs and the entries that could not be looked into. Hidden entries
    /// (`.exhibit`) and links to nothing are left out: they are no run.
    public static func listing(of archive: URL) -> ArchiveListing {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: archive.path)) ?? []
        var runs: [String] = []
        var unreadable: [String: String] = [:]
        for name in names where !name.hasPrefix(".") {
            let path = archive.appendingPathComponent(name).path
            if let problem = lookingInto(path) {
                unreadable[name] = problem
            } else if isRun(path) {
                runs.append(name)
            }
        }
        return ArchiveListing(runs: runs.sorted(), unreadable: unreadable)
    }

    /// Why the entry at `path` cannot be looked into, or nil: it lists, is no
    /// directory, or is not there (a link to nothing).
    static func lookingInto(_ path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0 else { return errno == ENOENT ? nil : "cannot be read: " + reason(errno) }
        guard (st.st_mode & S_IFMT) == S_IFDIR else { return nil }
        guard let dir = opendir(path) else { return "cannot be read: " + reason(errno) }
        closedir(dir)
        return nil
    }

    /// `permission denied`, as the other messages of the locator say it.
    private static func reason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// Whether `directory` is a run (`RunDetection`: a result bundle is not one here,
    /// the archive's runs are what the list, the base chooser and the writers' guard mean).
    public static func isRun(_ directory: String) -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let name = URL(fileURLWithPath: directory).lastPathComponent
        return RunDetection.kind(directoryName: name, entries: entries(of: directory, names: names)) == .run
    }

    /// The top-level entries `RunDetection` needs: each name, and for the run markers
    /// whether it is a directory (links followed, as the loader's source does).
    static func entries(of directory: String, names: [String]) -> [RunDetection.Entry] {
        names.map { name in
            guard RunDetection.runMarkers.contains(name) else { return RunDetection.Entry(name: name, isDirectory: false) }
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: directory + "/" + name, isDirectory: &isDirectory)
            return RunDetection.Entry(name: name, isDirectory: exists && isDirectory.boolValue)
        }
    }

    /// The evidence a file written at `path` would land in: a run of `archive` (a
    /// directory of it that `isRun`), or a result bundle (`*.xcresult`) anywhere on the
    /// way; nil when none. Links are resolved first, so a link into a run counts as the
    /// run. No writer (note, records, drafts) writes where this says evidence is,
    /// `--force` or not.
    public static func evidence(enclosing path: String, archive: String) -> String? {
        let target = PathContainment.resolvedPath(path)
        let parts = target.split(separator: "/")
        if let bundle = parts.first(where: { $0.hasSuffix(".xcresult") }) {
            return "the result bundle \(bundle)"
        }
        // The path as given too: an archive's entry may be a link to a run kept elsewhere
        // (`ARCHIVE/linked -> /store/run`), which the resolved path leaves the archive for.
        let given = URL(fileURLWithPath: path).standardizedFileURL.path
        for (candidate, root) in [(target, PathContainment.resolvedPath(archive)), (given, URL(fileURLWithPath: archive).standardizedFileURL.path)] {
            let prefix = root == "/" ? "/" : root + "/"
            // Compared as written: `isInside` would resolve the given path's links.
            guard candidate.hasPrefix(prefix) else { continue }
            let inside = candidate.dropFirst(prefix.count).split(separator: "/")
            guard inside.count >= 2, let first = inside.first else { continue }
            if isRun(prefix + first) { return "the run \(first)" }
        }
        return nil
    }

    /// Loads a run bundle from disk; a bare result bundle is loaded as a run whose
    /// `results/` holds only it (see `MountedEvidenceSource`).
    public static func loadRun(at url: URL) -> EvidenceBundle {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        if RunDetection.kind(directoryName: url.lastPathComponent, entries: entries(of: url.path, names: names)) == .resultBundle {
            return loadResultBundle(at: url)
        }
        return BundleLoader.load(runID: url.lastPathComponent, from: DirectoryEvidenceSource(root: url))
    }

    /// `loadRun(at:)` reporting to `observer`; nil once it is cancelled.
    public static func loadRun(at url: URL, observer: LoadObserver) -> EvidenceBundle? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        if RunDetection.kind(directoryName: url.lastPathComponent, entries: entries(of: url.path, names: names)) == .resultBundle {
            return BundleLoader.load(runID: url.lastPathComponent, from: resultBundleSource(at: url), observer: observer)
        }
        return BundleLoader.load(runID: url.lastPathComponent, from: DirectoryEvidenceSource(root: url), observer: observer)
    }

    /// `loadRun(at:observer:)` for the triage UI: all that its first screen shows, and
    /// what finishes the bundle (`BundleLoader.loadFirstScreen`); nil once cancelled.
    public static func loadRunForFirstScreen(at url: URL, observer: LoadObserver) -> (bundle: EvidenceBundle, rest: DeferredLoad)? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        if RunDetection.kind(directoryName: url.lastPathComponent, entries: entries(of: url.path, names: names)) == .resultBundle {
            return BundleLoader.loadFirstScreen(runID: url.lastPathComponent, from: resultBundleSource(at: url), observer: observer)
        }
        return BundleLoader.loadFirstScreen(runID: url.lastPathComponent, from: DirectoryEvidenceSource(root: url), observer: observer)
    }

    public static func loadResultBundle(at url: URL) -> EvidenceBundle {
        BundleLoader.load(runID: url.lastPathComponent, from: resultBundleSource(at: url))
    }

    /// A bare result bundle as a run whose `results/` holds only it.
    static func resultBundleSource(at url: URL) -> MountedEvidenceSource<DirectoryEvidenceSource> {
        let name = url.lastPathComponent.hasSuffix(".xcresult") ? url.lastPathComponent : url.lastPathComponent + ".xcresult"
        return MountedEvidenceSource(DirectoryEvidenceSource(root: url), at: EvidenceLayout.resultsDirectory + "/" + name)
    }
}
