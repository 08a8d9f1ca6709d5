import ExhibitCore

extension Timestamp {
    /// `2026-01-01T09:00:00.125Z`: the timeline's windows are milliseconds apart, so the
    /// seconds of `iso8601` would make two neighbouring tests read the same.
    public static func iso8601Precise(_ epoch: Double) -> String {
        guard epoch.isFinite, epoch.magnitude < 1e13 else { return iso8601(epoch) }
        let whole = epoch.rounded(.down)
        let ms = min(999, Int(((epoch - whole) * 1000).rounded()))
        let base = iso8601(whole)
        return String(base.dropLast()) + "." + (ms < 10 ? "00" : ms < 100 ? "0" : "") + String(ms) + "Z"
    }
}
