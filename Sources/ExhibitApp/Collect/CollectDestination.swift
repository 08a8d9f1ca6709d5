import ExhibitCore
import ExhibitIO
import Foundation

/// The RUN directory `exhibit collect` writes: refused when it holds anything unless
/// `--force`, files written atomically by bundle-relative path.
struct CollectDestination {
    let root: String

    /// Files and folders of the bundle layout a forced collect clears first, so a
    /// second collect into one RUN never mixes results of two runs.
    static let layoutFiles = EvidenceArtifact.fixedPaths

    /// Creates `root`, or checks an existing one is empty (or clears the layout's
    /// files from it under `force`; nothing else in it is touched).
    static func prepare(_ root: String, force: Bool) throws(InputError) -> CollectDestination {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: root, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw InputError(description: "\(root): exists and is not a directory") }
            let existing = (try? fm.contentsOfDirectory(atPath: root)) ?? []
            if !existing.isEmpty {
                guard force else { throw InputError(description: "\(root): not empty (use --force to collect into it)") }
                for file in layoutFiles { try? fm.removeItem(atPath: root + "/" + file) }
                // Collect writes no preference copies; an earlier run's would be read as this one's.
                try? fm.removeItem(atPath: root + "/" + EvidenceLayout.preferencesDirectory)
                let results = root + "/" + EvidenceLayout.resultsDirectory
                for name in (try? fm.contentsOfDirectory(atPath: results)) ?? [] where name.hasSuffix(".xcresult") {
                    try? fm.removeItem(atPath: results + "/" + name)
                }
            }
        } else {
            do {
                try fm.createDirectory(atPath: root, withIntermediateDirectories: true)
            } catch {
                throw InputError(description: "\(root): cannot create: \(error.localizedDescription)")
            }
        }
        return CollectDestination(root: root)
    }

    func write(_ bytes: [UInt8], to relativePath: String) throws(InputError) {
        let target = root + "/" + relativePath
        do {
            try FileManager.default.createDirectory(atPath: AtomicFile.parentDirectory(of: target), withIntermediateDirectories: true)
            try AtomicFile.write(bytes, to: target)
        } catch {
            throw InputError(description: "\(target): \(error)")
        }
    }

    func write(_ text: String, to relativePath: String) throws(InputError) {
        try write(Array(text.utf8), to: relativePath)
    }

    /// Copies a file the user named (steps, rules, Info.plist) into the bundle.
    func copyFile(_ source: String, to relativePath: String) throws(InputError) {
        let bytes: [UInt8]
        do {
            bytes = try ReadOnlyFile.readAll(path: source)
        } catch {
            throw InputError(description: error.description)
        }
        try write(bytes, to: relativePath)
    }

    /// Copies a whole directory (a result bundle) into the bundle.
    func copyTree(_ source: String, to relativePath: String) throws(InputError) {
        let target = root + "/" + relativePath
        do {
            try FileManager.default.createDirectory(atPath: AtomicFile.parentDirectory(of: target), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: source, toPath: target)
        } catch {
            throw InputError(description: "\(source): cannot copy into the bundle: \(error.localizedDescription)")
        }
    }
}
