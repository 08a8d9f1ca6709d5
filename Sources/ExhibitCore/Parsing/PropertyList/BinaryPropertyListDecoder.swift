/// Decodes `bplist00` into a `PropertyListValue`, bounded by `PropertyListLimits`.
///
/// The format: the 8-byte header `bplist00`, the objects, a table of their offsets, and
/// a 32-byte trailer (6 unused bytes, the width of an offset, the width of an object
/// reference, the object count, the top object, the offset table's start; all
/// big-endian). Each object starts with a marker byte: high nibble the type, low nibble
/// a count (15: the count follows as an integer object). Written here, not left to
/// Foundation, because Foundation expands shared references into a tree before the
/// caller can count it, and names no offset when it fails ("Unexpected character b at
/// line 1"). Every error names the byte offset and what was expected there.
struct BinaryPropertyListDecoder {
    static let header: [UInt8] = Array("bplist00".utf8)
    static let trailerSize = 32

    private let bytes: [UInt8]
    private let file: String
    private var budget: PropertyListBudget
    private var offsetSize = 0
    private var referenceSize = 0
    private var objectCount = 0
    /// Where the offset table starts: objects lie in `header.count..<objectsEnd`.
    private var objectsEnd = 0
    /// Objects being decoded, outermost first: a reference back into them is a cycle.
    private var ancestors: [Int] = []

    /// Keys a dictionary holds twice are warned into `warnings` (`DuplicateKeys`).
    static func decode(
        _ bytes: [UInt8], file: String, limits: PropertyListLimits, warnings: inout [Diagnostic]
    ) throws(Diagnostic) -> PropertyListValue {
        try decode(bytes, file: file, limits: limits, topMustBe: nil, warnings: &warnings)
    }

    /// With `topMustBe`, a file whose top object is of another type is refused at that
    /// object's marker byte, before anything inside it is decoded.
    static func decode(
        _ bytes: [UInt8], file: String, limits: PropertyListLimits, topMustBe expected: PropertyListType?,
        warnings: inout [Diagnostic]
    ) throws(Diagnostic) -> PropertyListValue {
        var decoder = BinaryPropertyListDecoder(bytes: bytes, file: file, budget: PropertyListBudget(limits))
        let top = try decoder.readTrailer()
        if let expected {
            let at = try decoder.offset(ofObject: top)
            if let found = decoder.type(ofMarker: bytes[at]), found != expected {
                throw decoder.failure(PropertyListReader.topObjectMessage(expected: expected, found: found), at: at)
            }
        }
        let value = try decoder.value(ofObject: top, referencedAt: bytes.count - 16)
        warnings += decoder.duplicates.warnings
        return value
    }

    /// The type an object marker stands for; nil for markers the decoder refuses anyway
    /// (it says why when it reaches the object).
    private func type(ofMarker marker: UInt8) -> PropertyListType? {
        switch marker >> 4 {
        case 0x0: marker == 0x08 || marker == 0x09 ? .boolean : nil
        case 0x1: .integer
        case 0x2: .real
        case 0x3: .date
        case 0x4: .data
        case 0x5, 0x6: .string
        case 0xA: .array
        case 0xD: .dictionary
        default: nil
        }
    }

    private var duplicates = PropertyListDuplicateKeys()

    private init(bytes: [UInt8], file: String, budget: PropertyListBudget) {
        self.bytes = bytes
        self.file = file
        self.budget = budget
    }

    private func failure(_ message: String, at offset: Int) -> Diagnostic {
        .error(file, at: SourcePosition(line: 1, column: offset + 1, byteOffset: offset), "binary property list: " + message)
    }

    private func bigEndian(at offset: Int, width: Int) -> UInt64 {
        var v: UInt64 = 0
        for i in offset..<(offset + width) { v = v << 8 | UInt64(bytes[i]) }
        return v
    }

    /// Validates the trailer and the offset table's extent; returns the top object.
    private mutating func readTrailer() throws(Diagnostic) -> Int {
        guard bytes.count >= Self.header.count + 1 + Self.trailerSize else {
            throw failure(
                "expected at least one object and a \(Self.trailerSize)-byte trailer after the header,"
                    + " found end of file after \(bytes.count) bytes", at: bytes.count)
        }
        let t = bytes.count - Self.trailerSize
        offsetSize = Int(bytes[t + 6])
        referenceSize = Int(bytes[t + 7])
        guard (1...8).contains(offsetSize) else {
            throw failure("expected an offset width of 1 to 8 bytes in the trailer, found \(offsetSize)", at: t + 6)
        }
        guard (1...8).contains(referenceSize) else {
            throw failure("expected an object reference width of 1 to 8 bytes in the trailer, found \(referenceSize)", at: t + 7)
        }
        let count = bigEndian(at: t + 8, width: 8)
        let top = bigEndian(at: t + 16, width: 8)
        let table = bigEndian(at: t + 24, width: 8)
        guard count >= 1, count <= UInt64(t) else {
            throw failure("expected an object count between 1 and the file's size in the trailer, found \(count)", at: t + 8)
        }
        guard top < count else {
            throw failure("expected a top object below the object count \(count) in the trailer, found \(top)", at: t + 16)
        }
        guard table > UInt64(Self.header.count), table <= UInt64(t),
            count <= (UInt64(t) - table) / UInt64(offsetSize)
        else {
            throw failure(
                "expected an offset table of \(count) × \(offsetSize) bytes between the objects and the trailer,"
                    + " found its start at \(table)", at: t + 24)
        }
        objectCount = Int(count)
        objectsEnd = Int(table)
        return Int(top)
    }

    /// The byte offset of object `index`, checked to lie among the objects.
    private func offset(ofObject index: Int) throws(Diagnostic) -> Int {
        let entry = objectsEnd + index * offsetSize
        let offset = bigEndian(at: entry, width: offsetSize)
        guard offset >= UInt64(Self.header.count), offset < UInt64(objectsEnd) else {
            throw failure(
                "expected the offset of object \(index) to lie between the header and the offset table"
                    + " (\(Self.header.count)..<\(objectsEnd)), found \(offset)", at: entry)
        }
        return Int(offset)
    }

    /// Fails unless `count` bytes from `offset` lie among the objects.
    private func need(_ count: Int, at offset: Int, for what: String) throws(Diagnostic) {
        guard count >= 0, count <= objectsEnd - offset else {
            throw failure(
                "expected \(what) of \(count) bytes, found only \(max(objectsEnd - offset, 0)) before the offset table",
                at: offset)
        }
    }

    /// An object reference at `offset` (already bounds-checked by the caller).
    private func reference(at offset: Int) throws(Diagnostic) -> Int {
        let ref = bigEndian(at: offset, width: referenceSize)
        guard ref < UInt64(objectCount) else {
            throw failure("expected a reference to one of the \(objectCount) objects, found \(ref)", at: offset)
        }
        return Int(ref)
    }

    /// The count in a marker's low nibble, or the integer object after it (nibble 15);
    /// `cursor` moves past what was read.
    private func count(lowNibble: UInt8, cursor: inout Int) throws(Diagnostic) -> Int {
        if lowNibble < 15 { return Int(lowNibble) }
        try need(1, at: cursor, for: "a count")
        let marker = bytes[cursor]
        guard marker & 0xF0 == 0x10, marker & 0x0F <= 3 else {
            throw failure(
                "expected an integer count (marker 0x10–0x13) after a count nibble of 15, found 0x" + hexByte(marker),
                at: cursor)
        }
        let width = 1 << Int(marker & 0x0F)
        try need(width, at: cursor + 1, for: "a count")
        let value = bigEndian(at: cursor + 1, width: width)
        guard value <= UInt64(objectsEnd) else {
            throw failure("expected a count no larger than the file, found \(value)", at: cursor + 1)
        }
        cursor += 1 + width
        return Int(value)
    }

    private mutating func spend(byteCount: Int = 0, at offset: Int) throws(Diagnostic) {
        if let refused = budget.spend(byteCount: byteCount) { throw failure(refused, at: offset) }
    }

    private mutating func value(ofObject index: Int, referencedAt: Int) throws(Diagnostic) -> PropertyListValue {
        guard !ancestors.contains(index) else {
            throw failure("expected a tree of objects, found object \(index) inside itself", at: referencedAt)
        }
        guard ancestors.count < budget.limits.maximumDepth else {
            throw failure("expected nesting no deeper than \(budget.limits.maximumDepth) levels", at: referencedAt)
        }
        let start = try offset(ofObject: index)
        let marker = bytes[start]
        let low = marker & 0x0F
        var cursor = start + 1
        switch marker >> 4 {
        case 0x0 where marker == 0x08 || marker == 0x09:
            try spend(at: start)
            return .boolean(marker == 0x09)
        case 0x1 where low <= 4:
            let width = 1 << Int(low)
            try need(width, at: cursor, for: "an integer")
            try spend(at: start)
            return try integer(at: cursor, width: width)
        case 0x2 where low == 2 || low == 3:
            try need(1 << Int(low), at: cursor, for: "a real")
            try spend(at: start)
            return .real(
                low == 2
                    ? Double(Float(bitPattern: UInt32(bigEndian(at: cursor, width: 4))))
                    : Double(bitPattern: bigEndian(at: cursor, width: 8)))
        case 0x3 where marker == 0x33:
            try need(8, at: cursor, for: "a date")
            try spend(at: start)
            return .date(Double(bitPattern: bigEndian(at: cursor, width: 8)) + 978_307_200)  // 2001-01-01 to 1970
        case 0x4:
            let n = try count(lowNibble: low, cursor: &cursor)
            try need(n, at: cursor, for: "data")
            try spend(byteCount: n, at: start)
            return .data(Array(bytes[cursor..<(cursor + n)]))
        case 0x5:
            let n = try count(lowNibble: low, cursor: &cursor)
            try need(n, at: cursor, for: "an ASCII string")
            try spend(byteCount: n, at: start)
            // ASCII by the format; a stray high byte is kept as the Latin-1 character.
            let text = bytes[cursor..<(cursor + n)]
            if text.allSatisfy({ $0 < 0x80 }) { return .string(String(decoding: text, as: UTF8.self)) }
            var s = String.UnicodeScalarView()
            for b in text { s.append(Unicode.Scalar(b)) }
            return .string(String(s))
        case 0x6:
            let n = try count(lowNibble: low, cursor: &cursor)
            guard n <= objectsEnd / 2 else { throw failure("expected a UTF-16 string no longer than the file, found \(n) units", at: start) }
            try need(2 * n, at: cursor, for: "a UTF-16 string")
            try spend(byteCount: 2 * n, at: start)
            var units: [UInt16] = []
            units.reserveCapacity(n)
            for k in 0..<n { units.append(UInt16(bytes[cursor + 2 * k]) << 8 | UInt16(bytes[cursor + 2 * k + 1])) }
            return .string(String(decoding: units, as: UTF16.self))
        case 0xA:
            let n = try count(lowNibble: low, cursor: &cursor)
            guard n <= objectsEnd / referenceSize else { throw failure("expected an array no longer than the file, found \(n) elements", at: start) }
            try need(n * referenceSize, at: cursor, for: "an array's references")
            try spend(at: start)
            guard budget.canHold(n) else { throw failure(budget.valueLimitReached, at: start) }
            ancestors.append(index)
            defer { ancestors.removeLast() }
            var out: [PropertyListValue] = []
            out.reserveCapacity(n)
            for k in 0..<n {
                let at = cursor + k * referenceSize
                out.append(try value(ofObject: try reference(at: at), referencedAt: at))
            }
            return .array(out)
        case 0xD:
            let n = try count(lowNibble: low, cursor: &cursor)
            guard n <= objectsEnd / (2 * referenceSize) else {
                throw failure("expected a dictionary no longer than the file, found \(n) entries", at: start)
            }
            try need(2 * n * referenceSize, at: cursor, for: "a dictionary's references")
            try spend(at: start)
            guard budget.canHold(n) else { throw failure(budget.valueLimitReached, at: start) }
            ancestors.append(index)
            defer { ancestors.removeLast() }
            var members: [String: PropertyListValue] = [:]
            members.reserveCapacity(n)
            for k in 0..<n {
                let keyAt = cursor + k * referenceSize
                let valueAt = cursor + (n + k) * referenceSize
                let keyIndex = try reference(at: keyAt)
                guard case .string(let key) = try value(ofObject: keyIndex, referencedAt: keyAt) else {
                    throw failure("expected a string as key \(k) of the dictionary at \(start), found another type", at: keyAt)
                }
                let member = try value(ofObject: try reference(at: valueAt), referencedAt: valueAt)
                if members.updateValue(member, forKey: key) != nil {
                    duplicates.note(key, in: file, at: SourcePosition(line: 1, column: keyAt + 1, byteOffset: keyAt), firstAt: nil)
                }
            }
            return .dictionary(members.map { (key: $0.key, value: $0.value) }.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) })
        default:
            let what: String
            switch marker >> 4 {
            case 0x8: what = "a keyed-archiver UID (0x8n), which no preferences file or Info.plist holds"
            case 0xC: what = "a set (0xCn), which property lists for Foundation do not hold"
            case 0x7: what = "a UTF-8 string (0x7n), which only bplist15 holds"
            default: what = "0x" + hexByte(marker)
            }
            throw failure(
                "expected an object marker (0x08/0x09 boolean, 0x1n integer, 0x22/0x23 real, 0x33 date,"
                    + " 0x4n data, 0x5n/0x6n string, 0xAn array, 0xDn dictionary) for object \(index), found \(what)", at: start)
        }
    }

    /// 1, 2 and 4 bytes are unsigned, 8 signed; 16 bytes hold values beyond Int64 (the
    /// high half is the sign extension of the low half, or zero for an unsigned value).
    private func integer(at offset: Int, width: Int) throws(Diagnostic) -> PropertyListValue {
        switch width {
        case 8: return .integer(Int64(bitPattern: bigEndian(at: offset, width: 8)))
        case 16:
            let high = bigEndian(at: offset, width: 8)
            let low = bigEndian(at: offset + 8, width: 8)
            if high == 0 { return low <= UInt64(Int64.max) ? .integer(Int64(low)) : .unsignedInteger(low) }
            if high == .max, low > UInt64(Int64.max) { return .integer(Int64(bitPattern: low)) }
            throw failure("expected a 128-bit integer within 64 bits, found one beyond", at: offset)
        default: return .integer(Int64(bigEndian(at: offset, width: width)))
        }
    }
}
