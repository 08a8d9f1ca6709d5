/// Eight bytes read as one word, for the scans that look at every byte of a line or a
/// name (a name's last `/`, a string's end in JSON, a name's `/` and NUL).
public enum ByteWord {
    /// The exact zero-byte mask of `t`: bit 7 of each byte of `t` that is zero, and no
    /// other bit. (The shorter `(t - 0x01…) & ~t & 0x80…` also marks bytes above a zero
    /// one, so it finds only the lowest zero byte, not the highest or all of them.)
    @inlinable @inline(__always)
    public static func zeroBytes(_ t: UInt64) -> UInt64 {
        ~(((t & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | t) & 0x8080_8080_8080_8080
    }

    /// The marks of the bytes of `t` equal to `byte`, as `zeroBytes` gives them.
    @inlinable @inline(__always)
    public static func bytes(_ t: UInt64, equalTo byte: UInt8) -> UInt64 { zeroBytes(t ^ (UInt64(byte) &* 0x0101_0101_0101_0101)) }
}
