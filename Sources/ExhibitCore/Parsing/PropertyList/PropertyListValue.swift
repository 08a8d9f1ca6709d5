/// A decoded property list value, independent of Foundation's bridged types, so rules,
/// the details pane and notes can ask for key names, value types and scalar values
/// without `Any` casts (which differ between Darwin and Linux: `<integer>1</integer>`
/// is `is Bool` on Linux).
public indirect enum PropertyListValue: Sendable, Equatable, Hashable {
    case boolean(Bool)
    case integer(Int64)
    /// An `<integer>` above `Int64.max` (plists allow unsigned 64-bit values).
    case unsignedInteger(UInt64)
    case real(Double)
    case string(String)
    /// Seconds since 1970-01-01 UTC.
    case date(Double)
    case data([UInt8])
    case array([PropertyListValue])
    /// Members sorted by key (byte order), so every presentation is deterministic.
    case dictionary([(key: String, value: PropertyListValue)])

    /// The property-list type name, as the XML element spells it (`boolean` for
    /// `<true/>`/`<false/>`).
    public var type: PropertyListType {
        switch self {
        case .boolean: .boolean
        case .integer, .unsignedInteger: .integer
        case .real: .real
        case .string: .string
        case .date: .date
        case .data: .data
        case .array: .array
        case .dictionary: .dictionary
        }
    }

    /// The value stored under `key`, when this is a dictionary.
    public subscript(key: String) -> PropertyListValue? {
        guard case .dictionary(let members) = self else { return nil }
        return members.first(where: { $0.key == key })?.value
    }

    public var members: [(key: String, value: PropertyListValue)]? {
        if case .dictionary(let m) = self { return m }
        return nil
    }

    public var array: [PropertyListValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// A scalar as one line of text (`true`, `42`, `1.5`, `"wifi"`, a date in ISO 8601,
    /// `<4 bytes>`); containers as their element count. Unescaped: callers escape for
    /// the terminal.
    public var scalarText: String {
        switch self {
        case .boolean(let b): b ? "true" : "false"
        case .integer(let i): String(i)
        case .unsignedInteger(let u): String(u)
        case .real(let d): String(d)
        case .string(let s): "\"" + s + "\""
        case .date(let t): Timestamp.iso8601(t)
        case .data(let d): "<\(d.count) byte\(d.count == 1 ? "" : "s")>"
        case .array(let a): "[\(a.count) item\(a.count == 1 ? "" : "s")]"
        case .dictionary(let m): "{\(m.count) key\(m.count == 1 ? "" : "s")}"
        }
    }

    public static func == (a: PropertyListValue, b: PropertyListValue) -> Bool {
        switch (a, b) {
        case (.boolean(let x), .boolean(let y)): x == y
        case (.integer(let x), .integer(let y)): x == y
        case (.unsignedInteger(let x), .unsignedInteger(let y)): x == y
        case (.real(let x), .real(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.date(let x), .date(let y)): x == y
        case (.data(let x), .data(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.dictionary(let x), .dictionary(let y)):
            x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        hasher.combine(scalarText)
    }
}

/// The eight property-list types, named as `plutil` and the XML elements name them.
public enum PropertyListType: String, Sendable, CaseIterable, Hashable, Codable {
    case boolean, integer, real, string, date, data, array, dictionary
}
