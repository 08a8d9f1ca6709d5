import Foundation
import Testing

@testable import ExhibitCore

/// Path lists as a CI Mac prints them (issue 14 §2): `find "$APP_DATA/" -type f` with
/// its doubled separator, `/private/var/…`, `~`-expanded CoreSimulator paths, app-group
/// containers, and `..` that stays inside the container.
@Suite struct ContainerPrefixTests {
    private func read(_ files: String, sizes: String? = nil) throws(Diagnostic) -> (FileListInventory, [Diagnostic]) {
        var w: [Diagnostic] = []
        let r = try FileListInventoryReader.read(
            files: ArtifactBytes(file: "container/files.txt", bytes: Array(files.utf8)),
            sizes: sizes.map { ArtifactBytes(file: "container/sizes.txt", bytes: Array($0.utf8)) },
            excluded: nil, xattr: nil, warnings: &w)
        return (r, w)
    }

    static let container =
        "/Users/ci/Library/Developer/CoreSimulator/Devices/5C1A7E0B-3D7F-4E52-9B0D-2F6C1D8A9E41/data/Containers/Data/Application/0A1B2C3D-4E5F-6071-8293-A4B5C6D7E8F9"

    /// Every line of `find "$C/" -type f` used to be refused ("leaves the container").
    @Test func findWithATrailingSlashPrintsADoubledSeparator() throws {
        let c = Self.container
        let (r, w) = try read("\(c)//Documents/vault.sqlite\n\(c)//Library/Caches/c.db\n\(c)//tmp/x.tmp\n")
        #expect(r.inventory.totalFiles == 3)
        #expect(r.inventory.lookup("Library/Caches/c.db") != nil)
        #expect(r.strippedPrefix == c)
        #expect(w.count == 1 && w[0].message.contains("absolute paths leaked"), "\(w)")
    }

    @Test func prefixesACIMacPrints() throws {
        // An app-group container, and `/private/var` beside `/var` for the same directory.
        let group = "/Users/ci/Library/Developer/CoreSimulator/Devices/D1/data/Containers/Shared/AppGroup/9F8E7D6C-0000-1111-2222-333344445555"
        let (g, gw) = try read("\(group)/Library/Caches/shared.db\n\(group)//Documents/a\n")
        #expect(g.inventory.totalFiles == 2 && g.strippedPrefix == group && gw.count == 1)

        let tmp = "/var/folders/x1/abc/T/run-7/container"
        let (p, pw) = try read("/private\(tmp)/Documents/a\n\(tmp)/Library/b\n", sizes: "5\t\(tmp)/Documents/a\n7\t/private\(tmp)/Library/b\n")
        #expect(p.inventory.totalFiles == 2 && p.inventory.totalBytes == 12, "\(pw)")
        #expect(pw.count == 2 && pw.allSatisfy { $0.message.contains("absolute paths leaked") }, "\(pw)")

        // A script that printed `~` unexpanded.
        let (t, _) = try read("~/Library/Developer/CoreSimulator/Devices/D1/data/Containers/Data/Application/U1/Documents/a\n")
        #expect(t.inventory.lookup("Documents/a") != nil)
        #expect(t.strippedPrefix == "~/Library/Developer/CoreSimulator/Devices/D1/data/Containers/Data/Application/U1")
    }

    @Test func dotDotInsideTheContainerIsResolvedAndOnlyClimbingOutIsRefused() throws {
        let (r, w) = try read("./tmp/../tmp/a.tmp\n./Library/Caches/../Caches/b\n./a/../../etc/passwd\n")
        #expect(r.inventory.lookup("tmp/a.tmp") != nil && r.inventory.lookup("Library/Caches/b") != nil)
        #expect(r.inventory.totalFiles == 2)
        #expect(w.count == 1 && w[0].position?.line == 3 && w[0].message.contains("leaves the container"), "\(w)")
        let split = try #require(ContainerPath.splitAbsolute(Array("/srv/c//Documents/a".utf8)[...]))
        #expect(String(decoding: split.prefix, as: UTF8.self) == "/srv/c" && String(decoding: split.rest, as: UTF8.self) == "Documents/a")
    }

    /// A container is never the file system's root: `find /tmp/sim -type f` is cut
    /// before `Documents`, not before the `tmp` the copy happens to sit in (review,
    /// 2026-12-04: every file landed in tmp/, the database "misplaced"). The root is
    /// taken only when no later name fits.
    @Test(arguments: [
        ("/tmp/sim/Documents/a", "/tmp/sim", "Documents/a"), ("/tmp/sim/tmp/x", "/tmp/sim", "tmp/x"),
        ("/tmp/Documents/a", "/tmp", "Documents/a"), ("/tmp/tmp/x", "/tmp", "tmp/x"),
        ("/Library/Caches/x", "", "Library/Caches/x"), ("//tmp/x", "/", "tmp/x"), ("/Library/tmp/x", "/Library", "tmp/x"),
    ])
    func aContainerIsCutAfterTheRoot(_ path: String, _ prefix: String, _ rest: String) throws {
        let split = try #require(ContainerPath.splitAbsolute(Array(path.utf8)[...]))
        #expect(String(decoding: split.prefix, as: UTF8.self) == prefix)
        #expect(String(decoding: split.rest, as: UTF8.self) == rest)
    }

    @Test func aListUnderTmpKeepsItsTree() throws {
        let (r, w) = try read("/tmp/sim/Documents/Vault.sqlite\n/tmp/sim/Library/Preferences/p.plist\n/tmp/sim/tmp/left.tmp\n")
        #expect(r.inventory.lookup("Documents/Vault.sqlite") != nil && r.inventory.lookup("tmp/left.tmp") != nil)
        #expect(r.strippedPrefix == "/tmp/sim")
        #expect(w.contains { $0.message.contains("container prefix \"/tmp/sim\" removed") }, "\(w)")
    }

    /// The real GNU find: `find "$C/"` prints single separators on Linux, `find "$C//"`
    /// the doubled one macOS's Libc printed before 1698.100.8; both read whole.
    @Test(.enabled(if: RealTool.installed("find"), RealTool.absent("find")))
    func realFindListingsOfAContainerReadWhole() throws {
        let base = try RealTool.temporaryDirectory("find")
        defer { try? FileManager.default.removeItem(at: base) }
        let c = base.appendingPathComponent("data/Containers/Data/Application/0A1B2C3D-4E5F-6071-8293-A4B5C6D7E8F9")
        for file in ["Documents/vault.sqlite", "Library/Caches/c.db", "Library/Preferences/com.example.vault.plist", "tmp/x.tmp"] {
            let url = c.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
        for start in [c.path + "/", c.path + "//"] {
            let out = try RealTool.run("find", [start, "-type", "f"])
            #expect(out.status == 0)
            let (r, w) = try read(out.text)
            #expect(r.inventory.totalFiles == 4, "\(start): \(w)")
            #expect(r.inventory.lookup("Library/Preferences/com.example.vault.plist") != nil)
            #expect(w.count == 1, "\(w)")
        }
    }
}
