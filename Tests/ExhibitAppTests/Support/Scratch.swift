import Foundation

/// A temporary directory for one test, with the committed sample runs copied in on
/// demand (the samples themselves are never written to).
struct Scratch {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("SampleArchives").path

    let root: String

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-app-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    /// Copies the sample run `name` into `root/archive/` and returns its path.
    func copySample(_ name: String) throws -> String {
        let archive = root + "/archive"
        try FileManager.default.createDirectory(atPath: archive, withIntermediateDirectories: true)
        let target = archive + "/" + name
        try FileManager.default.copyItem(atPath: Self.samples + "/" + name, toPath: target)
        return target
    }

    func makeDirectory(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: root + "/" + relative, withIntermediateDirectories: true)
    }

    func write(_ text: String, to relative: String, executable: Bool = false) throws {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        if executable { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path) }
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }
}
