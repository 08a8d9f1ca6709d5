import Foundation
import Testing

/// Files that real tools wrote, kept by the workplace in `../shared/real-evidence/` beside
/// the repository (never committed: they are other projects' fixtures). Tests that read
/// them are enabled only when the folder is there, and say so when it is not:
///
///     @Test(.enabled(if: RealEvidence.isPresent, RealEvidence.absent))
enum RealEvidence {
    /// `<repository>/../shared/real-evidence`, found from this file's own path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/real-evidence")

    static var isPresent: Bool { FileManager.default.fileExists(atPath: root.path) }

    static let absent: Comment = "skipped: ../shared/real-evidence is absent (third-party files are read from there, never committed)"

    /// The bytes of `kind/name` (e.g. `junit/codemagic-testsuite.junit.xml`).
    static func bytes(_ relative: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: root.appendingPathComponent(relative)))
    }

    /// Every file of one kind's folder, sorted by name.
    static func files(_ kind: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(kind).path)) ?? []
        return names.filter { !$0.hasPrefix(".") && $0 != "SOURCES.md" }.sorted().map { kind + "/" + $0 }
    }
}
