/// What a directory is, told from its top-level entries: the one definition of "a run"
/// behind resolving a path, listing an archive and the writers' guard (`RunLocator`
/// lists the directory and asks here). Pure; `runMarkers` comes from the table of
/// evidence artifacts (`EvidenceArtifact.marksRun`).
public enum RunDetection {
    public enum Kind: Sendable, Equatable {
        /// A run bundle: it holds one of `runMarkers` as a directory.
        case run
        /// A bare result bundle (`X.xcresult`): opened as a run holding only its results.
        case resultBundle
    }

    /// One top-level entry of a directory.
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var isDirectory: Bool

        public init(name: String, isDirectory: Bool) {
            self.name = name
            self.isDirectory = isDirectory
        }
    }

    /// The directories that make a directory a run: the evidence the run list, `check`
    /// and the UI can say something about. `run.json`, `rules.json` and `steps.tsv`
    /// alone are not enough: teams keep a shared rules file or fixtures with a run.json
    /// at the root of an archive, which must not turn the archive, or a fixtures
    /// directory, into a "run".
    public static let runMarkers = EvidenceArtifact.runMarkers

    /// The kind of the directory named `directoryName` holding `entries`; nil when it
    /// is neither a run nor a result bundle.
    public static func kind(directoryName: String, entries: [Entry]) -> Kind? {
        if isResultBundle(directoryName: directoryName, names: entries.map(\.name)) { return .resultBundle }
        if entries.contains(where: { $0.isDirectory && runMarkers.contains($0.name) }) { return .run }
        return nil
    }

    /// `X.xcresult` with an Info.plist, or any directory holding Info.plist beside
    /// `Data/` or `database.sqlite3` (a result bundle renamed by an artifact upload).
    static func isResultBundle(directoryName: String, names: [String]) -> Bool {
        guard names.contains("Info.plist") else { return false }
        return directoryName.hasSuffix(".xcresult") || names.contains("Data") || names.contains("database.sqlite3")
    }
}
