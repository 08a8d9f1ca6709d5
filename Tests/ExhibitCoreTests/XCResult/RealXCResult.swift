import Foundation

@testable import ExhibitCore

/// The two real bundles of `../shared/real-evidence/xcresult/`, read into memory
/// (88 KB and 373 KB), each with the oracle that real tools printed for it.
enum RealXCResult {
    static let dodo = "dodo-SPM-26.1.1-iOS.xcresult"
    static let repeated = "xcresultparser-test_repeated.xcresult"
    static let names = [dodo, repeated]

    /// Every file of the bundle, by bundle-relative path.
    static func load(_ name: String) throws -> MemoryEvidenceSource {
        let root = RealEvidence.root.appendingPathComponent("xcresult/\(name)")
        var files: [String: [UInt8]] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        while let relative = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = root.appendingPathComponent(relative).path
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            files[relative] = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        return MemoryEvidenceSource(files)
    }

    /// The bundle opened as `exhibit X.xcresult` opens it.
    static func loadBundle(_ name: String) throws -> EvidenceBundle {
        BundleLoader.load(runID: name, from: MountedEvidenceSource(try load(name), at: "results/\(name)"))
    }
}
