/// Formats Unix-epoch seconds as UTC text without Foundation or the host time zone,
/// so output is identical on every build host and in snapshots.
public enum Timestamp {
    /// `2026-01-01 09:00:00 UTC`
    public static func utc(_ epoch: Double) -> String {
        let (date, time) = parts(epoch)
        return "\(date) \(time) UTC"
    }

    /// `2026-01-01T09:00:00Z`
    public static func iso8601(_ epoch: Double) -> String {
        let (date, time) = parts(epoch)
        return "\(date)T\(time)Z"
    }

    /// Whether `epoch` is a date evidence or a record can carry: from 1970 to the end of
    /// year 9999, the four-digit years these formats write. Outside it (1e300, a
    /// negative time) a date is unusable: said so, never printed as placeholders.
    public static func isUsable(_ epoch: Double) -> Bool {
        epoch.isFinite && epoch >= 0 && epoch < endOfYear9999
    }

    /// 10000-01-01T00:00:00Z.
    static let endOfYear9999: Double = 253_402_300_800

    /// `utc(epoch)`, or nil when the date is not usable (`isUsable`).
    public static func utcIfUsable(_ epoch: Double) -> String? { isUsable(epoch) ? utc(epoch) : nil }

    /// `iso8601(epoch)`, or nil when the date is not usable (`isUsable`).
    public static func iso8601IfUsable(_ epoch: Double) -> String? { isUsable(epoch) ? iso8601(epoch) : nil }

    private static func parts(_ epoch: Double) -> (String, String) {
        guard epoch.isFinite, epoch.magnitude < 1e13 else { return ("????-??-??", "??:??:??") }
        let seconds = Int64(epoch.rounded(.down))
        var days = seconds / 86400
        var rem = seconds % 86400
        if rem < 0 {
            rem += 86400
            days -= 1
        }
        // Howard Hinnant's civil-from-days algorithm.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        return ("\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))", "\(pad(rem / 3600, 2)):\(pad(rem / 60 % 60, 2)):\(pad(rem % 60, 2))")
    }

    private static func pad(_ v: Int64, _ width: Int) -> String {
        let s = String(v)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
}
