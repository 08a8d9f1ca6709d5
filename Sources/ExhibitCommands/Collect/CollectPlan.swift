import ExhibitCore
import ExhibitIO
import Foundation

/// The arguments of `exhibit collect`, checked before anything is written: which
/// container source, and that every named input exists.
struct CollectPlan {
    var out: String
    var bundleID: String?
    var device: String?
    var containerDirectory: String?
    var xcresult: String?
    var excludedList: String?
    var resultsJSON: String?
    var steps: String?
    var rules: String?
    var appInfoPlist: String?

    init(_ args: ParsedArguments) throws {
        let name = CollectCommand.spec.name
        guard let out = args.value("out"), !out.isEmpty else { throw UsageError(message: "--out RUN is required", command: name) }
        self.out = out
        bundleID = args.value("bundle-id")
        device = args.value("device")
        containerDirectory = args.value("container")
        xcresult = args.value("xcresult")
        excludedList = args.value("excluded-list")
        resultsJSON = args.value("results-json")
        steps = args.value("steps")
        rules = args.value("rules")
        appInfoPlist = args.value("app-info-plist")
        if containerDirectory != nil {
            if device != nil { throw UsageError(message: "--container and --device exclude each other", command: name) }
        } else {
            guard bundleID != nil, device != nil else {
                throw UsageError(message: "name the app and simulator with --bundle-id ID --device UDID|booted, or a directory with --container DIR",
                                 command: name)
            }
        }
        if args.has("include-xcresult") && xcresult == nil {
            throw UsageError(message: "--include-xcresult needs --xcresult PATH", command: name)
        }
        for (option, path, directory) in [("container", containerDirectory, true), ("xcresult", xcresult, true),
                                          ("excluded-list", excludedList, false), ("results-json", resultsJSON, nil),
                                          ("steps", steps, false), ("rules", rules, false), ("app-info-plist", appInfoPlist, false)] {
            guard let path else { continue }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw InputError(description: "\(path): no such file or directory (--\(option))")
            }
            if let directory, directory != isDirectory.boolValue {
                throw InputError(description: "\(path): \(directory ? "not a directory" : "is a directory") (--\(option))")
            }
        }
    }

    /// Collecting into the container would put the bundle into its own inventory.
    func refuseOutputInside(_ container: String) throws(InputError) {
        let root = URL(fileURLWithPath: container).standardizedFileURL.path
        let target = URL(fileURLWithPath: out).standardizedFileURL.path
        if target == root || target.hasPrefix(root.hasSuffix("/") ? root : root + "/") {
            throw InputError(description: "\(out): inside the container being collected; choose a RUN outside it")
        }
    }

    /// The `--excluded-list` paths, normalised like the bundle's excluded.txt (`./`
    /// dropped, `//` collapsed); NUL-delimited when the file holds a NUL.
    func excludedPaths() throws(InputError) -> Set<[UInt8]> {
        guard let file = excludedList else { return [] }
        let bytes: [UInt8]
        do {
            bytes = try ReadOnlyFile.readAll(path: file)
        } catch {
            throw InputError(description: error.description)
        }
        let separator: UInt8 = bytes.contains(0) ? 0 : 0x0A
        var out = Set<[UInt8]>()
        for record in bytes.split(separator: separator) {
            let line = separator == 0x0A && record.last == 0x0D ? record.dropLast() : record
            if let path = ContainerPath.normalizedBytes(line) { out.insert(path) }
        }
        return out
    }

    /// `--results-json` files (or the files of a directory) with their kind; a
    /// file that is none of the known results is an error naming it.
    func resultsFiles() throws(InputError) -> [(file: String, kind: ResultsFileKind)] {
        guard let given = resultsJSON else { return [] }
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: given, isDirectory: &isDirectory)
        let files = isDirectory.boolValue
            ? ((try? FileManager.default.contentsOfDirectory(atPath: given)) ?? []).sorted().filter { !$0.hasPrefix(".") }.map { given + "/" + $0 }
            : [given]
        var out: [(file: String, kind: ResultsFileKind)] = []
        for file in files {
            let bytes: [UInt8]
            do {
                bytes = try ReadOnlyFile.readAll(path: file)
            } catch {
                throw InputError(description: error.description)
            }
            guard let kind = ResultsFileKind.sniff(bytes) else {
                throw InputError(description: "\(file): not a results file exhibit knows (summary, tests or legacy JSON, JUnit XML, xcresulttool version, Info.plist)")
            }
            if let earlier = out.first(where: { $0.kind == kind }) {
                throw InputError(description: "\(file): a second \(kind.rawValue) file (\(earlier.file) is one already)")
            }
            out.append((file, kind))
        }
        return out
    }
}
