/// `exhibit verify`: checks a result bundle's `Data/` store object by object. Every
/// object's id is recomputed (BLAKE2b-512 over its refs and its bytes as stored), every
/// zstd frame is decoded to its end within the bundle's decode budget (objects the root
/// reaches first; a frame past the budget is listed as not decoded, and the bundle is
/// then not called intact), and the refs files are walked from the root, so an object
/// that is missing, orphaned, truncated or altered is named. Pure:
/// the source supplies the bytes; the database is looked at by the caller (ExhibitIO).
public enum XCResultVerifier {
    public static func verify<S: EvidenceSource>(
        source: S, bundlePath: String,
        limits: XCResultLimits = .standard
    ) -> XCResultVerifyReport {
        var report = XCResultVerifyReport(bundlePath: bundlePath)
        let store = XCResultStore(source: source, bundlePath: bundlePath, limits: limits)
        let plist = store.path("Info.plist")
        guard let plistBytes = ((try? source.read(plist)) ?? nil) else {
            report.unreadable = "\(plist): missing or unreadable; not a result bundle"
            return report
        }
        var warnings: [Diagnostic] = []
        let info: XCResultInfo
        do {
            info = try XCResultInfoReader.read(plistBytes, file: plist, warnings: &warnings)
        } catch {
            report.unreadable = error.description
            return report
        }
        report.formatVersion = info.formatVersion
        guard let rootText = info.rootID, let root = XCResultObjectID(rootText) else {
            report.unreadable = "\(plist): rootId.hash is \(info.rootID.map { "\"\($0.prefix(100))\", not an object id" } ?? "missing")"
            return report
        }
        report.rootID = root.text

        // What Data/ holds.
        var dataIDs: Set<XCResultObjectID> = []
        var refsIDs: Set<XCResultObjectID> = []
        for name in source.list(store.path("Data")) {
            if name.hasPrefix("data."), let id = XCResultObjectID(String(name.dropFirst(5))) {
                dataIDs.insert(id)
            } else if name.hasPrefix("refs."), let id = XCResultObjectID(String(name.dropFirst(5))) {
                refsIDs.insert(id)
            } else {
                report.unexpectedFiles.append(store.path("Data/" + name))
            }
        }
        report.unexpectedFiles.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }

        // The refs files first (small): the walk from the root needs every object's children.
        var children: [XCResultObjectID: [XCResultObjectID]] = [:]
        for id in dataIDs.sorted(by: { $0.text < $1.text }) {
            do {
                if let refs = try store.refs(id) {
                    children[id] = refs
                } else {
                    report.add(.missingRefs, id, store.path(id.refsPath), "refs file missing: the id cannot be checked and the children are unknown")
                }
            } catch {
                report.add(.malformedRefs, id, error.file, error.message)
            }
        }

        // Walk the DAG from the root (a visited set: a crafted cycle ends).
        var reachable: Set<XCResultObjectID> = []
        var namedBy: [XCResultObjectID: XCResultObjectID] = [:]
        var pending = [root]
        while let id = pending.popLast() {
            guard reachable.insert(id).inserted else { continue }
            guard dataIDs.contains(id) else {
                let parent = namedBy[id].map { "named by \($0.text)" } ?? "the root object (Info.plist rootId)"
                report.add(.missing, id, store.path(id.dataPath), "object missing (pruned from the artifact?); \(parent)")
                continue
            }
            for child in children[id] ?? [] where !reachable.contains(child) {
                if namedBy[child] == nil { namedBy[child] = id }
                pending.append(child)
            }
        }
        let orphans = dataIDs.subtracting(reachable).sorted(by: { $0.text < $1.text })
        for id in orphans {
            // Real bundles keep some (test_repeated: superseded ActionsInvocationMetadata),
            // so an orphan is listed but is not damage.
            report.add(.orphaned, id, store.path(id.dataPath), "no object reachable from the root names it (listed, not damage)")
        }
        for id in refsIDs.subtracting(dataIDs).subtracting(reachable).sorted(by: { $0.text < $1.text }) {
            report.add(.orphaned, id, store.path(id.refsPath), "a refs file without its data file (listed, not damage)")
        }

        // Each object: its hash, and every zstd frame decoded to its end (a file cut and
        // renamed to its new hash still shows). All of them share the bundle's decode
        // budget, the objects the root reaches first, so orphans cannot spend it before
        // them; what the decoding made is charged even when it failed. Each object is
        // decoded and dropped: memory is bounded by the largest object, the work by the budget.
        var sizes: [XCResultObjectID: UInt64] = [:]
        var attachments: Set<XCResultObjectID> = []
        var rootObject: XCResultValue?
        var decoding = store
        let reachableIDs = dataIDs.intersection(reachable).sorted(by: { $0.text < $1.text })
        for id in reachableIDs + orphans {
            let file = store.path(id.dataPath)
            let stored: [UInt8]
            do {
                guard let bytes = try store.storedBytes(id) else { continue }
                stored = bytes
            } catch {
                report.add(.unreadable, id, file, error.message)
                continue
            }
            report.objectCount += 1
            report.storedBytes += UInt64(stored.count)
            sizes[id] = UInt64(stored.count)
            if let refs = children[id] {
                let computed = XCResultObjectID.computed(children: refs, storedBytes: stored)
                if computed != id {
                    report.add(.altered, id, file, "its refs and bytes hash to \(computed.text), not its name: altered, or its refs file does not belong to it")
                }
            }
            let content: [UInt8]
            if ZstdFrameDecoder.isCompressed(stored) {
                guard decoding.remainingBudget > 0 else {
                    report.add(.notDecoded, id, file, "not checked: \(Self.budgetSpent(limits))")
                    continue
                }
                do {
                    content = try decoding.decodeCharging(id, stored: stored)
                } catch {
                    switch error.problem {
                    case .truncatedFrame: report.add(.truncated, id, file, error.message)
                    case .bundleLimit: report.add(.notDecoded, id, file, "not checked: \(Self.budgetSpent(limits))")
                    case .objectLimit: report.add(.notDecoded, id, file, error.message)
                    default: report.add(.corrupt, id, file, error.message)
                    }
                    continue
                }
            } else {
                content = stored
            }
            if content.starts(with: Array("[T[".utf8)), id == root || contains(content, Array("K10:payloadRef".utf8)),
                let value = try? TypedObjectParser.parse(content)
            {
                if id == root { rootObject = value }
                collectPayloads(value, into: &attachments)
            }
        }

        report.decodedBytes = UInt64(decoding.decodedTotal)

        report.sizeByFolder = sizeByFolder(
            rootObject: rootObject, children: children, sizes: sizes,
            attachments: attachments, reachable: reachable)
        report.findings.sort { ($0.kind.rawValue, $0.file) < ($1.kind.rawValue, $1.file) }
        return report
    }

    /// Stored bytes by what the objects are for, each object counted once, in this
    /// order of claim: attachments (payloads named by `payloadRef`), logs (`logRef`),
    /// diagnostics (`diagnosticsRef`), coverage (`coverage.archiveRef`/`reportRef`),
    /// tests (`testsRef`); the rest (the root, metadata) is `other`.
    /// `rootObject` is the root as decoded in the objects' pass (nil when it could not be):
    /// decoding it again would spend the bundle's budget twice.
    static func sizeByFolder(
        rootObject: XCResultValue?,
        children: [XCResultObjectID: [XCResultObjectID]],
        sizes: [XCResultObjectID: UInt64], attachments: Set<XCResultObjectID>,
        reachable: Set<XCResultObjectID>
    ) -> [XCResultVerifyReport.Folder] {
        var rootsByFolder: [(String, [XCResultObjectID])] = [("attachments", Array(attachments))]
        var logs: [String] = []
        var diagnostics: [String] = []
        var coverage: [String] = []
        var tests: [String] = []
        if let object = rootObject?.object {
            for action in object.objects("actions") {
                for result in [action.object("actionResult"), action.object("buildResult")].compactMap({ $0 }) {
                    if let t = result.referenceText("logRef") { logs.append(t) }
                    if let t = result.referenceText("diagnosticsRef") { diagnostics.append(t) }
                    if let t = result.referenceText("testsRef") { tests.append(t) }
                    if let c = result.object("coverage") { coverage += [c.referenceText("archiveRef"), c.referenceText("reportRef")].compactMap { $0 } }
                }
            }
        }
        for (name, texts) in [("logs", logs), ("diagnostics", diagnostics), ("coverage", coverage), ("tests", tests)] {
            rootsByFolder.append((name, texts.compactMap(XCResultObjectID.init)))
        }
        var claimed: Set<XCResultObjectID> = []
        var out: [XCResultVerifyReport.Folder] = []
        for (name, roots) in rootsByFolder {
            var folder = XCResultVerifyReport.Folder(name: name)
            var pending = roots
            while let id = pending.popLast() {
                guard reachable.contains(id), claimed.insert(id).inserted else { continue }
                if let size = sizes[id] {
                    folder.bytes += size
                    folder.objects += 1
                }
                pending += children[id] ?? []
            }
            out.append(folder)
        }
        var other = XCResultVerifyReport.Folder(name: "other")
        for (id, size) in sizes where !claimed.contains(id) && reachable.contains(id) {
            other.bytes += size
            other.objects += 1
        }
        out.append(other)
        return out
    }

    /// Why an object's frame was not decoded once the budget ran out.
    static func budgetSpent(_ limits: XCResultLimits) -> String {
        "the bundle's objects decompress to more than \(ByteSize.format(UInt64(limits.perBundle))) together, "
            + "the limit per bundle, before this one (objects the root reaches are decoded first)"
    }

    private static func collectPayloads(_ value: XCResultValue, into out: inout Set<XCResultObjectID>) {
        switch value {
        case .object(let object):
            for (key, field) in object.fields {
                if key == "payloadRef", let text = field.object?.string("id"), let id = XCResultObjectID(text) {
                    out.insert(id)
                } else {
                    collectPayloads(field, into: &out)
                }
            }
        case .array(let items):
            for item in items { collectPayloads(item, into: &out) }
        case .scalar:
            break
        }
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return false }
        var i = 0
        let last = haystack.count - needle.count
        while i <= last {
            if haystack[i] == first && haystack[i..<(i + needle.count)].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }
}

/// What `verify` found in one result bundle.
public struct XCResultVerifyReport: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case missing
        case missingRefs = "missing refs"
        case altered, truncated, corrupt
        case malformedRefs = "malformed refs"
        case
            unreadable, orphaned
        case notDecoded = "not decoded"
    }

    public struct Finding: Sendable, Equatable {
        public var kind: Kind
        public var id: String
        public var file: String
        public var detail: String
    }

    public struct Folder: Sendable, Equatable {
        public var name: String
        public var bytes: UInt64 = 0
        public var objects = 0
    }

    public enum Verdict: String, Sendable {
        case intact, damaged, unreadable
        /// Nothing found damaged, but some frames were not decoded (a decode limit): the
        /// bundle is not called intact on objects that were not checked.
        case incomplete = "not fully checked"
    }

    public var bundlePath: String
    public var formatVersion: String?
    public var rootID: String?
    /// Data files present and read.
    public var objectCount = 0
    public var storedBytes: UInt64 = 0
    /// What decoding the zstd frames made, frames refused or found damaged part way
    /// included: at most the per-bundle limit (and one chunk).
    public var decodedBytes: UInt64 = 0
    public var findings: [Finding] = []
    /// Files in Data/ that are neither `data.<id>` nor `refs.<id>` (listed, not damage).
    public var unexpectedFiles: [String] = []
    public var sizeByFolder: [Folder] = []
    /// Why the bundle could not be checked at all.
    public var unreadable: String?

    public init(bundlePath: String) { self.bundlePath = bundlePath }

    mutating func add(_ kind: Kind, _ id: XCResultObjectID, _ file: String, _ detail: String) {
        findings.append(Finding(kind: kind, id: id.text, file: file, detail: detail))
    }

    public var verdict: Verdict {
        if unreadable != nil { return .unreadable }
        if findings.contains(where: { $0.kind != .orphaned && $0.kind != .notDecoded }) { return .damaged }
        return findings.contains { $0.kind == .notDecoded } ? .incomplete : .intact
    }
}
