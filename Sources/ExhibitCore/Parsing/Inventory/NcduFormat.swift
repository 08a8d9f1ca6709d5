/// Facts about the ncdu JSON export (dev.yorhel.nl/ncdu/jsonfmt) shared by the
/// reader and the writer, plus the two keys `exhibit` adds. ncdu and gdu skip
/// unknown keys on import, so an `exhibit` export still opens in both.
public enum NcduFormat {
    /// The only major version ncdu accepts ("Incompatible major format version").
    public static let majorVersion = 1
    /// Minor 2 = ncdu 1.16 and later (adds `nlink`); the shape `exhibit` writes.
    public static let minorVersion = 2

    /// Extension key, boolean: the backup-exclusion flag
    /// (`com.apple.metadata:com_apple_backup_excludeItem`) is set on this very item.
    /// Written only when true. Absent means false only in an export whose metadata
    /// says `"x_backup_flags":"complete"`; elsewhere an item without it has an unknown
    /// flag (a real `ncdu -o`/`gdu -o` export never carries one). Not ncdu's own
    /// `excluded` key.
    public static let backupExcludedKey = "x_backup_excluded"
    /// Metadata extension key, string: `"complete"` when every item's backup-exclusion
    /// flag was read (exhibit collect, exhibit generate): an item without
    /// `x_backup_excluded` is then known not to be excluded.
    public static let backupFlagsKey = "x_backup_flags"
    public static let backupFlagsComplete = "complete"
    /// Extension key, string: the test step that created this item (see steps.tsv).
    public static let stepKey = "x_step"
    /// exhibit's extension: the item's birth time, seconds since 1970 with a fraction
    /// (ncdu keeps `mtime`, in whole seconds, and no birth time). ncdu ignores it.
    public static let birthTimeKey = "x_btime"

    /// Deepest directory nesting read. A real container path stays far below
    /// (PATH_MAX 1024 bytes allows about 500 levels); deeper input is refused with a
    /// diagnostic instead of exhausting memory.
    public static let maximumDepth = 1024

    /// The fewest bytes an item takes: `{"name":""}` and a comma.
    static let minimumItemBytes = 12

    /// Entries a reader reserves room for, from the export's size: an upper bound (a
    /// reserve never touched costs address space, not memory), capped at 2^25 entries
    /// (1 GiB of node records) so a huge file does not ask for more address space than
    /// the machine allows; beyond that the arrays grow.
    static func entryCapacity(forFileSize size: Int?) -> Int {
        guard let size, size > 0 else { return 0 }
        return min(size / minimumItemBytes + 1, 1 << 25)
    }

    /// Name bytes a reader reserves room for: decoded names are never longer than the file.
    static func nameCapacity(forFileSize size: Int?) -> Int {
        min(max(size ?? 0, 0), 1 << 32)
    }

    /// ncdu's `excluded` value for a scan exclusion; nil for `.none`. `otherfs` is
    /// written in the spelling ncdu 1.21+ and 2.x write (1.18 reads it too; ncdu 1.18
    /// itself writes `othfs`, which it then reads back as `pattern`).
    public static func excludedValue(_ e: Inventory.ScanExclusion) -> String? {
        switch e {
        case .none: nil
        case .pattern: "pattern"
        case .otherFilesystem: "otherfs"
        case .kernelFilesystem: "kernfs"
        case .firmlink: "frmlnk"
        }
    }

    /// Reads an `excluded` value; unknown values count as `pattern`, as ncdu reads
    /// them, and are reported as not `known`.
    public static func scanExclusion(fromValue value: some Collection<UInt8>) -> (exclusion: Inventory.ScanExclusion, known: Bool) {
        switch String(decoding: value, as: UTF8.self) {
        case "pattern": (.pattern, true)
        case "otherfs", "othfs": (.otherFilesystem, true)
        case "kernfs": (.kernelFilesystem, true)
        case "frmlnk": (.firmlink, true)
        default: (.pattern, false)
        }
    }
}
