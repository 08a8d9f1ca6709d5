import ExhibitCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Triage records, one small JSON file per run, kept beside the archive but never inside
/// the evidence: `ARCHIVE/.exhibit/notes/` when the archive is writable, else
/// `$XDG_STATE_HOME/exhibit/notes/` (`~/.local/state/exhibit/notes/`), or a directory
/// given with `--notes`. An input inside a run (a result bundle opened on its own from
/// `RUN/results/`) keeps its records beside the outermost such run's archive, in a
/// subdirectory of its own (`OpenedInput`).
public struct NotesStore: Sendable {
    public let directory: String
    /// Directories that must not be symbolic links: a planted `.exhibit -> run/container`
    /// would otherwise send records into the evidence. Empty for `--notes DIR`, where
    /// the person chose the place.
    let mustNotBeLinks: [String]
    /// The input whose evidence records must never land in (`--notes ARCHIVE/RUN/container`
    /// included): its runs, the runs above it, its archive's runs; nil when the store was
    /// made without one.
    let input: OpenedInput?
    /// The place tried first and why it was passed over (the archive's notes directory,
    /// when the archive is not writable), and where `directory` came from (`XDG_STATE_HOME`
    /// or `HOME`): said when `directory` cannot be made either.
    let passedOver: (directory: String, why: String)?
    let origin: String?

    public init(directory: String) {
        self.init(directory: directory, input: nil)
    }

    init(
        directory: String, mustNotBeLinks: [String] = [], input: OpenedInput?,
        passedOver: (directory: String, why: String)? = nil, origin: String? = nil
    ) {
        self.directory = directory
        self.mustNotBeLinks = mustNotBeLinks
        self.input = input
        self.passedOver = passedOver
        self.origin = origin
    }

    public enum Failure: Error, CustomStringConvertible {
        case unwritable(String)
        case malformed(Diagnostic)

        public var description: String {
            switch self {
            case .unwritable(let why): why
            case .malformed(let d): d.description
            }
        }
    }

    /// Picks the notes directory for runs under `archive` (an archive of runs).
    /// - Parameter environment: `EXHIBIT_NOTES`-free: only `XDG_STATE_HOME` and `HOME` are read.
    public static func locate(archive: String, override: String?, environment: [String: String]) -> NotesStore {
        locate(for: OpenedInput(URL(fileURLWithPath: archive), isArchive: true), override: override, environment: environment)
    }

    /// Picks the notes directory for what `input` holds: beside `input.archive`, in
    /// `input.subdirectory` when the input is inside a run.
    /// - Parameter environment: `EXHIBIT_NOTES`-free: only `XDG_STATE_HOME` and `HOME` are read.
    public static func locate(for input: OpenedInput, override: String?, environment: [String: String]) -> NotesStore {
        if let override { return NotesStore(directory: override, input: input) }
        let archive = input.archive
        let hidden = archive + "/.exhibit"
        let notes = hidden + "/notes"
        let beside = input.subdirectory.map { notes + "/" + $0 } ?? notes
        guard let why = whyNot(beside, under: archive) else {
            return NotesStore(directory: beside, mustNotBeLinks: [hidden, notes, beside], input: input)
        }
        let state: String
        let origin: String
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            (state, origin) = (xdg, "XDG_STATE_HOME=\(xdg)")
        } else if let home = environment["HOME"] {
            (state, origin) = (home + "/.local/state", "HOME=\(home)")
        } else {
            (state, origin) = (NSHomeDirectory() + "/.local/state", "the account's home directory")
        }
        // One subdirectory per archive: read-only archives of different projects (or two
        // copies of one) must not share records for equal run ids.
        let kept = state + "/exhibit/notes/" + archiveKey(archive)
        return NotesStore(
            directory: input.subdirectory.map { kept + "/" + $0 } ?? kept, input: input,
            passedOver: (beside, why), origin: origin)
    }

    /// Why the records cannot go to `directory` (under `archive`), such as "ARCHIVE:
    /// Permission denied"; nil when they can: it is a writable directory, or the first
    /// part of it that exists is one. A part that exists but is a file (`.exhibit` left as
    /// a file) leaves it to the archive, so the write names the file rather than the
    /// records silently going elsewhere.
    static func whyNot(_ directory: String, under archive: String) -> String? {
        var path = directory
        while path.count > archive.count {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                return isDirectory.boolValue ? refusal(path) : refusal(archive)
            }
            path = OpenedInput.parent(path)
        }
        return refusal(archive)
    }

    /// "PATH: reason" when `path` is not a directory this process may write in.
    private static func refusal(_ path: String) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return "\(path): \(String(cString: strerror(ENOENT)))"
        }
        guard isDirectory.boolValue else { return "\(path): \(String(cString: strerror(ENOTDIR)))" }
        return access(path, W_OK | X_OK) == 0 ? nil : "\(path): \(String(cString: strerror(errno)))"
    }

    /// `<archive name>-<hash of its real path>`: readable, and distinct per archive.
    static func archiveKey(_ archive: String) -> String {
        let real = archive.withCString { p -> String in
            guard let resolved = realpath(p, nil) else { return archive }
            defer { free(resolved) }
            return String(cString: resolved)
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
        for byte in real.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let name = real.split(separator: "/").last.map(String.init) ?? "archive"
        return fileStem(for: name) + "-" + String(hash >> 32, radix: 16)
    }

    // MARK: - File names

    /// A file name for a run id that cannot escape the directory: bytes outside
    /// `[A-Za-z0-9._-]` become `%XX`, and so does a leading dot (no hidden files, no
    /// `..`). The mapping is one-to-one up to `maximumStemBytes`; a longer stem (a
    /// 246-byte UTF-8 id escapes to 738 bytes, past NAME_MAX) keeps its head and ends
    /// in `~` and a hash of the whole id, so every id gets a name the file system
    /// takes. The id itself is inside the record, and reading checks it.
    public static func fileStem(for runID: String) -> String {
        var out = ""
        var cut: String.Index?
        for (i, byte) in runID.utf8.enumerated() {
            let safe =
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x5F || (byte == 0x2E && i > 0)
            let piece = safe ? String(UnicodeScalar(byte)) : "%" + hexByte(byte)
            if cut == nil && out.utf8.count + piece.utf8.count > hashedHeadBytes { cut = out.endIndex }
            out += piece
        }
        if out.isEmpty { return "%00" }
        guard out.utf8.count > maximumStemBytes, let cut else { return out }
        return String(out[..<cut]) + "~" + hashText(runID)
    }

    /// NAME_MAX (255 bytes on Linux and APFS) less the longest suffix (`.draft.json`, an
    /// earlier version's drafts, still read).
    static let maximumStemBytes = 255 - ".draft.json".utf8.count
    /// How much of a long stem is kept before the hash: readable in a listing.
    static let hashedHeadBytes = 160

    /// 64-bit FNV-1a of the id, in hex. Not a defence against a chosen collision: a
    /// record whose id differs from the one asked for is refused (`read`).
    static func hashText(_ runID: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in runID.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// A record is `<stem>.json`, a draft `<stem>.draft`, a note `<stem>.md`: three
    /// endings no stem can turn into one another, so no run's file is another run's.
    /// (Drafts used to be `<stem>.draft.json`, which is also the record of the run whose
    /// id is the stem and `.draft`: saving one run dropped the other's record.)
    func path(for runID: String, draft: Bool) -> String {
        directory + "/" + Self.fileStem(for: runID) + (draft ? ".draft" : ".json")
    }

    /// Where an earlier version kept the run's draft; it may hold the record of the run
    /// named `<id>.draft` instead, so it is read, and dropped, only when it is the draft
    /// of this run.
    func legacyDraftPath(for runID: String) -> String {
        directory + "/" + Self.fileStem(for: runID) + ".draft.json"
    }

    // MARK: - Reading and writing

    public func record(for runID: String) throws(Failure) -> TriageRecord? { try read(path(for: runID, draft: false), runID: runID) }

    public func draft(for runID: String) throws(Failure) -> TriageRecord? {
        if let draft = try read(path(for: runID, draft: true), runID: runID) { return draft }
        return legacyDraft(for: runID)
    }

    /// The draft an earlier version kept at `legacyDraftPath`, when that file is one and
    /// is this run's; anything else there is another run's record, or not ours to read.
    private func legacyDraft(for runID: String) -> TriageRecord? {
        guard let found = try? read(legacyDraftPath(for: runID), runID: runID), found.isDraft else { return nil }
        return found
    }

    /// Drops the run's draft, and the one an earlier version kept, when it is this run's draft.
    private func dropDrafts(of runID: String) {
        unlink(path(for: runID, draft: true))
        if legacyDraft(for: runID) != nil { unlink(legacyDraftPath(for: runID)) }
    }

    /// Writes the record atomically and drops any draft it supersedes; returns its path.
    /// A classification joins the run's history: the record already there (its history
    /// included) comes first, so re-classifying keeps every earlier decision. A record
    /// that cannot be read is not replaced: that would lose it.
    @discardableResult
    public func save(_ record: TriageRecord) throws(Failure) -> String {
        let file = path(for: record.runID, draft: record.isDraft)
        var kept = record
        if !record.isDraft {
            do {
                if let earlier = try self.record(for: record.runID) { kept = earlier.superseded(by: record) }
            } catch {
                throw .unwritable("\(file): the run's record cannot be read, so it is kept as it is (\(error.description))")
            }
        }
        try write(kept, to: file)
        if record.isDraft {
            // The new draft supersedes one an earlier version kept.
            if legacyDraft(for: record.runID) != nil { unlink(legacyDraftPath(for: record.runID)) }
        } else {
            dropDrafts(of: record.runID)
        }
        return file
    }

    /// Where the note beside a run's record is (`<stem>.md`), whether or not it exists.
    public func notePath(for runID: String) -> String { directory + "/" + Self.fileStem(for: runID) + ".md" }

    /// Whether a note was exported beside the run's record (it is rewritten with the record).
    public func hasNote(for runID: String) -> Bool {
        var st = stat()
        return lstat(notePath(for: runID), &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
    }

    /// The largest record read (a sparse 1 GiB file planted as a record must not cost 1 GiB).
    var recordLimit: Int { ArtifactSizeLimits.fromEnvironment.limit(for: .record) }

    private func read(_ file: String, runID: String) throws(Failure) -> TriageRecord? {
        try refuseLinks()
        // Never follow a symlink planted in the notes directory.
        var st = stat()
        guard lstat(file, &st) == 0 else { return nil }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            throw .unwritable("\(file): not a regular file; refusing to read it as a triage record")
        }
        let bytes: [UInt8]
        let fd = open(file, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw .unwritable("\(file): \(String(cString: strerror(errno)))") }
        do {
            bytes = try ReadOnlyFile.readAll(descriptor: fd, maximumSize: recordLimit)
        } catch {
            if let size = error.tooLarge {
                throw .unwritable("\(file): " + ArtifactSizeLimits.fromEnvironment.refusal(size: size, kind: .record))
            }
            throw .unwritable("\(file): \(error.description)")
        }
        let record: TriageRecord
        do {
            record = try TriageRecord.decode(bytes, file: file)
        } catch {
            throw .malformed(error)
        }
        // A long id's name ends in a hash: a record under it for another id is not this run's.
        guard record.runID == runID else {
            throw .malformed(.error(file, "holds the record of run \"\(record.runID)\", not of \"\(runID)\""))
        }
        return record
    }

    private func write(_ record: TriageRecord, to file: String) throws(Failure) {
        try writeFile(record.encoded(), to: file)
    }

    /// Writes the exported triage note beside the run's record (`<stem>.md`).
    public func saveNote(_ markdown: String, for runID: String) throws(Failure) -> String {
        let file = notePath(for: runID)
        try writeFile(Array(markdown.utf8), to: file)
        return file
    }

    private func writeFile(_ bytes: [UInt8], to file: String) throws(Failure) {
        try refuseLinks()
        if let input, let evidence = input.evidence(enclosing: file) {
            throw .unwritable("\(directory): is inside \(evidence); triage records are never written into evidence (choose another --notes DIR)")
        }
        let blocker = Self.firstNonDirectory(on: directory)
        if let blocker, passedOver == nil {
            throw .unwritable(
                "\(blocker): is a file, not a directory, so the notes directory \(directory) cannot be made"
                    + " (move it away, or choose another place with --notes DIR)")
        }
        if let failed = blocker.map({ ($0, ENOTDIR) }) ?? Self.makeDirectories(directory) {
            let refusal = "\(failed.0): \(String(cString: strerror(failed.1)))"
            guard let passedOver else {
                throw .unwritable("\(directory): cannot create the notes directory (\(refusal)); choose another place with --notes DIR")
            }
            // Both places, each with the directory that refused and why.
            throw .unwritable(
                "no place to keep triage records: the archive's \(passedOver.directory) is not writable (\(passedOver.why)), "
                    + "and \(directory), from \(origin ?? "the home directory"), cannot be made (\(refusal)); "
                    + "choose a writable place with --notes DIR or XDG_STATE_HOME")
        }
        try refuseLinks()
        var st = stat()
        if lstat(file, &st) == 0 && (st.st_mode & S_IFMT) != S_IFREG {
            throw .unwritable("\(file): not a regular file; refusing to replace it")
        }
        do {
            try AtomicFile.write(bytes, to: file)
        } catch {
            throw .unwritable(error.description)
        }
    }

    private func refuseLinks() throws(Failure) {
        for path in mustNotBeLinks {
            var st = stat()
            if lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK {
                throw .unwritable("\(path): is a symbolic link; refusing to keep triage records through it")
            }
        }
    }

    /// The first part of `path` that exists and is not a directory (`ARCHIVE/.exhibit`
    /// left as a file); nil when every existing part is a directory.
    static func firstNonDirectory(on path: String) -> String? {
        var prefix = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            prefix += "/" + part
            var st = stat()
            guard stat(prefix, &st) == 0 else { return nil }
            if (st.st_mode & S_IFMT) != S_IFDIR { return prefix }
        }
        return nil
    }

    /// `mkdir -p`, one component at a time so a refusal names the directory it came
    /// from and the error (Foundation's message is an NSError's description); nil when
    /// `path` is a directory at the end.
    static func makeDirectories(_ path: String) -> (path: String, error: Int32)? {
        var prefix = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            prefix += "/" + part
            var st = stat()
            if stat(prefix, &st) == 0 {
                if (st.st_mode & S_IFMT) == S_IFDIR { continue }
                return (prefix, ENOTDIR)
            }
            if mkdir(prefix, 0o777) != 0 && errno != EEXIST { return (prefix, errno) }
        }
        return nil
    }

    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }
    static func isWritableDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
            && access(path, W_OK | X_OK) == 0
    }
}
