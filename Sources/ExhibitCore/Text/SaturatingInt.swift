extension Int {
    /// The nearest `Int` to a `Double` computed from evidence, instead of `Int(_:)`, which
    /// traps on NaN, on ±infinity and beyond ±2^63 (a `finishTime` of 1e19, a size of
    /// 10^18 bytes against a 1-byte budget). NaN becomes 0; values beyond the range
    /// become `Int.max` or `Int.min`. Callers that can say something truer than a
    /// clamped number (a duration beyond any real run) check the range first.
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9_223_372_036_854_775_808.0 {  // 2^63, the first Double above Int.max
            self = .max
        } else if value < -9_223_372_036_854_775_808.0 {
            self = .min
        } else {
            self = Int(value)
        }
    }
}
