import ExhibitCollect
import ExhibitCore
import ExhibitIO
import Foundation

/// Finds the app's data container through `xcrun simctl`, on exactly the device the
/// user named: the device must exist and be booted and the app installed on it.
struct SimulatorContainerLocator {
    let runner: ProcessRunner

    struct Located {
        var device: SimulatorDevice
        var runtime: SimulatorRuntime?
        /// Absolute path of the data container (never written into the bundle).
        var container: String
    }

    func locate(bundleID: String, device wanted: String, warn: (String) -> Void) throws(InputError) -> Located {
        let listing = try xcrun(["simctl", "list", "devices", "-j"], what: "list simulators")
        let devices: [SimulatorDevice]
        do {
            devices = try SimulatorList.devices(listing.stdout, file: "simctl list devices -j")
        } catch {
            throw InputError(description: "cannot read the simulator list: \(error.description)")
        }
        let device: SimulatorDevice
        switch SimulatorList.select(wanted, from: devices) {
        case .success(let d): device = d
        case .failure(let e): throw InputError(description: e.description)
        }

        // The UDID, not `booted`: the container must come from the device checked above.
        let found = try xcrun(["simctl", "get_app_container", device.udid, bundleID, "data"], what: nil, allowFailure: true)
        guard found.succeeded else {
            throw InputError(description: Self.containerError(bundleID: bundleID, device: device, stderr: found.stderrText))
        }
        let container = found.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        guard container.hasPrefix("/") else {
            throw InputError(description: "simctl get_app_container printed no container path for \(bundleID)")
        }

        var runtime: SimulatorRuntime?
        if let out = try? xcrun(["simctl", "list", "runtimes", "-j"], what: "list runtimes") {
            do {
                runtime = try SimulatorList.runtimes(out.stdout, file: "simctl list runtimes -j")
                    .first(where: { $0.identifier == device.runtimeIdentifier })
            } catch {
                warn("cannot read the runtime list: \(error.description)")
            }
        }
        if runtime == nil {
            warn("runtime \(device.runtimeIdentifier) not in simctl list runtimes; run.json records its identifier only")
        }
        return Located(device: device, runtime: runtime, container: container)
    }

    /// simctl reports a missing app as a POSIX "No such file or directory" (code=2) and
    /// a device in the wrong state as SimError code=405 ("Unable to lookup in current
    /// state: Shutdown"). Anything else is passed on with its first line.
    static func containerError(bundleID: String, device: SimulatorDevice, stderr: String) -> String {
        let on = "\(device.name) (\(device.udid))"
        if stderr.contains("code=405") || stderr.contains("current state") {
            return "simulator \(on) is not booted; collect before shutting it down or erasing it"
        }
        if stderr.contains("code=2)") || stderr.contains("No such file") || stderr.contains("not installed") {
            return "\(bundleID) is not installed on \(on); was the test run on another device or the app deleted?"
        }
        let detail = stderr.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return "simctl get_app_container \(bundleID) failed on \(on): " + (detail.prefix(2).joined(separator: " "))
    }

    private func xcrun(_ arguments: [String], what: String?, allowFailure: Bool = false) throws(InputError) -> ProcessRunner.Output {
        let out: ProcessRunner.Output
        do {
            out = try runner.run(["xcrun"] + arguments)
        } catch {
            throw InputError(description: "\(error.description) (collecting from a simulator needs Xcode's xcrun; on Linux use --container DIR)")
        }
        if !out.succeeded && !allowFailure {
            let first = out.stderrText.split(separator: "\n").first.map(String.init) ?? "exit status \(out.status)"
            throw InputError(description: "xcrun \(arguments.joined(separator: " ")) failed\(what.map { " (\($0))" } ?? ""): \(first)")
        }
        return out
    }
}
