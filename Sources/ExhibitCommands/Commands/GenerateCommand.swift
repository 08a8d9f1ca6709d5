import ExhibitApp
import ExhibitCore
import ExhibitIO
import ExhibitSynthetic
import Foundation

/// `exhibit generate OUT --files N`: a synthetic run bundle for benchmarks and smoke tests.
enum GenerateCommand {
    static let spec = CommandSpec(
        name: "generate", positionals: ["OUT"],
        options: [
            OptionSpec(name: "files", valueName: "N", help: "Number of files in the container (required)"),
            OptionSpec(name: "shape", valueName: "SHAPE", choices: SyntheticRun.Shape.allCases.map(\.rawValue), help: "Directory shape (default wide)"),
            OptionSpec(
                name: "inventory", valueName: "FORM", choices: SyntheticRun.InventoryForm.allCases.map(\.rawValue),
                help: "inventory.json, or files.txt + sizes.txt + excluded.txt (default json)"),
            OptionSpec(
                name: "violations", valueName: "AMOUNT", choices: SyntheticRun.Violations.allCases.map(\.rawValue),
                help:
                    "few: exclusion flags on the app's folders, a few percent of files violate (default); many: random per-file flags, most regenerable files violate"
            ),
            OptionSpec(name: "seed", valueName: "N", help: "Generator seed (default 1)"),
            OptionSpec(
                name: "xcresult-tests", valueName: "N",
                help: "Also write results/Run.xcresult with N tests (one in a hundred fails), for the result-bundle benchmark"),
            OptionSpec(name: "xcresult-mb", valueName: "M", help: "Size of that bundle in MB, mostly attachments and a log (default 200)"),
            OptionSpec(
                name: "no-sync", help: "Skip fsync (benchmark fixtures only: a crash may leave files empty; much faster for a large --xcresult-tests)"),
            OptionSpec(name: "force", help: "Write into a non-empty OUT"),
        ],
        summary: "Write a synthetic run bundle of N files (benchmarks, smoke tests)",
        details: "Generated bundles are not evidence: run.json says \"synthetic\". Exit status 2 on bad arguments or an unwritable OUT.")

    static func run(_ args: ParsedArguments, _ console: Console) throws -> Outcome {
        guard let countText = args.value("files") else { throw UsageError(message: "--files N is required", command: spec.name) }
        guard let count = Int(countText), count >= 0, count <= 50_000_000 else {
            throw UsageError(message: "--files expects a whole number from 0 to 50000000, not '\(countText)'", command: spec.name)
        }
        let seedText = args.value("seed") ?? "1"
        guard let seed = UInt64(seedText) else { throw UsageError(message: "--seed expects a whole number, not '\(seedText)'", command: spec.name) }
        let generator = SyntheticRun(
            fileCount: count, shape: SyntheticRun.Shape(rawValue: args.value("shape") ?? "wide")!,
            form: SyntheticRun.InventoryForm(rawValue: args.value("inventory") ?? "json")!, seed: seed,
            violations: SyntheticRun.Violations(rawValue: args.value("violations") ?? "few")!)
        let out = args.positionals[0]
        let fm = FileManager.default
        if let existing = try? fm.contentsOfDirectory(atPath: out), !existing.isEmpty, !args.has("force") {
            throw InputError(description: "\(out): not empty (use --force to write into it)")
        }
        let durable = !args.has("no-sync")
        for (path, bytes) in generator.makeFiles(version: Exhibit.version) {
            let target = out + "/" + path
            do {
                try fm.createDirectory(atPath: AtomicFile.parentDirectory(of: target), withIntermediateDirectories: true)
                try AtomicFile.write(bytes, to: target, durable: durable)
            } catch {
                throw InputError(description: "\(target): \(error)")
            }
        }
        if let testsText = args.value("xcresult-tests") {
            guard let tests = Int(testsText), tests >= 0, tests <= 1_000_000 else {
                throw UsageError(message: "--xcresult-tests expects a whole number from 0 to 1000000, not '\(testsText)'", command: spec.name)
            }
            let mbText = args.value("xcresult-mb") ?? "200"
            guard let mb = Int(mbText), mb >= 0, mb <= 100_000 else {
                throw UsageError(message: "--xcresult-mb expects a whole number from 0 to 100000, not '\(mbText)'", command: spec.name)
            }
            let bundle = out + "/" + EvidenceLayout.resultsDirectory + "/Run.xcresult"
            do {
                try fm.createDirectory(atPath: bundle + "/Data", withIntermediateDirectories: true)
                try SyntheticResultBundle(testCount: tests, payloadBytes: mb << 20, seed: seed).write { path, bytes in
                    try AtomicFile.write(bytes, to: bundle + "/" + path, durable: durable)
                }
            } catch {
                throw InputError(description: "\(bundle): \(error)")
            }
        }
        console.print("wrote a synthetic run of \(count) files to \(out)")
        return .success
    }
}
