/// How much more `work` costs at `factor × size` than at `size`, for the tests that hold
/// an input's cost linear (HostileCostTests, RunComparisonCostTests): after a warm-up, the
/// fastest of three runs at each size. Linear work gives about `factor`, quadratic about
/// `factor²`; tests compare the ratio with a generous bound, never a time.
public enum CostRatio {
    public static let factor = 8
    /// Linear is 8, quadratic 64: wide enough apart that a loaded machine (CI runs beside
    /// other jobs) does not blur them.
    public static let linearBound = 24.0

    /// The small run's least cost. A few milliseconds are mostly the clock, the cache and
    /// the scheduler: the redactor's `token=` text at 4,000 characters ran in 3 ms, and on
    /// a loaded machine under ThreadSanitizer the ratio read 40 for work that is linear.
    public static let leastSmallCost = 0.02
    /// How far the size may be doubled to reach `leastSmallCost`.
    public static let largestGrowth = 32

    public struct Measurement: Sendable {
        /// The size the small run used (the given one, or doubled until it cost enough).
        public var size: Int
        public var small: Double
        public var large: Double
        /// Below a millisecond the clock says little; both sizes are then cheap.
        public var ratio: Double { large / max(small, 0.001) }
    }

    /// How many times a ratio at or above `linearBound` is measured again before it
    /// stands. A neighbour's burst inflates one measurement, rarely three; quadratic work
    /// reads high every time, so the least of the attempts still tells them apart (the
    /// redactor, linear, once read ×25 beside a parallel build; it reads ×8–11 alone).
    public static let attempts = 3

    /// The least ratio of up to `attempts` measurements, stopping at the first under the bound.
    public static func measure(size: Int, factor: Int = factor, _ work: (Int) -> Void) -> Measurement {
        var best = measureOnce(size: size, factor: factor, work)
        var attempt = 1
        while best.ratio >= linearBound, attempt < attempts {
            let again = measureOnce(size: size, factor: factor, work)
            if again.ratio < best.ratio { best = again }
            attempt += 1
        }
        return best
    }

    static func measureOnce(size: Int, factor: Int, _ work: (Int) -> Void) -> Measurement {
        work(size)  // warm up
        var size = size
        var small = fastest(size, work)
        var growth = 1
        while small < leastSmallCost, growth < largestGrowth {
            size *= 2
            growth *= 2
            small = fastest(size, work)
        }
        return Measurement(size: size, small: small, large: fastest(size * factor, work))
    }

    /// The fastest of three runs of `work(size)`, in seconds.
    public static func fastest(_ size: Int, _ work: (Int) -> Void) -> Double {
        let clock = ContinuousClock()
        var best = Double.infinity
        for _ in 0..<3 {
            let start = clock.now
            work(size)
            let d = clock.now - start
            best = min(best, Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18)
        }
        return best
    }
}
