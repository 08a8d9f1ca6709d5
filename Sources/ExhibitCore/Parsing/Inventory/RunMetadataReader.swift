import Foundation

/// Reads `run.json`, what CI knew about the run. camelCase keys, all optional:
///
///     { "commit": "…", "branch": "…", "scheme": "Vault", "destination": "platform=iOS Simulator,name=iPhone 16",
///       "device": { "name": "iPhone 16", "identifier": "0A1B…" },      (or deviceName / deviceIdentifier)
///       "runtime": { "identifier": "com.apple.CoreSimulator.SimRuntime.iOS-18-5",
///                    "version": "18.5", "buildversion": "22F77" },     (simctl's spelling; buildVersion too)
///       "bundleIdentifier": "com.example.vault", "appVersion": "2.4.1",
///       "xcodeVersion": "16.4", "xcresulttoolVersion": "xcresulttool version 23024, format version 3.53 (current)",
///       "startTime": 1767225600.125, "finishTime": "2026-01-01T00:01:01Z",
///       "ci": { "jobId": "4711", "jobURL": "https://…" } }             (or ciJobId / ciJobURL)
///
/// Times are Unix seconds or ISO-8601 strings. `null` counts as absent. Unknown keys
/// are ignored; a value of the wrong type is ignored with a warning naming the key
/// and its position. Thrown only when the document is not JSON or not an object.
public enum RunMetadataReader: EvidenceReader {
    public static func read(_ bytes: [UInt8], file: String, warnings: inout [Diagnostic]) throws(Diagnostic) -> RunMetadata {
        let root = try JSONDocument.parse(bytes, file: file)
        let shape = JSONShapeReader(bytes: bytes, file: file)
        guard root.members != nil else { throw shape.mismatch(root, expected: "an object of run metadata") }
        var fields = Fields(shape: shape)
        var m = RunMetadata()
        m.commit = fields.string(root, "commit")
        m.branch = fields.string(root, "branch")
        m.scheme = fields.string(root, "scheme")
        m.destination = fields.string(root, "destination")
        m.deviceName = fields.string(root, "deviceName")
        m.deviceIdentifier = fields.string(root, "deviceIdentifier")
        if let device = fields.object(root, "device") {
            m.deviceName = m.deviceName ?? fields.string(device, "name", in: "device")
            m.deviceIdentifier =
                m.deviceIdentifier ?? fields.string(device, "identifier", in: "device")
                ?? fields.string(device, "udid", in: "device")
        }
        m.runtimeIdentifier = fields.string(root, "runtimeIdentifier")
        m.runtimeVersion = fields.string(root, "runtimeVersion")
        m.runtimeBuild = fields.string(root, "runtimeBuild")
        if let runtime = root["runtime"], case .string(let identifier) = runtime.kind {
            m.runtimeIdentifier = m.runtimeIdentifier ?? identifier
        } else if let runtime = fields.object(root, "runtime", expected: "an object or a runtime identifier string") {
            m.runtimeIdentifier = m.runtimeIdentifier ?? fields.string(runtime, "identifier", in: "runtime")
            m.runtimeVersion = m.runtimeVersion ?? fields.string(runtime, "version", in: "runtime")
            m.runtimeBuild =
                m.runtimeBuild ?? fields.string(runtime, "buildversion", in: "runtime")
                ?? fields.string(runtime, "buildVersion", in: "runtime")
        }
        m.bundleIdentifier = fields.string(root, "bundleIdentifier")
        m.appVersion = fields.string(root, "appVersion")
        m.xcodeVersion = fields.string(root, "xcodeVersion")
        m.xcresulttoolVersion = fields.string(root, "xcresulttoolVersion")
        m.startTime = fields.time(root, "startTime")
        m.finishTime = fields.time(root, "finishTime")
        m.ciJobID = fields.string(root, "ciJobId")
        m.ciJobURL = fields.string(root, "ciJobURL") ?? fields.string(root, "ciJobUrl")
        if let ci = fields.object(root, "ci") {
            m.ciJobID = m.ciJobID ?? fields.string(ci, "jobId", in: "ci")
            m.ciJobURL = m.ciJobURL ?? fields.string(ci, "jobURL", in: "ci") ?? fields.string(ci, "jobUrl", in: "ci")
        }
        warnings += fields.warnings
        return m
    }

    private struct Fields {
        let shape: JSONShapeReader
        var warnings: [Diagnostic] = []

        init(shape: JSONShapeReader) { self.shape = shape }

        mutating func string(_ object: JSONValue, _ key: String, in parent: String? = nil) -> String? {
            guard let v = object[key], !v.isNull else { return nil }
            if let s = v.string { return s }
            warnings.append(shape.warning(v, "expected a string for \"\(qualified(key, parent))\", found \(v.typeDescription); ignored"))
            return nil
        }

        mutating func object(_ object: JSONValue, _ key: String, expected: String = "an object") -> JSONValue? {
            guard let v = object[key], !v.isNull else { return nil }
            if v.members != nil { return v }
            warnings.append(shape.warning(v, "expected \(expected) for \"\(key)\", found \(v.typeDescription); ignored"))
            return nil
        }

        /// Unix seconds, or an ISO-8601 string (with or without fractional seconds).
        mutating func time(_ object: JSONValue, _ key: String) -> Double? {
            guard let v = object[key], !v.isNull else { return nil }
            if let d = v.double {
                // 1e400 reads as infinity: no time, and no duration can be made of it.
                guard d.isFinite else {
                    warnings.append(shape.warning(v, "\"\(key)\" is beyond any representable time; ignored"))
                    return nil
                }
                return d
            }
            if let s = v.string {
                let f = ISO8601DateFormatter()
                if let date = f.date(from: s) { return date.timeIntervalSince1970 }
                f.formatOptions.insert(.withFractionalSeconds)
                if let date = f.date(from: s) { return date.timeIntervalSince1970 }
                warnings.append(shape.warning(v, "\"\(key)\" is neither Unix seconds nor an ISO-8601 time (\"\(TerminalText.escape(s))\"); ignored"))
                return nil
            }
            warnings.append(shape.warning(v, "expected a number (Unix seconds) or an ISO-8601 string for \"\(key)\", found \(v.typeDescription); ignored"))
            return nil
        }

        private func qualified(_ key: String, _ parent: String?) -> String { parent.map { "\($0).\(key)" } ?? key }
    }
}
