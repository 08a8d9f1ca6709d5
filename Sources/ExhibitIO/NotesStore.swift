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

    public init(directory: String) {
        self.directory = directory
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
        let beside = archive + "/.exhibit/notes"
        if isWritableDirectory(beside) || (!exists(beside) && isWritableDirectory(archive)) {
            return NotesStore(directory: beside)
        }
        let state = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
        return NotesStore(directory: state + "/exhibit/notes")
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
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .unwritable("\(directory): cannot create the notes directory: \(error.localizedDescription)")
        }
        var st = stat()
        if lstat(file, &st) == 0 && (st.st_mode & S_IFMT) != S_IFREG {
            throw .unwritable("\(file): not a regular file; refusing to replace it")
        }
        do {
            try AtomicFile.write(record.encoded(), to: file)
        } catch {
            throw .unwritable(error.description)
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
