import ExhibitCollect
import ExhibitCore
import ExhibitIO
import Foundation

/// What `exhibit collect` was asked for, checked before anything is written: which
/// container source, and that every named input exists. (Which options go together is
/// the command's business: `CollectCommand.plan`.)
public struct CollectPlan {
    public var out: String
    public var bundleID: String?
    public var device: String?
    public var containerDirectory: String?
    public var xcresult: String?
    public var excludedList: String?
    public var resultsJSON: String?
    public var steps: String?
    public var rules: String?
    public var appInfoPlist: String?
    public var scheme: String?
    public var destination: String?
    public var includeXcresult: Bool
    public var force: Bool

    public init(
        out: String, bundleID: String?, device: String?, containerDirectory: String?, xcresult: String?,
        excludedList: String?, resultsJSON: String?, steps: String?, rules: String?, appInfoPlist: String?,
        scheme: String?, destination: String?, includeXcresult: Bool, force: Bool
    ) throws(InputError) {
        self.out = out
        self.bundleID = bundleID
        self.device = device
        self.containerDirectory = containerDirectory
        self.xcresult = xcresult
        self.excludedList = excludedList
        self.resultsJSON = resultsJSON
        self.steps = steps
        self.rules = rules
        self.appInfoPlist = appInfoPlist
        self.scheme = scheme
        self.destination = destination
        self.includeXcresult = includeXcresult
        self.force = force
        for (option, path, directory) in [
            ("container", containerDirectory, true), ("xcresult", xcresult, true),
            ("excluded-list", excludedList, false), ("results-json", resultsJSON, nil),
            ("steps", steps, false), ("rules", rules, false), ("app-info-plist", appInfoPlist, false),
        ] {
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
        if PathContainment.isInside(out, directory: container) {
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
    /// file that is none of the known results is an error naming it. A directory's
    /// subdirectories are not results prints (a run's `results/` also keeps the
    /// `.xcresult` bundle, which `--include-xcresult` copies) and are passed over.
    func resultsFiles() throws(InputError) -> [(file: String, kind: ResultsFileKind)] {
        guard let given = resultsJSON else { return [] }
        func isDirectory(_ path: String) -> Bool {
            var flag: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &flag) && flag.boolValue
        }
        let files =
            isDirectory(given)
            ? ((try? FileManager.default.contentsOfDirectory(atPath: given)) ?? []).sorted().filter { !$0.hasPrefix(".") }.map { given + "/" + $0 }
                .filter { !isDirectory($0) }
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
                throw InputError(
                    description: "\(file): not a results file exhibit knows (summary, tests or legacy JSON, JUnit XML, xcresulttool version, Info.plist)")
            }
            if let earlier = out.first(where: { $0.kind == kind }) {
                throw InputError(description: "\(file): a second \(kind.rawValue) file (\(earlier.file) is one already)")
            }
            out.append((file, kind))
        }
        return out
    }
}
