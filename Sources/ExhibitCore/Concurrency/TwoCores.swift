import Dispatch

/// Two pieces of pure work run side by side, one on the caller's thread and one on
/// another core: the build hosts have two, and a load, a check or a report leaves the
/// second idle when a pass over a million entries is done on one. Both must touch
/// nothing the other writes; each result is read only after both have ended.
public enum TwoCores {
    /// `first()` and `second()`, at once; returns when both are done.
    public static func run<A, B>(_ first: () -> A, _ second: () -> B) -> (A, B) {
        withoutActuallyEscaping(first) { first in
            withoutActuallyEscaping(second) { second in
                nonisolated(unsafe) var a: A?
                nonisolated(unsafe) var b: B?
                nonisolated(unsafe) let work = (first, second)
                DispatchQueue.concurrentPerform(iterations: 2) { i in
                    if i == 0 { a = work.0() } else { b = work.1() }
                }
                // Both iterations ended before concurrentPerform returned.
                return (a!, b!)
            }
        }
    }

    /// `body` over the two halves of `0..<count` (the first half's bounds, then the
    /// second's), at once when `count` is at least `threshold`, else over all of it on
    /// this thread (the second result is then nil).
    public static func halves<R>(_ count: Int, from threshold: Int, _ body: (Range<Int>) -> R) -> (R, R?) {
        guard count >= threshold, count > 1 else { return (body(0..<count), nil) }
        let middle = count / 2
        let (a, b) = run({ body(0..<middle) }, { body(middle..<count) })
        return (a, b)
    }
}
