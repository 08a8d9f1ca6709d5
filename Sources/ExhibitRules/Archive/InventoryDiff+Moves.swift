import ExhibitCore

/// Files that moved between areas of the container. The inventories record no identity
/// a file keeps across runs (no content hash; inode numbers of two simulator containers
/// are unrelated), so a move is matched by name: a file removed from one area and a
/// file added under another at the same path below the area root
/// (`Library/Caches/Thumbnails/a.jpg` → `Documents/Thumbnails/a.jpg`). Only a unique
/// pair is a move: when several removed or added files share that path, none is paired
/// and they stay added and removed.
extension InventoryDiff {
    /// The areas a move is between; `other` is everything else (the container root,
    /// Library outside Application Support and Caches, SystemData), below which the
    /// whole path counts.
    public enum Area: String, Sendable, Equatable, CaseIterable {
        case documents = "Documents"
        case applicationSupport = "Library/Application Support"
        case caches = "Library/Caches"
        case tmp = "tmp"
        case other = "other"

        /// The name a narrow column gives the area.
        public var shortName: String {
            switch self {
            case .documents: "Documents"
            case .applicationSupport: "Application Support"
            case .caches: "Caches"
            case .tmp: "tmp"
            case .other: "elsewhere"
            }
        }

        /// The area of a container-relative path, and the path below the area's root.
        /// Area names compare ignoring ASCII case, as the volume does by default.
        static func of(_ path: String) -> (area: Area, below: Substring) {
            for area in [Area.documents, .applicationSupport, .caches, .tmp] {
                let root = area.rawValue
                guard path.utf8.count > root.utf8.count + 1 else { continue }
                let head = path.utf8.prefix(root.utf8.count)
                let slash = path.utf8.dropFirst(root.utf8.count).first
                if slash == UInt8(ascii: "/"), zip(head, root.utf8).allSatisfy({ asciiFolded($0) == asciiFolded($1) }) {
                    return (area, Substring(path.utf8.dropFirst(root.utf8.count + 1)))
                }
            }
            return (.other, Substring(path))
        }
    }

    public struct Move: Sendable, Equatable {
        /// Where the file is in the run, and where it was in the base.
        public var path: String
        public var basePath: String
        public var area: Area
        public var baseArea: Area
        public var baseSize: UInt64
        public var size: UInt64
        /// A size the inventory did not record (then 0 above): unknown, not 0 B.
        public var baseSizeNotRecorded = false
        public var sizeNotRecorded = false
        /// The creating step in the run.
        public var step: String?
        /// The run's violations for the file or a directory above it.
        public var violations: [Violation]
    }

    /// Pairs removed and added files into moves; returns the entries left and the moves,
    /// by path. One dictionary per side, over the files reported only.
    static func pairMoves(_ entries: [Entry]) -> (kept: [Entry], moves: [Move]) {
        struct Key: Hashable {
            var below: Substring
        }
        // Index of the one entry with that path below its area, or -1 when several share it.
        var removedBy: [Key: Int] = [:]
        var addedBy: [Key: Int] = [:]
        var areas: [Area] = []
        areas.reserveCapacity(entries.count)
        for (i, e) in entries.enumerated() {
            let (area, below) = Area.of(e.path)
            areas.append(area)
            switch e.change {
            case .removed: removedBy[Key(below: below)] = removedBy[Key(below: below)] == nil ? i : -1
            case .added: addedBy[Key(below: below)] = addedBy[Key(below: below)] == nil ? i : -1
            case .grown: break
            }
        }
        var paired = Set<Int>()
        var moves: [Move] = []
        for (key, a) in addedBy where a >= 0 {
            guard let r = removedBy[key], r >= 0, areas[r] != areas[a] else { continue }
            let added = entries[a]
            let removed = entries[r]
            moves.append(
                Move(
                    path: added.path, basePath: removed.path, area: areas[a], baseArea: areas[r],
                    baseSize: removed.baseSize ?? 0, size: added.size ?? 0, baseSizeNotRecorded: removed.sizeNotRecorded,
                    sizeNotRecorded: added.sizeNotRecorded, step: added.step, violations: added.violations))
            paired.insert(a)
            paired.insert(r)
        }
        moves.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        let kept = entries.indices.filter { !paired.contains($0) }.map { entries[$0] }
        return (kept, moves)
    }
}
