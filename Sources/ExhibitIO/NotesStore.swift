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
/// given with `--notes`.
public struct NotesStore: Sendable {
    public let directory: String
    /// Directories that must not be symbolic links: a planted `.exhibit -> run/container`
    /// would otherwise send records into the evidence. Empty for `--notes DIR`, where
    /// the person chose the place.
    let mustNotBeLinks: [String]

    public init(directory: String) {
        self.directory = directory
        self.mustNotBeLinks = []
    }

    init(directory: String, mustNotBeLinks: [String]) {
        self.directory = directory
        self.mustNotBeLinks = mustNotBeLinks
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

    /// Picks the notes directory for runs under `archive` (a run's parent directory).
    /// - Parameter environment: `EXHIBIT_NOTES`-free: only `XDG_STATE_HOME` and `HOME` are read.
    public static func locate(archive: String, override: String?, environment: [String: String]) -> NotesStore {
        if let override { return NotesStore(directory: override) }
        let hidden = archive + "/.exhibit"
        let beside = hidden + "/notes"
        if isWritableDirectory(beside) || (!exists(beside) && isWritableDirectory(archive)) {
            return NotesStore(directory: beside, mustNotBeLinks: [hidden, beside])
        }
        let state = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
        // One subdirectory per archive: read-only archives of different projects (or two
        // copies of one) must not share records for equal run ids.
        return NotesStore(directory: state + "/exhibit/notes/" + archiveKey(archive))
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
    /// `..`). The mapping is one-to-one, so two runs never share a record.
    public static func fileStem(for runID: String) -> String {
        var out = ""
        for (i, byte) in runID.utf8.enumerated() {
            let safe = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x5F || (byte == 0x2E && i > 0)
            out += safe ? String(UnicodeScalar(byte)) : "%" + hexByte(byte)
        }
        return out.isEmpty ? "%00" : out
    }

    func path(for runID: String, draft: Bool) -> String {
        directory + "/" + Self.fileStem(for: runID) + (draft ? ".draft.json" : ".json")
    }

    // MARK: - Reading and writing

    public func record(for runID: String) throws(Failure) -> TriageRecord? { try read(path(for: runID, draft: false)) }
    public func draft(for runID: String) throws(Failure) -> TriageRecord? { try read(path(for: runID, draft: true)) }

    /// Writes the record atomically and drops any draft it supersedes.
    public func save(_ record: TriageRecord) throws(Failure) {
        try write(record, to: path(for: record.runID, draft: record.isDraft))
        if !record.isDraft { unlink(path(for: record.runID, draft: true)) }
    }

    private func read(_ file: String) throws(Failure) -> TriageRecord? {
        try refuseLinks()
        // Never follow a symlink planted in the notes directory.
        var st = stat()
        guard lstat(file, &st) == 0 else { return nil }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            throw .unwritable("\(file): not a regular file; refusing to read it as a triage record")
        }
        let bytes: [UInt8]
        do {
            bytes = try ReadOnlyFile.readAll(path: file)
        } catch {
            throw .unwritable(error.description)
        }
        do {
            return try TriageRecord.decode(bytes, file: file)
        } catch {
            throw .malformed(error)
        }
    }

    private func write(_ record: TriageRecord, to file: String) throws(Failure) {
        try writeFile(record.encoded(), to: file)
    }

    /// Writes the exported triage note beside the run's record (`<stem>.md`).
    public func saveNote(_ markdown: String, for runID: String) throws(Failure) -> String {
        let file = directory + "/" + Self.fileStem(for: runID) + ".md"
        try writeFile(Array(markdown.utf8), to: file)
        return file
    }

    private func writeFile(_ bytes: [UInt8], to file: String) throws(Failure) {
        try refuseLinks()
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .unwritable("\(directory): cannot create the notes directory: \(error.localizedDescription)")
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

    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }
    static func isWritableDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
            && access(path, W_OK | X_OK) == 0
    }
}

/// Who is triaging: `$EXHIBIT_USER`, else `git config user.name`, else `$USER`.
public enum TriageAuthor {
    public static func current(environment: [String: String]) -> String {
        if let u = environment["EXHIBIT_USER"], !u.isEmpty { return u }
        if let name = gitUserName(), !name.isEmpty { return name }
        return environment["USER"].flatMap { $0.isEmpty ? nil : $0 } ?? "unknown"
    }

    static func gitUserName() -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "config", "user.name"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
