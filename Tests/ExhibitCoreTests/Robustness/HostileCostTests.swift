import ExhibitTestSupport
import Foundation
import Testing

@testable import ExhibitCore
@testable import ExhibitRules

/// Inputs built to cost more than their size (issue 15, item 6). Each runs at two sizes,
/// eight times apart: linear work costs about 8× as much, quadratic 64×. The bound is a
/// generous ratio of the fastest of three runs each, never a timing (Tests/bench holds
/// the figures).
@Suite(.serialized) struct HostileCostTests {
    static let factor = CostRatio.factor
    static let bound = CostRatio.linearBound

    /// Fails when `work` at `factor × size` costs more than `bound` times `work` at `size`.
    static func expectLinear(_ what: String, size: Int, sourceLocation: SourceLocation = #_sourceLocation, _ work: (Int) -> Void) {
        let m = CostRatio.measure(size: size, work)
        #expect(
            m.ratio < bound, "\(what): \(m.size) cost \(m.small) s, \(m.size * factor) cost \(m.large) s (×\(m.ratio))",
            sourceLocation: sourceLocation)
    }

    // MARK: - Generators

    /// A failure text the note quotes: one long run with no white space.
    static func failureTexts(length: Int) -> [(String, String)] {
        [
            ("letters", "XCTAssertEqual failed: (\"" + String(repeating: "a", count: length) + "\")"),
            ("slashes", "at " + String(repeating: "/a", count: length / 2)),
            ("near container", String(repeating: "/x", count: length / 2) + "/Containers/Data/Application/nothex"),
            ("near device", String(repeating: "/x", count: length / 2) + "/CoreSimulator/Devices/nothex"),
            ("quoted paths", String(repeating: "\"/a/b", count: length / 5)),
            ("schemes", String(repeating: "ab+", count: length / 3) + "://"),
            ("assignments", String(repeating: "token=", count: length / 6)),
            ("home", String(repeating: " /Users/a", count: length / 9) + "/"),
        ]
    }

    /// An ncdu export whose one directory lists `count` entries called the same.
    static func ncduIdenticalNames(_ count: Int) -> [UInt8] {
        var s = #"[1,2,{"progname":"ncdu","progver":"1.18","timestamp":1},[{"name":"."},[{"name":"tmp"}"#
        s.reserveCapacity(count * 24)
        for _ in 0..<count { s += #",{"name":"same","asize":1}"# }
        return Array((s + "]]]").utf8)
    }

    /// A JUnit report whose one start tag has `count` attributes.
    static func junitAttributes(_ count: Int) -> [UInt8] {
        var s = "<testsuites><testsuite name=\"S\""
        for i in 0..<count { s += " a\(i)=\"v\"" }
        return Array((s + "><testcase name=\"t\" classname=\"C\"/></testsuite></testsuites>").utf8)
    }

    /// rules.json with `count` rules.
    static func rules(_ count: Int) -> [UInt8] {
        var s = #"{"version":1,"rules":["#
        for i in 0..<count {
            if i > 0 { s += ",\n" }
            s += #"{"name":"r\#(i)","path":"Library/Caches/d\#(i)/**","requirement":"regenerable","owner":"@o"}"#
        }
        return Array((s + "]}").utf8)
    }

    /// files.txt listing the same file under one deep directory `count` times.
    static func deepDuplicates(_ count: Int, depth: Int = 500) -> [UInt8] {
        let line = Array((String(repeating: "d/", count: depth) + "file.bin\n").utf8)
        var out: [UInt8] = []
        out.reserveCapacity(line.count * count)
        for _ in 0..<count { out += line }
        return out
    }

    /// ncdu export: `n` nested directories and `n` duplicates of one file in the
    /// deepest: both grow with the size, so a per-duplicate walk of the path is quadratic.
    static func deepNcduDuplicates(_ n: Int) -> [UInt8] {
        var s = #"[1,2,{"progname":"ncdu","progver":"1.18","timestamp":1},[{"name":"/c"}"#
        for _ in 0..<n { s += #",[{"name":"d"}"# }
        s += #",{"name":"f","asize":1}"#
        for _ in 0..<n { s += #",{"name":"f","asize":1}"# }
        s += String(repeating: "]", count: n + 1) + "]"
        return Array(s.utf8)
    }

    // MARK: - Tests

    @Test func theRedactorIsLinearOnLongQuotedText() {
        for (shape, _) in Self.failureTexts(length: 1) {
            Self.expectLinear("redactor, \(shape)", size: 4_000) { n in
                let text = Self.failureTexts(length: n).first { $0.0 == shape }!.1
                var r = Redactor()
                _ = r.redact(text)
            }
        }
    }

    @Test func identicalNamesInOneNcduDirectoryAreLinear() throws {
        var warnings: [Diagnostic] = []
        let inventory = try NcduInventoryReader.read(Self.ncduIdenticalNames(1000), file: "container/inventory.json", warnings: &warnings)
        #expect(inventory.count == 1002)
        #expect(inventory.lookup("tmp/same") == 2, "the first of the name is the one found")
        Self.expectLinear("ncdu identical names", size: 10_000) { n in
            var w: [Diagnostic] = []
            _ = try? NcduInventoryReader.read(Self.ncduIdenticalNames(n), file: "container/inventory.json", warnings: &w)
        }
    }

    @Test func manyAttributesInOneStartTagAreLinear() throws {
        let root = try XMLScanner.parse(Self.junitAttributes(100), file: "results/junit.xml")
        #expect(root.children.first?.attributes.count == 101)
        // A repeat is still found beyond the first few.
        let repeated = Array("<a x0=\"1\"".utf8) + (1..<40).flatMap { Array(" x\($0)=\"1\"".utf8) } + Array(" x33=\"2\"/>".utf8)
        #expect(throws: Diagnostic.self) { try XMLScanner.parse(repeated, file: "results/junit.xml") }
        Self.expectLinear("junit attributes", size: 5_000) { n in
            _ = try? XMLScanner.parse(Self.junitAttributes(n), file: "results/junit.xml")
        }
    }

    @Test func aLongLiteralBetweenStarsIsLinearInTheName() throws {
        let glob = try Glob.compile("Library/*" + String(repeating: "a", count: 2_000) + "b*")
        #expect(glob.matches(path: "Library/x" + String(repeating: "a", count: 2_000) + "by"))
        #expect(!glob.matches(path: "Library/" + String(repeating: "a", count: 5_000)))
        // The literal grows with the name: name × literal would be quadratic.
        Self.expectLinear("glob literal run", size: 10_000) { n in
            let long = try? Glob.compile("Library/*" + String(repeating: "a", count: n) + "b*")
            _ = long?.matches(path: "Library/" + String(repeating: "a", count: n * 2))
        }
    }

    @Test func tenThousandRulesReadInLinearTime() throws {
        var warnings: [Diagnostic] = []
        let read = try RulesReader.read(Self.rules(100), file: "rules.json", warnings: &warnings)
        #expect(read.rules.count == 100)
        #expect(read.rules[99].position?.line == 100)
        Self.expectLinear("rules", size: 1_000) { n in
            var w: [Diagnostic] = []
            _ = try? RulesReader.read(Self.rules(n), file: "rules.json", warnings: &w)
        }
    }

    @Test func duplicateFilesUnderADeepPathAreLinear() throws {
        var warnings: [Diagnostic] = []
        let list = ArtifactBytes(file: EvidenceLayout.filesList, bytes: Self.deepDuplicates(10))
        let read = try FileListInventoryReader.read(files: list, sizes: nil, excluded: nil, xattr: nil, warnings: &warnings)
        #expect(read.inventory.totalFiles == 1)
        #expect(warnings.filter { $0.message.contains("listed again") }.count == 9)
        Self.expectLinear("files.txt deep duplicates", size: 100) { n in
            var w: [Diagnostic] = []
            let list = ArtifactBytes(file: EvidenceLayout.filesList, bytes: Self.deepDuplicates(n))
            _ = try? FileListInventoryReader.read(files: list, sizes: nil, excluded: nil, xattr: nil, warnings: &w)
        }
    }

    @Test func ncduDuplicatesUnderADeepPathAreLinear() throws {
        var warnings: [Diagnostic] = []
        let inventory = try NcduInventoryReader.read(Self.deepNcduDuplicates(40), file: EvidenceLayout.inventoryJSON, warnings: &warnings)
        #expect(inventory.count == 1 + 40 + 41)
        let duplicates = warnings.filter { $0.message.contains("listed twice") }
        #expect(duplicates.count == 40)
        // The directory is named by its last components, not the whole 40-deep path.
        #expect(duplicates.first?.message.contains("in the directory \"…/d/d/d/") == true)
        Self.expectLinear("ncdu deep duplicates", size: 120) { n in
            var w: [Diagnostic] = []
            _ = try? NcduInventoryReader.read(Self.deepNcduDuplicates(n), file: EvidenceLayout.inventoryJSON, warnings: &w)
        }
    }

    /// excluded.txt naming paths files.txt lacks: each is added as an empty directory
    /// and indexed at once, so the next line's lookup does not search the ones before
    /// one by one.
    @Test func excludedPathsMissingFromTheListAreLinear() throws {
        func read(_ n: Int) throws -> (FileListInventory, [Diagnostic]) {
            var w: [Diagnostic] = []
            let excluded = (0..<n).map { "./new\($0)\n" }.joined()
            let read = try FileListInventoryReader.read(
                files: ArtifactBytes(file: EvidenceLayout.filesList, bytes: Array("./Documents/a\n".utf8)), sizes: nil,
                excluded: ArtifactBytes(file: EvidenceLayout.excludedList, bytes: Array(excluded.utf8)), xattr: nil, warnings: &w)
            return (read, w)
        }
        let (small, warnings) = try read(10)
        #expect(small.inventory.childCount(Inventory.root) == 11)
        #expect(warnings.filter { $0.message.contains("added as an empty directory") }.count == 10)
        Self.expectLinear("excluded.txt paths missing from files.txt", size: 2_000) { n in _ = try? read(n) }
    }

    /// A list that goes back and forth between two deep directories it listed before
    /// walks closed directories on every line: each opens with no table of its own, so a
    /// line costs its depth, not the depth squared (200 lines; the depth grows).
    @Test func aListAlternatingBetweenDeepClosedDirectoriesIsLinearInDepth() throws {
        func list(depth: Int) -> [UInt8] {
            let a = String(repeating: "a/", count: depth)
            let b = String(repeating: "b/", count: depth)
            var text = "./\(a)x\n./\(b)x\n"
            for i in 0..<200 { text += "./\(i % 2 == 0 ? a : b)f\(i)\n" }
            return Array(text.utf8)
        }
        var warnings: [Diagnostic] = []
        let read = try FileListInventoryReader.read(
            files: ArtifactBytes(file: EvidenceLayout.filesList, bytes: list(depth: 10)), sizes: nil, excluded: nil, xattr: nil, warnings: &warnings)
        #expect(warnings.isEmpty && read.inventory.totalFiles == 202)
        Self.expectLinear("files.txt alternating between deep directories", size: 120) { depth in
            var w: [Diagnostic] = []
            _ = try? FileListInventoryReader.read(
                files: ArtifactBytes(file: EvidenceLayout.filesList, bytes: list(depth: depth)), sizes: nil, excluded: nil, xattr: nil, warnings: &w)
        }
    }
}
