import ExhibitCore
import ExhibitRules

/// Byte counts as the UI shows them, ncdu style: `0 B`, `512 B`, `12.0 KiB`, `1.5 MiB`.
/// Kept private to rendering (the rules engine owns the formatting used in reports) so
/// the columns here can be fixed-width.
enum SizeLabel {
    private static let units = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]

    /// A violation's size in the 9 columns of the violations pane: `unknown` for an entry
    /// whose size was never recorded (`Violation.SizeRecord`), `4.0 KiB+` for a total that
    /// leaves out entries without one (`999.9MiB+` where the space would not fit).
    static func text(of v: Violation) -> String {
        switch v.sizeRecord {
        case .recorded(let bytes): return text(bytes)
        case .notRecorded: return "unknown"
        case .atLeast(let bytes, _): return atLeast(bytes)
        }
    }

    /// A budget row's total: `unknown` when no size below it was recorded, `4.0 KiB+`
    /// when some were not (a lower bound), as for a violation.
    static func text(of b: DirectoryBudget) -> String {
        text(total: b.bytes, unrecordedSizes: b.unrecordedSizes)
    }

    /// A top-level directory's total in the run list, as a budget row's.
    static func text(of v: DirectoryVolume) -> String {
        text(total: v.bytes, unrecordedSizes: v.unrecordedSizes)
    }

    /// A tree row's size (9 columns): `unknown` for an entry with no recorded size,
    /// `4.0 KiB+` for a total that leaves some out, as `summary`'s directory rows.
    static func text(of size: EntrySize) -> String {
        switch size {
        case .recorded(let bytes): return text(bytes)
        case .atLeast(let bytes): return atLeast(bytes)
        case .unknown: return "unknown"
        }
    }

    /// A total of `bytes` with `unrecordedSizes` entries below it never measured.
    static func text(total bytes: UInt64, unrecordedSizes: Int) -> String {
        guard unrecordedSizes > 0 else { return text(bytes) }
        return bytes > 0 ? atLeast(bytes) : "unknown"
    }

    /// `4.0 KiB+`, within 9 columns (`999.9MiB+`).
    private static func atLeast(_ bytes: UInt64) -> String {
        let t = text(bytes)
        return t.count < 9 ? t + "+" : t.replacing(" ", with: "") + "+"
    }

    static func text(_ bytes: UInt64) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        var value = Double(bytes)
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        // One decimal below 1000 keeps the column at most 9 wide ("1023.9 KiB" never shows).
        if value >= 999.95, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let tenths = Int(saturating: (value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }
}
