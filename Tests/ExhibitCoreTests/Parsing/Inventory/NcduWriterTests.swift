import Foundation
import Testing

@testable import ExhibitCore

@Suite struct NcduWriterTests {
    private func sampleInventory() -> Inventory {
        var b = InventoryBuilder()
        let docs = b.addDirectory(name: "Documents".utf8, parent: Inventory.root, size: 4096, diskSize: 4096)
        b.addFile(name: "vault.sqlite".utf8, parent: docs, size: 81920, diskSize: 81920, step: "testLogin")
        b.addFile(name: Array("a\"b\\c\n\u{1}".utf8), parent: docs, size: 3)
        b.addFile(name: [0xFF, 0x41], parent: docs, size: 0, diskSize: 700)  // not a multiple of 512
        let lib = b.addDirectory(name: "Library".utf8, parent: Inventory.root)
        let caches = b.addDirectory(name: "Caches".utf8, parent: lib, excluded: true, readError: true)
        b.addFile(name: "c.bin".utf8, parent: caches, size: 5, notRegular: true)
        _ = b.addDirectory(name: "tmp".utf8, parent: Inventory.root)
        return b.build()
    }

    @Test func writesNcduHeaderAndLines() {
        let out = String(
            decoding: NcduWriter.write(sampleInventory(), rootName: "/c", progname: "exhibit", version: "0.1", timestamp: 1_767_225_700), as: UTF8.self)
        let lines = out.split(separator: "\n")
        // Every flag of a builder's inventory is known: the metadata says so (ncdu ignores the key).
        #expect(lines[0] == #"[1,2,{"progname":"exhibit","progver":"0.1","timestamp":1767225700,"x_backup_flags":"complete"},"#)
        #expect(lines[1] == #"[{"name":"/c"},"#)
        #expect(out.contains(#"{"name":"vault.sqlite","asize":81920,"dsize":81920,"x_step":"testLogin"}"#))
        #expect(out.contains(#"{"name":"a\"b\\c\n\u0001","asize":3}"#))
        #expect(out.contains(#"[{"name":"Caches","read_error":true,"x_backup_excluded":true},"#))
        #expect(out.hasSuffix("[{\"name\":\"tmp\"}]]]\n"))
    }

    @Test func roundTripGivesTheSameTree() throws {
        let inv = sampleInventory()
        let bytes = NcduWriter.write(inv, rootName: "/c", progname: "exhibit", version: "0.1", timestamp: 0)
        var w: [Diagnostic] = []
        let back = try NcduInventoryReader.read(bytes, file: "x", warnings: &w)
        #expect(w.isEmpty)
        #expect(back == inv)
        let docs = try #require(back.lookup("Documents"))
        let odd = try #require(back.child(named: [0xFF, 0x41], of: docs))
        #expect(back.diskSize(odd) == 700)
    }

    @Test func ncduAcceptsTheExportWhenInstalled() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ncdu") else { return }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-ncdu-\(getpid()).json")
        // ncdu rejects names that are not valid UTF-8 only in display, not in import; keep the sample as is.
        try Data(NcduWriter.write(sampleInventory(), rootName: "/c", progname: "exhibit", version: "0.1", timestamp: 1)).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/ncdu")
        p.arguments = ["-0", "-f", path.path, "-o", "/dev/null"]
        let err = Pipe()
        p.standardError = err
        try p.run()
        p.waitUntilExit()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(message.isEmpty, "\(message)")
        #expect(p.terminationStatus == 0)
    }
}

/// ncdu's `mtime` and exhibit's `x_btime` written, read back, and still imported by ncdu.
@Suite struct NcduTimesTests {
    static func timed() -> (Inventory, FileTimes) {
        var b = InventoryBuilder()
        let docs = b.addDirectory(name: "Documents".utf8, parent: Inventory.root)
        let file = b.addFile(name: "a.txt".utf8, parent: docs, size: 3)
        let inventory = b.build()
        var times = FileTimes(count: inventory.count)
        times.set(file, birth: 1_796_140_201.25, modification: 1_796_140_205.75)
        times.set(docs, birth: nil, modification: 1_796_140_200)
        return (inventory, times)
    }

    @Test func timesAreWrittenAndReadBack() throws {
        let (inventory, times) = Self.timed()
        let bytes = NcduWriter.write(inventory, rootName: "/c", progname: "exhibit", version: "0.1", timestamp: 1, times: times)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(#"{"name":"a.txt","asize":3,"mtime":1796140205,"x_btime":1796140201.25}"#))
        #expect(text.contains(#"[{"name":"Documents","mtime":1796140200},"#))
        var w: [Diagnostic] = []
        let doc = try NcduInventoryReader.readDocument(bytes, file: "x", warnings: &w)
        #expect(w.isEmpty)
        let file = try #require(doc.inventory.lookup("Documents/a.txt"))
        #expect(doc.times?.birth(file) == 1_796_140_201.25)
        // ncdu keeps whole seconds of mtime.
        #expect(doc.times?.modification(file) == 1_796_140_205)
        #expect(doc.times?.birth(try #require(doc.inventory.lookup("Documents"))) == nil)
        // Without the keys, no times at all.
        let plain = try NcduInventoryReader.readDocument(
            NcduWriter.write(inventory, rootName: "/c", progname: "exhibit", version: "0.1", timestamp: 1), file: "x", warnings: &w)
        #expect(plain.times == nil)
    }

    @Test func aTimeOfTheWrongKindIsWarnedAndIgnored() throws {
        let bytes = Array(#"[1,2,{},[{"name":"/c"},{"name":"a","mtime":"yesterday","x_btime":0}]]"#.utf8)
        var w: [Diagnostic] = []
        let doc = try NcduInventoryReader.readDocument(bytes, file: "x", warnings: &w)
        #expect(doc.times == nil, "a string is not a time and 0 is the tools' unknown")
        #expect(w.contains { $0.message.contains(#"expected a number of seconds for "mtime""#) })
    }

    /// ncdu 1.18 imports the file (unknown keys ignored) and keeps `mtime` in its own
    /// extended export: the key is ncdu's own.
    @Test func ncduImportsTheTimes() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ncdu") else { return }
        let (inventory, times) = Self.timed()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-ncdu-times-\(getpid()).json")
        try Data(NcduWriter.write(inventory, rootName: "/c", progname: "exhibit", version: "0.1", timestamp: 1, times: times)).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/ncdu")
        p.arguments = ["-0", "-e", "-f", path.path, "-o", "-"]
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let exported = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(message.isEmpty, "\(message)")
        #expect(p.terminationStatus == 0)
        #expect(exported.contains(#""mtime":1796140205"#), "\(exported)")
        #expect(!exported.contains("x_btime"), "ncdu drops the keys it does not know")
    }
}
