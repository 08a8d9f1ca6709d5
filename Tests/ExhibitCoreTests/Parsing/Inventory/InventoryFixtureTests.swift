import Foundation
import Testing

@testable import ExhibitCore

/// The sample container under SampleArchives/_fixtures-inventory read by every reader:
/// the ncdu export and the file list must describe the same tree.
@Suite struct InventoryFixtureTests {
    private static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SampleArchives/_fixtures-inventory")

    private func load(_ name: String) throws -> ArtifactBytes {
        ArtifactBytes(file: "container/" + name, bytes: Array(try Data(contentsOf: Self.folder.appendingPathComponent(name))))
    }

    @Test func fileListAndNcduExportAgree() throws {
        var w: [Diagnostic] = []
        let ncdu = try NcduInventoryReader.read(try load("inventory.json").bytes, file: "container/inventory.json", warnings: &w)
        let list = try FileListInventoryReader.read(
            files: try load("files.txt"), sizes: try load("sizes.txt"),
            excluded: try load("excluded.txt"), xattr: try load("xattr.txt"), warnings: &w)
        #expect(w.isEmpty, "\(w)")
        let inv = list.inventory
        #expect(inv.totalFiles == ncdu.totalFiles && inv.totalBytes == ncdu.totalBytes && inv.excludedFileCount == ncdu.excludedFileCount)
        #expect(inv.totalFiles == 8 && inv.excludedFileCount == 1)
        var paths: [String] = []
        ncdu.preorder { paths.append(ncdu.path($0)) }
        for p in paths { #expect(inv.lookup(p) != nil, "\(p)") }

        let viaXattr = try FileListInventoryReader.read(files: try load("files.txt"), sizes: nil, excluded: nil, xattr: try load("xattr.txt"), warnings: &w)
        #expect(viaXattr.inventory.excludedFileCount == 1)
    }

    @Test func companionsRead() throws {
        var w: [Diagnostic] = []
        let du = try DuReader.read(try load("du.txt").bytes, file: "container/du.txt", warnings: &w)
        #expect(du.map(\.name) == ["Documents", "Library", "tmp"])
        let steps = try StepsReader.read(try load("steps.tsv").bytes, file: "steps.tsv", warnings: &w)
        #expect(steps.count == 4 && steps[3].time == nil)
        let run = try RunMetadataReader.read(try load("run.json").bytes, file: "run.json", warnings: &w)
        #expect(run.runtimeBuild == "22F77" && run.ciJobID == "4711")
        #expect(w.isEmpty, "\(w)")
    }
}
