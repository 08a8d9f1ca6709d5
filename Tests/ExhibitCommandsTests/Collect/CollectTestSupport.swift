import ExhibitCore
import Foundation
import Testing

@testable import ExhibitApp
@testable import ExhibitCommands
@testable import ExhibitIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A scratch directory per test, a container built from raw-byte names, and a
/// runner for `exhibit collect` with an injected environment.
struct CollectScratch {
    let root: String

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-collect-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("SampleArchives").path

    /// Creates a file (and its directories) whose relative path is given as raw bytes.
    func makeFile(_ relative: [UInt8], size: Int) throws {
        let path = Array(root.utf8) + [UInt8(ascii: "/")] + relative
        if let slash = path.lastIndex(of: UInt8(ascii: "/")) {
            try FileManager.default.createDirectory(atPath: String(decoding: path[..<slash], as: UTF8.self), withIntermediateDirectories: true)
        }
        let fd = (path.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { open($0.baseAddress!, O_CREAT | O_WRONLY | O_TRUNC, 0o644) }
        try #require(fd >= 0, "cannot create \(String(decoding: relative, as: UTF8.self))")
        let bytes = [UInt8](repeating: 0x61, count: size)
        _ = bytes.withUnsafeBytes { rawWrite(fd, $0.baseAddress, size) }
        close(fd)
    }

    func makeDirectory(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: root + "/" + relative, withIntermediateDirectories: true)
    }

    func write(_ text: String, to relative: String, executable: Bool = false) throws {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(atPath: AtomicFile.parentDirectory(of: path), withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        if executable { chmod(path, 0o755) }
    }

    /// Sets an extended attribute (Linux `user.` namespace); false when the file system refuses.
    func setAttribute(_ relative: String, name: String, value: String) -> Bool {
        #if canImport(Darwin)
            return setxattr(root + "/" + relative, name, value, value.utf8.count, 0, 0) == 0
        #else
            typealias SetFunction = @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafeRawPointer?, Int, Int32) -> Int32
            guard let handle = dlopen(nil, RTLD_NOW), let address = dlsym(handle, "lsetxattr") else { return false }
            let set = unsafeBitCast(address, to: SetFunction.self)
            return set(root + "/" + relative, name, value, value.utf8.count, 0) == 0
        #endif
    }

    #if os(macOS)
        /// Sets `isExcludedFromBackup` through Foundation, as an app does: on macOS the
        /// collector's authority for the flag is that resource value, not a raw attribute.
        func excludeFromBackup(_ relative: String) -> Bool {
            var url = URL(fileURLWithPath: root + "/" + relative)
            var values = URLResourceValues()
            values.isExcludedFromBackup = true
            return (try? url.setResourceValues(values)) != nil
        }
    #endif

    /// Every file under `relative` with its bytes, for leak checks.
    func contents(of relative: String) -> [(path: String, bytes: [UInt8])] {
        let base = root + "/" + relative
        let files = (FileManager.default.enumerator(atPath: base)?.allObjects as? [String]) ?? []
        return files.sorted().compactMap { f in
            guard let data = FileManager.default.contents(atPath: base + "/" + f) else { return nil }
            return (f, Array(data))
        }
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }
}

/// What the collect tests that set real extended attributes share.
enum LinuxAttributes {
    /// The backup-exclusion attribute as Linux keeps it (the `user.` namespace).
    static let exclusion = "user.com.apple.metadata:com_apple_backup_excludeItem"
    static let runner = ProcessRunner(environment: ProcessInfo.processInfo.environment)
    static let isLinux: Bool = {
        #if os(Linux)
            return true
        #else
            return false
        #endif
    }()
}

enum CollectRunner {
    /// Runs `exhibit collect ARGS` in-process with `environment`.
    static func collect(_ arguments: [String], environment: [String: String]) -> (status: Int32, out: String, err: String) {
        let console = Console.capturing()
        let status: Int32
        do {
            let parsed = try ArgumentParser.parse(arguments, for: CollectCommand.spec)
            status = ExitStatus.code(for: try CollectCommand.run(parsed, console, environment: environment))
        } catch let error as UsageError {
            console.error("exhibit: \(error.message)")
            status = ExitStatus.code(for: .unusableInput)
        } catch let error as InputError {
            console.error("exhibit: \(error.description)")
            status = ExitStatus.code(for: .unusableInput)
        } catch {
            console.error("exhibit: \(error)")
            status = ExitStatus.code(for: .unusableInput)
        }
        return (status, console.captured!.out, console.captured!.err)
    }

    /// Any other command, through the normal dispatcher.
    static func exhibit(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        let console = Console.capturing()
        let status = Exhibit.run(arguments, console: console)
        return (status, console.captured!.out, console.captured!.err)
    }
}

extension Array where Element == UInt8 {
    func contains(bytes needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, count >= needle.count else { return false }
        for i in 0...(count - needle.count) where self[i] == needle[0] && self[i..<(i + needle.count)].elementsEqual(needle) {
            return true
        }
        return false
    }
}

private func rawWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, buffer, count) }
