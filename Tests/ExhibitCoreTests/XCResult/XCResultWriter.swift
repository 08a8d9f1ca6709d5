import CZstd
import ExhibitCore
import Foundation

/// A typed object to write in the bundle's token grammar. Scalars are text, as the
/// format stores them; `scalar` wraps them in their type (`[S6:StringK2:_vV…]`).
indirect enum TokenValue {
    case object(String, supertypes: [String] = [], [(String, TokenValue)])
    case array([TokenValue])
    case scalar(type: String, String)
    /// A bare `V<n>:` value, where the grammar allows one.
    case raw([UInt8])

    static func string(_ s: String) -> TokenValue { .scalar(type: "String", s) }
    static func int(_ n: Int) -> TokenValue { .scalar(type: "Int", String(n)) }
    static func double(_ d: Double) -> TokenValue { .scalar(type: "Double", String(d)) }
    static func date(_ s: String) -> TokenValue { .scalar(type: "Date", s) }
    static func reference(_ id: XCResultObjectID, to type: String? = nil) -> TokenValue {
        var fields: [(String, TokenValue)] = [("id", .string(id.text))]
        if let type { fields.append(("targetType", .object("TypeDefinition", [("name", .string(type))]))) }
        return .object("Reference", fields)
    }
    /// A reference by any text, for ids that must not be followed.
    static func reference(text: String) -> TokenValue { .object("Reference", [("id", .string(text))]) }

    /// The `testsRef` object of one plan run with one testable holding `tests`, named
    /// `target` (name and target name) when given; without it the testable has no names.
    static func testPlan(_ tests: [TokenValue], target: String? = nil) -> TokenValue {
        var testable: [(String, TokenValue)] = []
        if let target { testable += [("name", .string(target)), ("targetName", .string(target))] }
        testable.append(("tests", .array(tests)))
        return .object(
            "ActionTestPlanRunSummaries",
            [
                (
                    "summaries",
                    .array([
                        .object("ActionTestPlanRunSummary", [("testableSummaries", .array([.object("ActionTestableSummary", testable)]))])
                    ])
                )
            ])
    }
}

/// Writes `TokenValue`s as the typed-object grammar: the first use of a type within
/// one object is `T[K2:_nV<n>:<name> (K2:_s[…])]`, later uses `S<n>:<name>`.
struct TokenWriter {
    private var defined: Set<String> = []
    private(set) var bytes: [UInt8] = []

    static func encode(_ value: TokenValue) -> [UInt8] {
        var writer = TokenWriter()
        writer.write(value)
        return writer.bytes
    }

    private mutating func counted(_ marker: String, _ payload: [UInt8]) {
        bytes += Array("\(marker)\(payload.count):".utf8) + payload
    }

    private mutating func type(_ name: String, supertypes: [String]) {
        if defined.contains(name) {
            counted("S", Array(name.utf8))
            return
        }
        defined.insert(name)
        bytes += Array("T".utf8)
        definition([name] + supertypes)
    }

    private mutating func definition(_ chain: [String]) {
        bytes += Array("[K2:_n".utf8)
        counted("V", Array(chain[0].utf8))
        if chain.count > 1 {
            bytes += Array("K2:_s".utf8)
            definition(Array(chain.dropFirst()))
        }
        bytes += Array("]".utf8)
    }

    mutating func write(_ value: TokenValue) {
        switch value {
        case .raw(let b):
            counted("V", b)
        case .scalar(let typeName, let text):
            bytes += Array("[".utf8)
            type(typeName, supertypes: [])
            bytes += Array("K2:_v".utf8)
            counted("V", Array(text.utf8))
            bytes += Array("]".utf8)
        case .array(let items):
            bytes += Array("[".utf8)
            type("Array", supertypes: [])
            for item in items { write(item) }
            bytes += Array("]".utf8)
        case .object(let name, let supertypes, let fields):
            bytes += Array("[".utf8)
            type(name, supertypes: supertypes)
            for (key, field) in fields {
                counted("K", Array(key.utf8))
                write(field)
            }
            bytes += Array("]".utf8)
        }
    }
}

/// zstd frames as the bundles hold them: no content size in the header, no checksum.
enum TestZstd {
    static func compress(_ bytes: [UInt8], level: Int32 = 3) -> [UInt8] {
        let context = ZSTD_createCCtx()!
        defer { ZSTD_freeCCtx(context) }
        ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, level)
        ZSTD_CCtx_setParameter(context, ZSTD_c_contentSizeFlag, 0)
        ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, 0)
        var out = [UInt8](repeating: 0, count: ZSTD_compressBound(bytes.count))
        let written = bytes.withUnsafeBytes { input in
            out.withUnsafeMutableBytes { output in
                ZSTD_compress2(context, output.baseAddress, output.count, input.baseAddress, input.count)
            }
        }
        precondition(ZSTD_isError(written) == 0, String(cString: ZSTD_getErrorName(written)))
        return Array(out.prefix(written))
    }
}

/// Builds small result bundles in the real on-disk format, into a dictionary of
/// bundle-relative files (a `MemoryEvidenceSource`): each object stored as a zstd
/// frame (or raw), a refs file beside it, and its id computed as the real tools do.
struct XCResultWriter {
    var files: [String: [UInt8]] = [:]
    /// Where the bundle sits in the run (`results/Run.xcresult`), or "" for a bare one.
    let bundlePath: String

    init(bundlePath: String = "results/Run.xcresult") { self.bundlePath = bundlePath }

    func path(_ inBundle: String) -> String { bundlePath.isEmpty ? inBundle : bundlePath + "/" + inBundle }

    /// Stores `content` and returns its id. Compressed unless it is tiny, like the
    /// real store (`[]`, short text stay raw).
    @discardableResult
    mutating func add(_ content: [UInt8], children: [XCResultObjectID] = [], compressed: Bool? = nil) -> XCResultObjectID {
        let stored = (compressed ?? (content.count > 24)) ? TestZstd.compress(content) : content
        let id = XCResultObjectID.computed(children: children, storedBytes: stored)
        files[path(id.dataPath)] = stored
        files[path(id.refsPath)] = RefsFile.encode(children)
        return id
    }

    /// A typed object; its refs are the references it names, as in real bundles.
    @discardableResult
    mutating func add(_ value: TokenValue, compressed: Bool? = nil) -> XCResultObjectID {
        add(TokenWriter.encode(value), children: Self.references(in: value), compressed: compressed)
    }

    /// Stores a typed object under an id of the caller's choosing, not its hash: how a
    /// crafted bundle makes cycles, which content addressing otherwise rules out.
    mutating func put(_ value: TokenValue, as id: XCResultObjectID) {
        files[path(id.dataPath)] = TokenWriter.encode(value)
        files[path(id.refsPath)] = RefsFile.encode(Self.references(in: value))
    }

    static func references(in value: TokenValue) -> [XCResultObjectID] {
        switch value {
        case .object("Reference", _, let fields):
            if case .scalar(_, let text)? = fields.first(where: { $0.0 == "id" })?.1, let id = XCResultObjectID(text) { return [id] }
            return []
        case .object(_, _, let fields): return fields.flatMap { references(in: $0.1) }
        case .array(let items): return items.flatMap(references(in:))
        default: return []
        }
    }

    /// Info.plist as xcodebuild writes it (3.60 adds `directoryImportMode`).
    mutating func info(root: XCResultObjectID?, rootText: String? = nil, minor: Int = 56) {
        var dict: [String: Any] = [
            "dateCreated": Date(timeIntervalSince1970: 1_764_000_000), "externalLocations": [Any](),
            "storage": ["backend": "fileBacked2", "compression": "standard"],
            "version": ["major": 3, "minor": minor],
        ]
        if let text = rootText ?? root?.text { dict["rootId"] = ["hash": text] }
        if minor >= 60 { dict["directoryImportMode"] = "concurrent" }
        let data = try! PropertyListSerialization.data(fromPropertyList: dict, format: .xml, options: 0)
        files[path("Info.plist")] = [UInt8](data)
    }

    var source: MemoryEvidenceSource { MemoryEvidenceSource(files) }
}
