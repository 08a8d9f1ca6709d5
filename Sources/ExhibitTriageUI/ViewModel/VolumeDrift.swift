import ExhibitCore
import ExhibitRules

/// How the bytes under each top-level directory (Documents, Library, tmp) moved over
/// the last runs up to a run, from the totals the run list already read. Runs not
/// read yet, or without an inventory, are gaps: drawing never waits for reading. A run
/// whose total leaves out sizes the inventory never recorded is `unknown`, not a value:
/// neither its lower bound nor 0 is drawn or scales the others.
public struct VolumeDrift: Sendable, Equatable {
    /// One run's total under a directory.
    public enum Volume: Sendable, Equatable {
        case bytes(UInt64)
        /// Some size below it was not recorded (`DirectoryVolume.unrecordedSizes`): the
        /// total is not known, at most a lower bound.
        case unknown

        init(_ volume: DirectoryVolume) { self = volume.isKnown ? .bytes(volume.bytes) : .unknown }
    }

    public struct Series: Sendable, Equatable {
        public var directory: String
        /// Oldest first; the last value is the run's own. Always `runs` long: runs
        /// before the archive's first are gaps (nil) at the start.
        public var values: [Volume?]
    }

    /// How many runs a sparkline covers, the run itself included.
    public static let runs = 8

    public var series: [Series]

    /// The drift up to the run at `entryIndex` of `list.entries` (newest first, so the
    /// older runs follow it). Nil when that run has no totals.
    public init?(_ list: RunList, entryIndex: Int) {
        guard list.entries.indices.contains(entryIndex), let own = list.entries[entryIndex].summary?.volumes else { return nil }
        let window = list.entries[entryIndex..<min(entryIndex + Self.runs, list.entries.count)].reversed()
        let directories = own.map(\.directory).sorted(by: Self.displayOrder)
        series = directories.map { name in
            Series(
                directory: name,
                values: window.map { entry in
                    entry.summary?.volumes?.first { $0.directory == name }.map(Volume.init)
                })
        }
        for i in series.indices where series[i].values.count < Self.runs {
            series[i].values.insert(contentsOf: [Volume?](repeating: nil, count: Self.runs - series[i].values.count), at: 0)
        }
    }

    /// The container's usual directories first, in the order iOS lists them, then the rest by name.
    static func displayOrder(_ a: String, _ b: String) -> Bool {
        let known = ["Documents", "Library", "tmp", "SystemData"]
        let ia = known.firstIndex(of: a) ?? known.count
        let ib = known.firstIndex(of: b) ?? known.count
        return ia != ib ? ia < ib : a.utf8.lexicographicallyPrecedes(b.utf8)
    }
}
