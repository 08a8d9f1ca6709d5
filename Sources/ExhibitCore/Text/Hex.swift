/// Two upper-case hex digits for a byte, without Foundation's `String(format:)`.
@inline(__always)
public func hexByte(_ b: UInt8) -> String {
    let digits: [Character] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F"]
    return String([digits[Int(b >> 4)], digits[Int(b & 0x0F)]])
}
