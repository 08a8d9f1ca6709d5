import ExhibitCore

/// Writes `run.json` with the keys `RunMetadataReader` reads, in a fixed order;
/// absent values are left out rather than written as null.
public enum RunMetadataWriter {
    /// - Parameter collector: written as `collector` (e.g. `exhibit 0.1.0`); readers ignore it.
    public static func json(_ m: RunMetadata, collector: String) -> String {
        var members: [(String, JSONWriter.Value)] = []
        func add(_ key: String, _ value: String?) {
            if let value { members.append((key, .string(value))) }
        }
        add("commit", m.commit)
        add("branch", m.branch)
        add("scheme", m.scheme)
        add("destination", m.destination)
        if m.deviceName != nil || m.deviceIdentifier != nil {
            var device: [(String, JSONWriter.Value)] = []
            if let name = m.deviceName { device.append(("name", .string(name))) }
            if let udid = m.deviceIdentifier { device.append(("udid", .string(udid))) }
            members.append(("device", .object(device)))
        }
        if m.runtimeIdentifier != nil || m.runtimeVersion != nil || m.runtimeBuild != nil {
            var runtime: [(String, JSONWriter.Value)] = []
            if let v = m.runtimeIdentifier { runtime.append(("identifier", .string(v))) }
            if let v = m.runtimeVersion { runtime.append(("version", .string(v))) }
            if let v = m.runtimeBuild { runtime.append(("buildversion", .string(v))) }
            members.append(("runtime", .object(runtime)))
        }
        add("bundleIdentifier", m.bundleIdentifier)
        add("appVersion", m.appVersion)
        add("xcodeVersion", m.xcodeVersion)
        add("xcresulttoolVersion", m.xcresulttoolVersion)
        if let t = m.startTime { members.append(("startTime", .double(t))) }
        if let t = m.finishTime { members.append(("finishTime", .double(t))) }
        if m.ciJobID != nil || m.ciJobURL != nil {
            var ci: [(String, JSONWriter.Value)] = []
            if let v = m.ciJobID { ci.append(("jobId", .string(v))) }
            if let v = m.ciJobURL { ci.append(("jobURL", .string(v))) }
            members.append(("ci", .object(ci)))
        }
        members.append(("collector", .string(collector)))
        return JSONWriter.render(.object(members))
    }
}
