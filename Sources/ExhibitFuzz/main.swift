import CFuzzShim
import ExhibitCore
import ExhibitRules
import Foundation

// libFuzzer entry for every evidence reader; see Tests/fuzz/run.sh and DECISIONS.md.
// Built without -sanitize=fuzzer it replays the files named on the command line.

guard let reader = FuzzReader.selected else {
    let names = EvidenceFuzzTarget.all.map(\.name).joined(separator: ", ")
    FileHandle.standardError.write(Data("set \(FuzzReader.environmentKey) to one of: \(names)\n".utf8))
    exit(2)
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
let status = fuzz_run_driver(&argc, &argv) { data, size in
    let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    if let target = FuzzReader.selected { FuzzReader.run(target, bytes) }
    return 0
}
if status != -1 { exit(status) }

// No libFuzzer linked: replay files and directories given as arguments.
var replayed = 0
for argument in CommandLine.arguments.dropFirst() where !argument.hasPrefix("-") {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else { continue }
    let paths =
        isDirectory.boolValue
        ? ((try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []).sorted().map { argument + "/" + $0 }
        : [argument]
    for path in paths {
        guard let data = FileManager.default.contents(atPath: path) else { continue }
        FuzzReader.run(reader, [UInt8](data))
        replayed += 1
    }
}
print("exhibit-fuzz: not built with -sanitize=fuzzer; replayed \(replayed) input(s) through \(reader.name)")
