/// Writes `bplist00` files object by object, so tests can build what no well-behaved
/// writer makes: arrays sharing children, cycles, references past the end.
struct BinaryPlistBuilder {
    var objects: [[UInt8]] = []
    /// Width of an object reference; 2 holds up to 65,535 objects.
    var referenceSize = 2

    /// Adds an encoded object; returns its index.
    @discardableResult
    mutating func add(_ encoded: [UInt8]) -> Int {
        objects.append(encoded)
        return objects.count - 1
    }

    static func marker(_ type: UInt8, count: Int) -> [UInt8] {
        if count < 15 { return [type << 4 | UInt8(count)] }
        return [type << 4 | 0x0F, 0x13] + bigEndian(UInt64(count), width: 8)
    }

    static func bigEndian(_ value: UInt64, width: Int) -> [UInt8] {
        (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    func references(_ refs: [Int]) -> [UInt8] {
        refs.flatMap { Self.bigEndian(UInt64($0), width: referenceSize) }
    }

    mutating func array(_ refs: [Int]) -> Int { add(Self.marker(0xA, count: refs.count) + references(refs)) }

    mutating func dictionary(keys: [Int], values: [Int]) -> Int {
        add(Self.marker(0xD, count: keys.count) + references(keys) + references(values))
    }

    mutating func ascii(_ s: String) -> Int { add(Self.marker(0x5, count: s.utf8.count) + Array(s.utf8)) }

    mutating func utf16(_ s: String) -> Int {
        let units = Array(s.utf16)
        return add(Self.marker(0x6, count: units.count) + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
    }

    mutating func integer(_ i: Int64) -> Int { add([0x13] + Self.bigEndian(UInt64(bitPattern: i), width: 8)) }

    mutating func boolean(_ b: Bool) -> Int { add([b ? 0x09 : 0x08]) }

    func build(top: Int, objectCount: Int? = nil) -> [UInt8] {
        var out = Array("bplist00".utf8)
        var offsets: [Int] = []
        for o in objects {
            offsets.append(out.count)
            out += o
        }
        let tableStart = out.count
        for o in offsets { out += Self.bigEndian(UInt64(o), width: 4) }
        out += [0, 0, 0, 0, 0, 0, 4, UInt8(referenceSize)]
        out += Self.bigEndian(UInt64(objectCount ?? objects.count), width: 8)
        out += Self.bigEndian(UInt64(top), width: 8)
        out += Self.bigEndian(UInt64(tableStart), width: 8)
        return out
    }

    /// `levels` arrays, each holding the one below `width` times: a file of a few
    /// hundred bytes that expands to width^levels values. `underKey` puts the top array
    /// in a dictionary under that key, as an Info.plist or a preferences file holds it.
    static func sharedChildren(levels: Int, width: Int, underKey key: String? = nil) -> [UInt8] {
        var b = BinaryPlistBuilder()
        var below = b.boolean(true)
        for _ in 0..<levels { below = b.array(Array(repeating: below, count: width)) }
        guard let key else { return b.build(top: below) }
        let name = b.ascii(key)
        let top = b.dictionary(keys: [name], values: [below])
        return b.build(top: top)
    }
}
