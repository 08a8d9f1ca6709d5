import ExhibitCore

/// One simulator from `xcrun simctl list devices -j`.
public struct SimulatorDevice: Sendable, Equatable {
    public var udid: String
    public var name: String
    /// `Booted`, `Shutdown`, or a transitional state (`Booting`, `Shutting Down`).
    public var state: String
    /// The runtime identifier the device is grouped under.
    public var runtimeIdentifier: String
    public var isAvailable: Bool

    public var isBooted: Bool { state == "Booted" }
}

/// One runtime from `xcrun simctl list runtimes -j`.
public struct SimulatorRuntime: Sendable, Equatable {
    public var identifier: String
    public var version: String?
    /// simctl spells the key `buildversion`, lower-case v.
    public var buildVersion: String?
    public var name: String?
}

/// Reads the JSON `simctl list devices -j` and `simctl list runtimes -j` print:
/// `{"devices": {"<runtime id>": [{udid, name, state, isAvailable, …}]}}` and
/// `{"runtimes": [{identifier, version, buildversion, name, …}]}`. Unknown keys are
/// ignored; an entry without a udid or identifier is skipped.
public enum SimulatorList {
    public static func devices(_ bytes: [UInt8], file: String) throws(Diagnostic) -> [SimulatorDevice] {
        let root = try JSONDocument.parse(bytes, file: file)
        guard let groups = root["devices"]?.members else {
            throw JSONShapeReader(bytes: bytes, file: file).mismatch(root, expected: "an object with \"devices\" grouped by runtime")
        }
        var out: [SimulatorDevice] = []
        for (runtime, list) in groups {
            for device in list.array ?? [] {
                guard let udid = device["udid"]?.string else { continue }
                out.append(
                    SimulatorDevice(
                        udid: udid, name: device["name"]?.string ?? "", state: device["state"]?.string ?? "",
                        runtimeIdentifier: runtime, isAvailable: device["isAvailable"]?.bool ?? true))
            }
        }
        return out
    }

    public static func runtimes(_ bytes: [UInt8], file: String) throws(Diagnostic) -> [SimulatorRuntime] {
        let root = try JSONDocument.parse(bytes, file: file)
        guard let list = root["runtimes"]?.array else {
            throw JSONShapeReader(bytes: bytes, file: file).mismatch(root, expected: "an object with a \"runtimes\" array")
        }
        return list.compactMap { r in
            guard let identifier = r["identifier"]?.string else { return nil }
            return SimulatorRuntime(
                identifier: identifier, version: r["version"]?.string,
                buildVersion: r["buildversion"]?.string ?? r["buildVersion"]?.string,
                name: r["name"]?.string)
        }
    }

    /// The device `--device` names: a UDID (case-insensitive), or `booted` for the one
    /// booted simulator. Never guesses: several booted devices, an unknown UDID or a
    /// device that is not booted are errors that say what to do.
    public static func select(_ wanted: String, from devices: [SimulatorDevice]) -> Result<SimulatorDevice, SelectionError> {
        if wanted == "booted" {
            let booted = devices.filter(\.isBooted)
            switch booted.count {
            case 0: return .failure(.noneBooted)
            case 1: return .success(booted[0])
            default: return .failure(.severalBooted(booted))
            }
        }
        guard let device = devices.first(where: { $0.udid.lowercased() == wanted.lowercased() }) else {
            return .failure(.unknown(wanted))
        }
        return device.isBooted ? .success(device) : .failure(.notBooted(device))
    }

    public enum SelectionError: Error, Equatable, CustomStringConvertible {
        case noneBooted
        case severalBooted([SimulatorDevice])
        case unknown(String)
        case notBooted(SimulatorDevice)

        public var description: String {
            switch self {
            case .noneBooted:
                return "no simulator is booted; the container is only reachable on the device the tests ran on: boot it or name it with --device UDID"
            case .severalBooted(let list):
                return "\(list.count) simulators are booted (" + list.map { "\($0.name) \($0.udid)" }.joined(separator: ", ")
                    + "); name the one the tests ran on with --device UDID"
            case .unknown(let udid):
                return "no simulator with UDID \(udid) (xcrun simctl list devices)"
            case .notBooted(let d):
                return "simulator \(d.name) (\(d.udid)) is \(d.state.isEmpty ? "not booted" : d.state), not Booted; "
                    + "collect before shutting it down or erasing it"
            }
        }
    }
}
