import ExhibitCore
import Foundation

/// An input as the writers see it: the evidence around it that nothing is written into,
/// and where the triage records of what it holds belong. A run or a result bundle is
/// evidence, and so is every run above it: a result bundle opened on its own from inside
/// a run (`RUN/results/Vault.xcresult`) is the run's evidence too, and its parent
/// directory is no archive to keep records in.
public struct OpenedInput: Sendable {
    /// The run, result bundle or archive, as given (`..` and `.` resolved, links not).
    public let url: URL
    /// Whether the input is an archive (its runs' records are keyed in it), not a run or
    /// a result bundle (keyed in its parent directory).
    public let isArchive: Bool
    /// The directory the input's records are keyed in: a run's or a result bundle's
    /// parent directory, or the archive itself. Its runs are evidence too.
    public let keyDirectory: String
    /// What nothing is written into: a run or a result bundle itself, and every run
    /// above the input, its path as given and with links resolved (a link may lead into
    /// a run, or out of one).
    public let evidence: [String]
    /// The directory the records are kept beside (`ARCHIVE/.exhibit/notes/`): the key
    /// directory, or for an input inside a run, the directory holding the outermost
    /// such run (on the resolved path when it is inside one, so the same bundle finds
    /// the same records however it is named).
    public let archive: String
    /// For an input inside a run: the subdirectory of the notes directory its records go
    /// in, the path from `archive` to the key directory as a file stem
    /// (`run-2026-11-03%2Fresults`), so the bundles of two runs never share a record.
    public let subdirectory: String?

    /// Looks at the directories above `url`: each listed once per path (`RunLocator.isRun`).
    public init(_ url: URL, isArchive: Bool) {
        let given = url.standardizedFileURL
        self.url = given
        self.isArchive = isArchive
        let real = PathContainment.resolvedPath(given.path)
        let givenRuns = Self.runs(above: given.path)
        let realRuns = real == given.path ? givenRuns : Self.runs(above: real)
        var evidence = isArchive ? [] : [given.path, real]
        evidence += givenRuns + realRuns
        self.evidence = evidence.reduce(into: []) { kept, path in if !kept.contains(path) { kept.append(path) } }
        self.keyDirectory = isArchive ? given.path : Self.parent(given.path)
        if let outer = realRuns.last {
            (archive, subdirectory) = Self.beside(outer, key: isArchive ? real : Self.parent(real))
        } else if let outer = givenRuns.last {
            (archive, subdirectory) = Self.beside(outer, key: keyDirectory)
        } else {
            (archive, subdirectory) = (keyDirectory, nil)
        }
    }

    /// The evidence a file written at `path` would land in, said for a message (`the run
    /// run-1`); nil when none: the input and the runs above it, a run of the key
    /// directory or of `archive`, or a result bundle anywhere on the way
    /// (`RunLocator.evidence(enclosing:archive:)`). Links are resolved first.
    public func evidence(enclosing path: String) -> String? {
        for root in evidence where PathContainment.isInside(path, directory: root) {
            let name = URL(fileURLWithPath: root).lastPathComponent
            return RunLocator.isRun(root) ? "the run \(name)" : "the result bundle \(name)"
        }
        if let found = RunLocator.evidence(enclosing: path, archive: keyDirectory) { return found }
        if archive != keyDirectory, let found = RunLocator.evidence(enclosing: path, archive: archive) { return found }
        // A run of another archive, or one kept on its own: a directory above the target
        // that is a run, where the target is in one of its evidence artifacts
        // (`note -o OTHER/run/container/inventory.json --force`). Only there: a CI
        // workspace holding a `results/` folder is taken for a run too, and a note
        // written to its `out/` touches no evidence.
        let target = PathContainment.resolvedPath(path)
        for run in Self.runs(above: target).reversed() {
            let below = target.dropFirst(run == "/" ? 1 : run.count + 1)
            let first = String(below.prefix { $0 != "/" })
            if Self.artifactNames.contains(first) { return "the run \(URL(fileURLWithPath: run).lastPathComponent)" }
        }
        return nil
    }

    /// The names at the top of a run that hold evidence (`container`, `results`, `app`,
    /// `steps.tsv`, …): the artifact table's first components.
    static let artifactNames = Set(EvidenceArtifact.all.map(\.topLevelName))

    /// The records' place beside `outer`, the outermost run above the input.
    private static func beside(_ outer: String, key: String) -> (archive: String, subdirectory: String?) {
        let archive = parent(outer)
        let prefix = archive == "/" ? "/" : archive + "/"
        let relative = key.hasPrefix(prefix) ? String(key.dropFirst(prefix.count)) : key
        return (archive, NotesStore.fileStem(for: relative))
    }

    /// The directories above `path` that are runs, nearest first.
    static func runs(above path: String) -> [String] {
        var found: [String] = []
        var directory = path
        while directory != "/" && !directory.isEmpty {
            directory = parent(directory)
            if RunLocator.isRun(directory) { found.append(directory) }
        }
        return found
    }

    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
