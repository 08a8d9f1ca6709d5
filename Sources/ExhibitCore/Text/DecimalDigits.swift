/// Decimal digits of an unsigned integer written straight into bytes (what `String(n)`
/// gives), for the writers that build million-entry outputs without a `String` per number.
package enum DecimalDigits {
    /// How many digits `value` has (1 for 0).
    package static func count(_ value: UInt64) -> Int {
        var digits = 1
        var v = value
        while v >= 10 {
            digits += 1
            v /= 10
        }
        return digits
    }

    /// Writes the digits of `value` into the `count(value)` bytes that end just before `end`.
    package static func write(_ value: UInt64, endingBefore end: UnsafeMutablePointer<UInt8>) {
        var v = value
        var p = end
        repeat {
            p -= 1
            p.pointee = UInt8(truncatingIfNeeded: v % 10) &+ 0x30
            v /= 10
        } while v > 0
    }
}
