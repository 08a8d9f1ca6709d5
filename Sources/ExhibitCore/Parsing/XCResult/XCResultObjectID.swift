/// The name of one object in a result bundle's content-addressed `Data/` store:
/// `0~` and the base64url (with padding) of a 64-byte BLAKE2b-512 digest, 90 ASCII
/// characters. It becomes a file name (`Data/data.<id>`, `Data/refs.<id>`), so it is
/// checked against exactly that alphabet and length before any path is built: a
/// hostile Info.plist or object cannot name `../` or anything outside `Data/`.
public struct XCResultObjectID: Sendable, Hashable, CustomStringConvertible {
    /// The 90-character id as written in Info.plist, objects and file names.
    public let text: String

    public static let textLength = 90
    public static let digestLength = 64
    /// The id kind byte a refs entry carries before the digest: the "0" of `0~`.
    public static let kindByte: UInt8 = 0x00

    /// Accepts `^0~[A-Za-z0-9_-]{86}==$` only.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == Self.textLength, bytes[0] == UInt8(ascii: "0"), bytes[1] == UInt8(ascii: "~"),
            bytes[88] == UInt8(ascii: "="), bytes[89] == UInt8(ascii: "="),
            bytes[2..<88].allSatisfy(Base64URL.isAlphabet)
        else { return nil }
        self.text = text
    }

    /// The id of a digest (a refs entry's 64 bytes, or a recomputed hash).
    public init(digest: some Collection<UInt8>) {
        precondition(digest.count == Self.digestLength)
        text = "0~" + Base64URL.encode(Array(digest))
    }

    /// The 64 digest bytes the id spells.
    public var digest: [UInt8] { Base64URL.decode(Array(text.utf8)[2...]) }

    public var dataPath: String { "Data/data.\(text)" }
    public var refsPath: String { "Data/refs.\(text)" }

    public var description: String { text }

    /// The id an object must have: BLAKE2b-512 over each child's kind byte and digest,
    /// in refs order, then the object's bytes as stored (compressed or not).
    public static func computed(children: [XCResultObjectID], storedBytes: [UInt8]) -> XCResultObjectID {
        var hasher = BLAKE2b()
        for child in children {
            hasher.update(CollectionOfOne(kindByte))
            hasher.update(child.digest)
        }
        hasher.update(storedBytes)
        return XCResultObjectID(digest: hasher.finalize())
    }
}

/// RFC 4648 §5 base64url with `=` padding, as the bundle's ids use it.
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func isAlphabet(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    private static func value(_ b: UInt8) -> UInt32 {
        switch b {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt32(b - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt32(b - UInt8(ascii: "a")) + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(b - UInt8(ascii: "0")) + 52
        case UInt8(ascii: "-"): 62
        default: 63
        }
    }

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let n = min(3, bytes.count - i)
            var chunk: UInt32 = 0
            for j in 0..<3 { chunk = chunk << 8 | UInt32(j < n ? bytes[i + j] : 0) }
            for j in 0..<4 {
                out.append(j <= n ? alphabet[Int(chunk >> UInt32(18 - 6 * j) & 0x3F)] : UInt8(ascii: "="))
            }
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes text already known to be alphabet characters and trailing `=`.
    static func decode(_ text: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        var chunk: UInt32 = 0
        var bits = 0
        for b in text where b != UInt8(ascii: "=") {
            chunk = chunk << 6 | value(b)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: chunk >> UInt32(bits)))
            }
        }
        return out
    }
}
