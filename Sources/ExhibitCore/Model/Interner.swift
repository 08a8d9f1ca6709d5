/// Gives equal values one small id, numbered in the order first seen, so a million
/// nodes can each hold 4 bytes instead of a value: step names on entries, a finding or
/// a rule signature on each node `check` walks.
///
/// Inlinable because `check` asks it once per node from another module, where an
/// unspecialized generic call would cost a dictionary witness lookup each time.
public struct Interner<Value: Hashable> {
    @usableFromInline var ids: [Value: Int32] = [:]
    @usableFromInline var ordered: [Value] = []

    public init() {}

    /// The values in id order.
    @inlinable public var values: [Value] { ordered }

    @inlinable public var count: Int { ordered.count }

    @inlinable public func existingID(_ value: Value) -> Int32? { ids[value] }

    @inlinable public mutating func id(for value: Value) -> Int32 {
        if let id = ids[value] { return id }
        let id = Int32(ordered.count)
        ordered.append(value)
        ids[value] = id
        return id
    }

    @inlinable public subscript(id: Int32) -> Value { ordered[Int(id)] }
}

extension Interner: Sendable where Value: Sendable {}
