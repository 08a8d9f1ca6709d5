/// The content-addressed `Data/` store of one result bundle, read through an
/// `EvidenceSource` (the core does no I/O). Every id is validated before it becomes a
/// path; objects are zstd frames or raw bytes (decided by the magic, never assumed),
/// and decompression is bounded per object and over the whole bundle.
public struct XCResultStore<Source: EvidenceSource>: Sendable {
    public let source: Source
    /// The bundle's path inside the source (`results/Run.xcresult`); empty when the
    /// source is the bundle itself.
    public let bundlePath: String
    public var limits: XCResultLimits
    /// Decoded bytes handed out so far, against `limits.perBundle`.
    public private(set) var decodedTotal = 0

    public init(source: Source, bundlePath: String, limits: XCResultLimits = .standard) {
        self.source = source
        self.bundlePath = bundlePath
        self.limits = limits
    }

    /// The source-relative path of a bundle-relative one.
    public func path(_ inBundle: String) -> String {
        bundlePath.isEmpty ? inBundle : bundlePath + "/" + inBundle
    }

    /// An id as written in Info.plist or an object, validated.
    public func id(_ text: String, namedBy place: String) throws(XCResultObjectError) -> XCResultObjectID {
        guard let id = XCResultObjectID(text) else {
            throw XCResultObjectError(idText: text, file: path("Data"), problem: .invalidID(place: place))
        }
        return id
    }

    /// The object's bytes as stored (compressed or not), or nil when missing.
    public func storedBytes(_ id: XCResultObjectID) throws(XCResultObjectError) -> [UInt8]? {
        let file = path(id.dataPath)
        do {
            return try source.read(file)
        } catch {
            throw XCResultObjectError(id: id, file: file, problem: .unreadable(error.reason))
        }
    }

    /// The object's size as stored, from opening it (a file's size, no read); nil when
    /// it is missing or cannot be opened.
    public func storedSize(_ id: XCResultObjectID) -> Int? {
        ((try? source.stream(path(id.dataPath))) ?? nil)?.sizeHint
    }

    /// The first `count` bytes of the object's content, from at most its first 64 KiB
    /// as stored (raw, or the start of a zstd frame); nil when it cannot be opened.
    /// Not counted against the bundle's budget: it is bounded by the read.
    public func contentPrefix(_ id: XCResultObjectID, count: Int) -> [UInt8]? {
        guard let stream = (try? source.stream(path(id.dataPath))) ?? nil else { return nil }
        var stored = [UInt8](repeating: 0, count: 64 << 10)
        var filled = 0
        while filled < stored.count {
            let n = stored.withUnsafeMutableBytes { buffer in
                (try? stream.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))) ?? 0
            }
            if n == 0 { break }
            filled += n
        }
        stored.removeSubrange(filled...)
        return ZstdFrameDecoder.isCompressed(stored) ? ZstdFrameDecoder.prefix(stored, count: count) : Array(stored.prefix(count))
    }

    /// The object's content, decompressed when it is a zstd frame.
    public mutating func object(_ id: XCResultObjectID) throws(XCResultObjectError) -> [UInt8] {
        let content = try decoded(id, remaining: limits.perBundle - decodedTotal)
        decodedTotal += content.count
        return content
    }

    /// The most one more object may decode to now: the per-object limit, or what is
    /// left of the bundle's.
    var nextObjectLimit: Int { min(limits.perObject, limits.perBundle - decodedTotal) }

    /// Counts `bytes` decoded elsewhere (`decoded`, on another thread) against the bundle.
    mutating func charge(_ bytes: Int) { decodedTotal += bytes }

    /// The object's content as `object` decodes it when `remaining` bytes are left of
    /// the bundle's budget, without counting it: the graph reader decodes run summaries
    /// on several threads from copies of the store, then charges them in order.
    func decoded(_ id: XCResultObjectID, remaining: Int) throws(XCResultObjectError) -> [UInt8] {
        let file = path(id.dataPath)
        guard let stored = try storedBytes(id) else { throw XCResultObjectError(id: id, file: file, problem: .missing) }
        let limit = min(limits.perObject, remaining)
        let content: [UInt8]
        if ZstdFrameDecoder.isCompressed(stored) {
            do {
                content = try ZstdFrameDecoder.decompress(stored, limit: limit)
            } catch {
                throw XCResultObjectError(id: id, file: file, problem: problem(error, remaining: remaining))
            }
        } else {
            guard stored.count <= limit else { throw XCResultObjectError(id: id, file: file, problem: tooLarge(remaining)) }
            content = stored
        }
        return content
    }

    /// What is left of the bundle's budget.
    public var remainingBudget: Int { max(0, limits.perBundle - decodedTotal) }

    /// A zstd object's content decoded from `stored` (its bytes as read) against what is
    /// left of the bundle's budget, charging the budget with what the decoding made,
    /// also when it failed: `verify` decodes every object once, and a frame stopped at
    /// the limit or found corrupt late cost that work all the same.
    public mutating func decodeCharging(_ id: XCResultObjectID, stored: [UInt8]) throws(XCResultObjectError) -> [UInt8] {
        let remaining = remainingBudget
        var produced = 0
        do {
            let content = try ZstdFrameDecoder.decompress(stored, limit: min(limits.perObject, remaining), produced: &produced)
            decodedTotal += content.count
            return content
        } catch {
            decodedTotal += produced
            throw XCResultObjectError(id: id, file: path(id.dataPath), problem: problem(error, remaining: remaining))
        }
    }

    private func problem(_ error: ZstdFrameDecoder.Failure, remaining: Int) -> XCResultObjectError.Problem {
        switch error {
        case .tooLarge: tooLarge(remaining)
        case .truncated(let decoded): .truncatedFrame(decodedBytes: decoded)
        case .corrupt(let why): .corruptFrame(why)
        }
    }

    private func tooLarge(_ remaining: Int) -> XCResultObjectError.Problem {
        remaining < limits.perObject ? .bundleLimit(limits.perBundle) : .objectLimit(limits.perObject)
    }

    /// The object's children from its refs file; nil when the refs file is missing.
    public func refs(_ id: XCResultObjectID) throws(XCResultObjectError) -> [XCResultObjectID]? {
        let file = path(id.refsPath)
        let bytes: [UInt8]?
        do {
            bytes = try source.read(file)
        } catch {
            throw XCResultObjectError(id: id, file: file, problem: .unreadable(error.reason))
        }
        guard let bytes else { return nil }
        do {
            return try RefsFile.parse(bytes)
        } catch {
            throw XCResultObjectError(id: id, file: file, problem: .malformedRefs(error))
        }
    }

    /// A typed object, parsed.
    public mutating func typedObject(_ id: XCResultObjectID) throws(XCResultObjectError) -> XCResultValue {
        let bytes = try object(id)
        do {
            return try TypedObjectParser.parse(bytes)
        } catch {
            throw XCResultObjectError(id: id, file: path(id.dataPath), problem: .malformedObject(error))
        }
    }
}

/// Bounds on what reading one result bundle may decode.
public struct XCResultLimits: Sendable, Equatable {
    /// Most bytes one object may decode to (a zstd frame can expand a thousandfold).
    public var perObject: Int
    /// Most bytes all objects read through this store may decode to together.
    public var perBundle: Int

    public init(perObject: Int, perBundle: Int) {
        self.perObject = perObject
        self.perBundle = perBundle
    }

    public static let standard = XCResultLimits(perObject: 256 << 20, perBundle: 2 << 30)
}

/// Why one object of a result bundle could not be used. The message names the
/// object's file, so a person can find it, and says what was expected.
public struct XCResultObjectError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Problem: Sendable, Equatable {
        /// Named somewhere (`place`) by text that is not an id; no path was built from it.
        case invalidID(place: String)
        case missing
        case unreadable(String)
        case truncatedFrame(decodedBytes: Int)
        case corruptFrame(String)
        case objectLimit(Int)
        case bundleLimit(Int)
        case malformedRefs(RefsFile.Failure)
        case malformedObject(TypedObjectParser.Failure)
        /// The object is not what the place that names it expects.
        case unexpectedType(expected: String, found: String)
    }

    /// The id as written, valid or not.
    public var idText: String
    /// Source-relative path of the file concerned.
    public var file: String
    public var problem: Problem

    public init(id: XCResultObjectID, file: String, problem: Problem) {
        self.init(idText: id.text, file: file, problem: problem)
    }

    public init(idText: String, file: String, problem: Problem) {
        self.idText = idText
        self.file = file
        self.problem = problem
    }

    public var message: String {
        switch problem {
        case .invalidID(let place):
            "\(place) names \"\(idText.prefix(100))\", which is not an object id (expected 0~ and 88 base64url characters ending in ==); not followed"
        case .missing: "object missing (pruned from the artifact?)"
        case .unreadable(let why): "cannot be read: \(why)"
        case .truncatedFrame(let n): "truncated zstd frame: the file ends inside the frame after \(n) decoded bytes"
        case .corruptFrame(let why): "not a valid zstd frame: \(why)"
        case .objectLimit(let limit): "decompresses to more than \(ByteSize.format(UInt64(limit))), the limit per object; not read"
        case .bundleLimit(let limit): "not read: the bundle's objects decompress to more than \(ByteSize.format(UInt64(limit))) together, the limit per bundle"
        case .malformedRefs(let f): "malformed refs file at \(f.description)"
        case .malformedObject(let f): "malformed typed object at \(f.description)"
        case .unexpectedType(let expected, let found): "expected \(expected), found \(found)"
        }
    }

    public var description: String { "\(file): \(message)" }
}
