/// Builds JSON text with keys in the order they are written, so headless output is
/// stable for scripts and snapshots (Foundation's encoder orders keys only by sorting).
public struct JSONWriter {
    public enum Value {
        case string(String)
        case int(Int)
        case uint(UInt64)
        case double(Double)
        case bool(Bool)
        case null
        case array([Value])
        case object([(String, Value)])
    }

    /// Pretty output: two-space indent, `"key": value`.
    public static func render(_ value: Value) -> String {
        var out = ""
        write(value, indent: 0, into: &out)
        out += "\n"
        return out
    }

    private static func write(_ value: Value, indent: Int, into out: inout String) {
        switch value {
        case .string(let s): appendQuoted(s, to: &out)
        case .int(let i): out += String(i)
        case .uint(let u): out += String(u)
        case .double(let d):
            if d.isFinite {
                out += d.rounded() == d && d.magnitude < 1e15 ? String(Int64(d)) : String(d)
            } else {
                out += "null"
            }
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            if items.isEmpty {
                out += "[]"
                return
            }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += String(repeating: " ", count: indent + 2)
                write(item, indent: indent + 2, into: &out)
                out += i < items.count - 1 ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "]"
        case .object(let members):
            if members.isEmpty {
                out += "{}"
                return
            }
            out += "{\n"
            for (i, (key, item)) in members.enumerated() {
                out += String(repeating: " ", count: indent + 2)
                appendQuoted(key, to: &out)
                out += ": "
                write(item, indent: indent + 2, into: &out)
                out += i < members.count - 1 ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "}"
        }
    }

    /// JSON string escaping; also escapes, as `\u` escapes, every scalar
    /// `TerminalText.escape` shows escaped (controls, bidi and other format characters,
    /// U+2028/2029, invisible ones; the emoji selectors and joiner outside an emoji
    /// sequence), so the JSON is terminal-safe when printed (`\u` escapes are inert text).
    public static func appendQuoted(_ s: String, to out: inout String) {
        out += "\""
        // Printable ASCII without a quote or a backslash (most keys and names) is copied.
        if s.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) {
            out += s
            out += "\""
            return
        }
        TerminalText.forEachScalar(of: s) { scalar, escaped in
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if escaped {
                    // Beyond U+FFFF (tag characters, private use) JSON spells a scalar as its UTF-16 pair.
                    for unit in String(scalar).utf16 {
                        let hex = String(unit, radix: 16)
                        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    }
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}

extension JSONWriter.Value {
    /// `.null` for nil, so optional fields keep their key (scripts can rely on keys).
    public static func optional(_ s: String?) -> JSONWriter.Value { s.map { .string($0) } ?? .null }
    public static func optional(_ i: Int?) -> JSONWriter.Value { i.map { .int($0) } ?? .null }
    public static func optional(_ d: Double?) -> JSONWriter.Value { d.map { .double($0) } ?? .null }
}
