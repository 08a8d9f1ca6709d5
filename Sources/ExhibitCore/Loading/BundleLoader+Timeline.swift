extension Loading {
    /// The session logs of a result bundle read from `Data/`: for each action, its
    /// `startedTime` (the UTC offset that places the log's local stamps) and each
    /// `Session-*.log` below its `diagnosticsRef`, read by `SessionLogTimelineReader`
    /// into `bundle.timelineSources`. The results reader lists the Diagnostics folder's
    /// names only; the logs are decoded here, within the store's budget, because only
    /// the creation-step inference needs their contents. A log that cannot be read costs
    /// its windows (a note says so), never the results. The simulator's
    /// `mobile_installation.log*` files found there are read by
    /// `MobileInstallationLogReader` with the same offset, into the container's events.
    mutating func loadSessionLogs(_ store: inout XCResultStore<Source>, rootID: String?) {
        guard let rootText = rootID, let root = XCResultObjectID(rootText), let object = (try? store.typedObject(root))?.object else { return }
        var installationRecords: [MobileInstallationLogReader.Record] = []
        for action in object.objects("actions") {
            let started = action.string("startedTime")
            let clock = SessionLogTimelineReader.Clock(
                utcOffsetSeconds: started.flatMap(ISO8601Timestamp.utcOffsetSeconds),
                actionStartUTC: started.flatMap(ISO8601Timestamp.secondsSince1970))
            guard let diagnostics = action.object("actionResult")?.referenceText("diagnosticsRef"), let folder = XCResultObjectID(diagnostics)
            else { continue }
            let logs = timelineLogs(&store, below: folder)
            for log in logs.session {
                let file = store.path(log.id.dataPath) + " (\(log.path))"
                do throws(XCResultObjectError) {
                    let bytes = try store.object(log.id)
                    var warnings: [Diagnostic] = []
                    let tests = SessionLogTimelineReader.read(bytes, file: file, clock: clock, warnings: &warnings)
                    bundle.diagnostics += warnings
                    bundle.timelineSources.sessionLogTests += tests
                    bundle.timelineSources.sessionLogs.append(log.path)
                } catch {
                    bundle.diagnostics.append(.note(error.file, "\(error.message); the session log's test windows are not on the timeline"))
                }
            }
            for log in logs.installation {
                let file = store.path(log.id.dataPath) + " (\(log.path))"
                do throws(XCResultObjectError) {
                    let bytes = try store.object(log.id)
                    var warnings: [Diagnostic] = []
                    installationRecords += MobileInstallationLogReader.read(
                        bytes, file: file, utcOffsetSeconds: clock.utcOffsetSeconds, warnings: &warnings)
                    bundle.diagnostics += warnings
                    bundle.timelineSources.installationLogs.append(log.path)
                } catch {
                    bundle.diagnostics.append(.note(error.file, "\(error.message); the container's creation or replacement is not on the timeline"))
                }
            }
        }
        // The rotated files are read together: which event is a replacement depends on
        // what came before it in any of them. The run's app only, when the run names it.
        bundle.timelineSources.containerEvents = MobileInstallationLogReader.containerEvents(
            installationRecords, bundleID: bundle.metadata.bundleIdentifier)
    }

    /// `Session-*.log` files and the simulator's `mobile_installation.log*` (in a
    /// `MobileInstallation` folder, `simctl_diagnostics/<UDID>/logs/MobileInstallation/` in
    /// Xcode 26+ failing bundles) below a Diagnostics folder, breadth first, each folder
    /// once, at most 512 folders: the session logs sit two levels down
    /// (`<Target>-…-Iteration-N/<Target>-…/Session-….log`), the installation logs four,
    /// and a log archive's thousands of folders are not walked for them.
    private func timelineLogs(_ store: inout XCResultStore<Source>, below start: XCResultObjectID)
        -> (session: [(id: XCResultObjectID, path: String)], installation: [(id: XCResultObjectID, path: String)])
    {
        var pending: [(id: XCResultObjectID, path: String)] = [(start, "")]
        var visited: Set<XCResultObjectID> = []
        var logs: [(id: XCResultObjectID, path: String)] = []
        var installation: [(id: XCResultObjectID, path: String)] = []
        var next = 0
        while next < pending.count, visited.count < 512 {
            let (id, path) = pending[next]
            next += 1
            guard visited.insert(id).inserted, let children = try? store.refs(id), let content = try? store.object(id),
                let folder = try? FolderObject.parse(content, children: children)
            else { continue }
            let inInstallationFolder = path == "MobileInstallation" || path.hasSuffix("/MobileInstallation")
            for entry in folder.entries {
                let entryPath = path.isEmpty ? entry.name : path + "/" + entry.name
                if entry.isFolder {
                    // A log archive's contents are binary trace files, never session logs.
                    if !entry.name.hasSuffix(".logarchive") { pending.append((entry.id, entryPath)) }
                } else if entry.name.hasPrefix("Session-"), entry.name.hasSuffix(".log") {
                    logs.append((entry.id, entryPath))
                } else if inInstallationFolder, entry.name.hasPrefix("mobile_installation.log") {
                    installation.append((entry.id, entryPath))
                }
            }
        }
        return (logs, installation)
    }
}
