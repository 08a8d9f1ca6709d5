import ExhibitCollect
import ExhibitCore
import ExhibitIO
import Foundation

/// `collect`: captures a failing run's evidence into a run bundle on the CI host,
/// before the simulator is reset (see exhibit-bundle(5) for the layout). Everything
/// that can refuse the collect happens before RUN is touched.
public enum Collect {
    /// What was collected, for the closing line.
    public struct Collected: Sendable {
        /// Items of the container, its root left out.
        public var items: Int
        /// Of those, flagged excluded from backup themselves.
        public var excluded: Int
        /// Of those, with a flag that could not be read (recorded as unknown).
        public var unreadableFlags: Int = 0
    }

    /// - Parameters:
    ///   - environment: what children see and where `PATH` lookups happen (tests put a fake `xcrun` there).
    ///   - warn: told what is missing or could not be read; the collect goes on.
    public static func run(_ plan: CollectPlan, environment: [String: String], warn: (String) -> Void) throws(InputError) -> Collected {
        let runner = ProcessRunner(environment: environment)

        // Everything that can refuse the collect happens before RUN is touched.
        var metadata = RunMetadata()
        metadata.bundleIdentifier = plan.bundleID
        let containerPath: String
        if let directory = plan.containerDirectory {
            containerPath = directory
        } else {
            let located = try SimulatorContainerLocator(runner: runner)
                .locate(bundleID: plan.bundleID ?? "", device: plan.device ?? "", warn: warn)
            containerPath = located.container
            metadata.deviceName = located.device.name
            metadata.deviceIdentifier = located.device.udid
            metadata.runtimeIdentifier = located.device.runtimeIdentifier
            metadata.runtimeVersion = located.runtime?.version
            metadata.runtimeBuild = located.runtime?.buildVersion
        }
        try plan.refuseOutputInside(containerPath)
        let probe = BackupExclusionProbe(listed: try plan.excludedPaths())
        var scan: ContainerScan
        do {
            scan = try ContainerWalker.walk(root: containerPath, exclusion: probe)
        } catch {
            throw InputError(description: "cannot walk the container: \(error.description)")
        }
        for path in scan.unreadable.prefix(5) { warn("container: cannot read \(path)") }
        // A flag that could not be read is unknown, never "not excluded": said here, and
        // written as "x_backup_excluded":null, which check reads as undecided.
        for item in scan.unreadableFlags.prefix(5) {
            warn("container: \(item.path): its backup-exclusion flag could not be read (\(item.why)); recorded as unknown")
        }
        if scan.unreadableFlags.count > 5 {
            warn("container: \(scan.unreadableFlags.count - 5) more items whose backup-exclusion flag could not be read; recorded as unknown")
        }

        let resultsFiles = try plan.resultsFiles()
        let out = try CollectDestination.prepare(plan.out, force: plan.force)

        // Container evidence.
        if let steps = plan.steps {
            try out.copyFile(steps, to: EvidenceLayout.steps)
            assignSteps(from: steps, to: &scan.inventory, warn: warn)
        }
        try out.write(
            NcduWriter.write(
                scan.inventory, rootName: plan.bundleID ?? "container", progname: "exhibit",
                version: ExhibitRelease.version, timestamp: Int(Date().timeIntervalSince1970), times: scan.times),
            to: EvidenceLayout.inventoryJSON)
        // Each item's times, for the creation-step inference (exhibit-bundle(5)).
        try out.write(ContainerListings.timesListing(scan.inventory, times: scan.times), to: EvidenceLayout.timesList)
        try out.write(ContainerListings.duListing(scan.topLevelAllocated), to: EvidenceLayout.duTotals)
        for (name, _) in scan.topLevelAllocated where ContainerListings.duCannotList(name) {
            warn(
                "\(EvidenceLayout.duTotals): leaves out \"\(String(decoding: name, as: UTF8.self))\": a line break or a tab in the name cannot be part of a du line"
            )
        }
        try out.write(xattrListing(scan, container: containerPath, runner: runner), to: EvidenceLayout.xattrDump)

        // Results.
        if let xcresult = plan.xcresult {
            let captured = XcresultCapture(runner: runner).capture(xcresult: xcresult)
            captured.warnings.forEach(warn)
            for (path, bytes) in captured.files { try out.write(bytes, to: path) }
            metadata.xcresulttoolVersion = captured.versionLine
            if let info = try? ReadOnlyFile.readAll(path: xcresult + "/Info.plist") {
                try out.write(info, to: ResultsFileKind.infoPlist.bundlePath)
            } else {
                warn("\(xcresult): no Info.plist; is it a result bundle?")
            }
            if plan.includeXcresult {
                try out.copyTree(xcresult, to: EvidenceLayout.resultsDirectory + "/" + (xcresult as NSString).lastPathComponent)
            }
        }
        for (file, kind) in resultsFiles {
            try out.copyFile(file, to: kind.bundlePath)
            if kind == .xcresulttoolVersion, metadata.xcresulttoolVersion == nil,
                let bytes = try? ReadOnlyFile.readAll(path: file)
            {
                metadata.xcresulttoolVersion = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.map(String.init)
            }
        }

        // Copies and metadata.
        if let rules = plan.rules { try out.copyFile(rules, to: EvidenceLayout.rules) }
        if let plist = plan.appInfoPlist {
            try out.copyFile(plist, to: EvidenceLayout.appInfoPlist)
            if let bytes = try? ReadOnlyFile.readAll(path: plist) {
                let app = RunFacts.appFacts(bytes)
                metadata.appVersion = app.version
                metadata.bundleIdentifier = metadata.bundleIdentifier ?? app.bundleID
            }
        }
        let facts = RunFacts(runner: runner, environment: environment)
        facts.gitFacts(into: &metadata, warn: warn)
        metadata.scheme = plan.scheme ?? facts.firstVariable(RunFacts.schemeVariables)
        metadata.destination = plan.destination ?? facts.firstVariable(RunFacts.destinationVariables)
        metadata.xcodeVersion = facts.xcodeVersion()
        if let job = CIEnvironment.job(environment) {
            metadata.ciJobID = job.id
            metadata.ciJobURL = job.url
        }
        try out.write(
            RunMetadataWriter.json(
                RunMetadataScrubber.scrub(metadata, environment: environment),
                collector: "exhibit \(ExhibitRelease.version)"),
            to: EvidenceLayout.runMetadata)

        return Collected(
            items: scan.inventory.count - 1, excluded: countExcluded(scan.inventory), unreadableFlags: scan.unreadableFlags.count)
    }

    /// The container's attributes, as a diagnostic beside the inventory. On macOS the
    /// real `xattr -rl` is run (absolute operands, made relative afterwards), unless a
    /// name holds a line break: `xattr -rl` prints names as they are, so `m<LF>Library`
    /// would print a line for `Library` of its own. Then, elsewhere, or when the tool
    /// fails, the dump comes from the walk in `getfattr -R -d` form, whose octal escapes
    /// keep every name on its line; on Linux it holds the `user.` attributes, as getfattr
    /// shows them by default. The walk's form also when the container itself has
    /// attributes: `xattr -rl` runs on its children and would leave its flag out.
    private static func xattrListing(_ scan: ContainerScan, container: String, runner: ProcessRunner) -> [UInt8] {
        #if os(macOS)
            let operands = scan.inventory.children(Inventory.root).map { container + "/" + scan.inventory.name($0) }
            if operands.isEmpty && scan.attributes[Inventory.root] == nil { return [] }
            if !operands.isEmpty, scan.attributes[Inventory.root] == nil, !ContainerListings.namesHoldLineBreaks(scan.inventory),
                let out = try? runner.run(["xattr", "-rl"] + operands), !out.stdout.isEmpty || out.succeeded
            {
                return ContainerListings.relativize(out.stdout, root: container)
            }
            return ContainerListings.getfattrDump(scan.inventory, attributes: scan.attributes)
        #else
            var shown: [Inventory.NodeID: [(name: [UInt8], value: [UInt8])]] = [:]
            for (id, pairs) in scan.attributes {
                let user = pairs.filter { $0.name.starts(with: BackupExclusionProbe.linuxNamespace.utf8) }
                if !user.isEmpty { shown[id] = user }
            }
            return ContainerListings.getfattrDump(scan.inventory, attributes: shown)
        #endif
    }

    /// Steps from the log land in inventory.json as `x_step`, so ncdu-based tools see them too.
    private static func assignSteps(from file: String, to inventory: inout Inventory, warn: (String) -> Void) {
        guard let bytes = try? ReadOnlyFile.readAll(path: file) else { return }
        var warnings: [Diagnostic] = []
        guard let records = try? StepsReader.read(bytes, file: EvidenceLayout.steps, warnings: &warnings) else {
            warn("\(file): not a steps log (step<TAB>path); copied as is")
            return
        }
        var assignments: [(Inventory.NodeID, String)] = []
        for r in records {
            guard let path = ContainerPath.normalizedBytes(Array(r.path.utf8)[...]), let id = inventory.lookup(bytes: path) else { continue }
            assignments.append((id, r.step))
        }
        inventory.setSteps(assignments)
    }

    private static func countExcluded(_ inventory: Inventory) -> Int {
        var n = 0
        inventory.preorder { if inventory.isExcludedOwn($0) { n += 1 } }
        return n
    }
}
