import Testing

@testable import ExhibitCore
@testable import ExhibitSynthetic

/// sizes.txt's usual line (`digits<TAB>path in normal form`) is read by a fast path that
/// looks a line in the last line's directory up there, without comparing the directory
/// again; every other line goes the general way. A space instead of the TAB is a line
/// the general way reads to the same size and path (`du` separates them so), and the
/// fast path never takes: the same hostile lines written both ways must give the same
/// sizes and the same warnings, positions included.
@Suite struct SizesFastPathTests {
    private static let directories = ["Documents", "Documents/c d", "Library/Caches", "Library/Caches/x\u{301}", "tmp", "é"]

    private static func filesList() -> [String] {
        var files: [String] = []
        for directory in directories {
            for i in 0..<6 { files.append(directory + "/f\(i).bin") }
        }
        return files + ["top.txt"]
    }

    /// Lines in runs of neighbours (the files of one directory in turn) and jumps, mixed
    /// with lines the fast path must not take or must not answer from its directory.
    private static func sizesLines(_ files: [String], _ random: inout SplitMix64) -> [(size: String, path: [UInt8])] {
        var lines: [(String, [UInt8])] = []
        var index = 0
        for _ in 0..<(120 + Int(random.next() % 120)) {
            index = random.next() % 4 == 0 ? Int(random.next() % UInt64(files.count)) : (index + 1) % files.count
            var path = Array(files[index].utf8)
            var size = String(random.next() % 100_000)
            switch random.next() % 25 {
            case 0: path = Array("./".utf8) + path
            case 1: if let slash = path.firstIndex(of: UInt8(ascii: "/")) { path.insert(UInt8(ascii: "/"), at: slash) }
            case 2: if let slash = path.firstIndex(of: UInt8(ascii: "/")) { path.insert(contentsOf: Array("/.".utf8), at: slash) }
            case 3: path = Array("absent/".utf8) + path
            case 4: path += Array(".missing".utf8)
            case 5: path.insert(0xFF, at: path.count / 2)  // invalid UTF-8, in the directory or the name
            case 6: path += [0xC3]
            case 7: path = Array("~/".utf8) + path
            case 8: path = Array(".".utf8)
            case 9: path = []
            case 10: path += [UInt8(ascii: "/")]
            case 11: size = "123456789012345678901"  // over 19 digits: too long for the fast path
            case 12: size = "-5"
            case 13: size = "12a"
            case 14: size = "0000000000000000007"
            case 15: path = Array("Documents/c d".utf8)  // a directory's own line
            case 16:
                // Files of a directory files.txt does not list, then one of a listed one: the
                // absent directory's lines must not be looked up in the one before it.
                for name in ["f0.bin", "f1.bin"] { lines.append((size, Array("absent/\(name)".utf8))) }
            case 17:
                // A name too long for the fast path (a path of 1,024 bytes and more): the
                // plain-path check holds its directory, though the line goes the general way.
                if let slash = path.lastIndex(of: UInt8(ascii: "/")) { path = Array(path[...slash]) + [UInt8](repeating: 0x61, count: 1_100) }
            default: break
            }
            lines.append((size, path))
        }
        return lines
    }

    private static func read(files: [String], sizes: [UInt8]) throws -> (FileListInventory, [Diagnostic]) {
        var w: [Diagnostic] = []
        let list = try FileListInventoryReader.read(
            files: ArtifactBytes(file: "container/files.txt", bytes: Array(files.map { "./" + $0 + "\n" }.joined().utf8)),
            sizes: ArtifactBytes(file: "container/sizes.txt", bytes: sizes), excluded: nil, xattr: nil, warnings: &w)
        return (list, w)
    }

    @Test(arguments: 0..<16)
    func theFastPathGivesWhatTheGeneralWayGives(_ seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &* 104_729)
        let files = Self.filesList()
        let lines = Self.sizesLines(files, &random)
        func sizesFile(separator: UInt8) -> [UInt8] {
            lines.flatMap { Array($0.size.utf8) + [separator] + $0.path + (seed % 3 == 0 ? [0x0D, 0x0A] : [0x0A]) }
        }
        let (fast, fastWarnings) = try Self.read(files: files, sizes: sizesFile(separator: 0x09))
        let (general, generalWarnings) = try Self.read(files: files, sizes: sizesFile(separator: 0x20))
        #expect(fast.inventory == general.inventory)
        for node in 0..<fast.inventory.count { #expect(fast.inventory.size(node) == general.inventory.size(node), "\(fast.inventory.path(node))") }
        #expect(fastWarnings == generalWarnings)
        // The lines did reach the tree: most files were given a size by some line.
        let sized = (1..<fast.inventory.count).filter { !fast.inventory.isDirectory($0) && fast.inventory.size($0) > 0 }
        #expect(sized.count > files.count / 2)
    }

    /// A line the fast path refuses after its check took the line's directory (too long)
    /// comes between two lines of other directories: the line after it is looked up in
    /// its own directory, not in the one the line before the long one was in.
    @Test func aLineTooLongForTheFastPathLeavesNoStaleDirectory() throws {
        let long = String(repeating: "a", count: 1_100)
        let files = ["Documents/f0.bin", "Library/f0.bin", "Library/" + long]
        let sizes = "5\tDocuments/f0.bin\n6\tLibrary/\(long)\n7\tLibrary/f0.bin\n"
        let (list, warnings) = try Self.read(files: files, sizes: Array(sizes.utf8))
        let inventory = list.inventory
        #expect(inventory.lookup("Documents/f0.bin").map { inventory.size($0) } == 5)
        #expect(inventory.lookup("Library/f0.bin").map { inventory.size($0) } == 7)
        #expect(!warnings.contains { $0.message.contains("\"Library/f0.bin\" is not in files.txt") })
    }
}
