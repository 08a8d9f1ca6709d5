import ExhibitCore
import Foundation

/// A committed sample run (SampleArchives/run-*) held in memory, so tests can damage
/// one file and load the whole bundle through `MemoryEvidenceSource`.
struct SampleRun: Sendable {
    static let archives = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("SampleArchives")

    let name: String
    /// Bundle-relative path → bytes.
    let files: [String: [UInt8]]

    init(_ name: String) {
        self.name = name
        let root = Self.archives.appendingPathComponent(name)
        var files: [String: [UInt8]] = [:]
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = walker?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true,
                let data = FileManager.default.contents(atPath: url.path)
            else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            files[relative] = [UInt8](data)
        }
        self.files = files
    }

    init(name: String, files: [String: [UInt8]]) {
        self.name = name
        self.files = files
    }

    func load(replacing file: String? = nil, with bytes: [UInt8] = []) -> EvidenceBundle {
        var copy = files
        if let file { copy[file] = bytes }
        return BundleLoader.load(runID: name, from: MemoryEvidenceSource(copy))
    }
}
