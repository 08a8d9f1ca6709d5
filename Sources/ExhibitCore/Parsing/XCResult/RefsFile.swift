/// `Data/refs.<id>`: the children of one object, in order. The count comes first as a
/// DER-style length (one byte below 0x80; `0x81 nn` and `0x82 nn nn` for more, seen
/// from 137 children), then one 66-byte entry per child: `0x41` (the entry's length,
/// 65), the id kind `0x00`, and the child's 64-byte digest. An object without children
/// has the one-byte file `00`. Nothing else may follow the entries.
public enum RefsFile {
    public static let entryLength = 66

    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// Byte offset in the refs file.
        public var offset: Int
        public var message: String
        public var description: String { "byte \(offset): \(message)" }
    }

    public static func parse(_ bytes: [UInt8]) throws(Failure) -> [XCResultObjectID] {
        guard let first = bytes.first else { throw Failure(offset: 0, message: "expected a count, found an empty file") }
        var count = 0
        var position = 1
        if first < 0x80 {
            count = Int(first)
        } else {
            let lengthBytes = Int(first & 0x7F)
            guard (1...3).contains(lengthBytes) else {
                throw Failure(offset: 0, message: "expected a DER length (a byte below 0x80, or 0x81…0x83 and the count), found 0x\(hexByte(first))")
            }
            guard bytes.count >= 1 + lengthBytes else {
                throw Failure(offset: bytes.count, message: "expected \(lengthBytes) count byte(s) after 0x\(hexByte(first)), found the end of the file")
            }
            for b in bytes[1...lengthBytes] { count = count << 8 | Int(b) }
            position = 1 + lengthBytes
        }
        let available = bytes.count - position
        guard available == count * entryLength else {
            let whole = available / entryLength
            let message =
                available < count * entryLength
                ? "expected \(count) entries of \(entryLength) bytes, found \(whole) and \(available % entryLength) byte(s): truncated"
                : "expected \(count) entries of \(entryLength) bytes, found \(available - count * entryLength) byte(s) more"
            throw Failure(offset: min(bytes.count, position + min(whole, count) * entryLength), message: message)
        }
        var ids: [XCResultObjectID] = []
        ids.reserveCapacity(count)
        for index in 0..<count {
            let start = position + index * entryLength
            guard bytes[start] == 0x41 else {
                throw Failure(offset: start, message: "expected the entry length 0x41 of entry \(index + 1), found 0x\(hexByte(bytes[start]))")
            }
            guard bytes[start + 1] == XCResultObjectID.kindByte else {
                throw Failure(offset: start + 1, message: "expected id kind 0x00 in entry \(index + 1), found 0x\(hexByte(bytes[start + 1]))")
            }
            ids.append(XCResultObjectID(digest: bytes[(start + 2)..<(start + entryLength)]))
        }
        return ids
    }

    /// The bytes of a refs file listing `children`, DER count first (the form the
    /// bundles use; the test writer and `verify` build files with it).
    public static func encode(_ children: [XCResultObjectID]) -> [UInt8] {
        var out: [UInt8]
        let n = children.count
        switch n {
        case ..<0x80: out = [UInt8(n)]
        case ..<0x100: out = [0x81, UInt8(n)]
        case ..<0x1_0000: out = [0x82, UInt8(n >> 8), UInt8(n & 0xFF)]
        default: out = [0x83, UInt8(n >> 16), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
        }
        for child in children {
            out.append(0x41)
            out.append(XCResultObjectID.kindByte)
            out += child.digest
        }
        return out
    }
}
