/// A part of the data container with one backup behaviour.
public struct BackupArea: Sendable, Equatable, Hashable {
    public enum Kind: UInt8, Sendable, Hashable {
        case documents
        /// `Library/` outside the areas below (Application Support, Preferences, ...).
        case library
        /// Another top-level directory the app domain backs up (`GeoJSON`).
        case otherBackedUp
        case caches
        case tmp
        case systemData
        /// `Library/SplashBoard`, `Library/Saved Application State`, `Library/SyncedPreferences`.
        case libraryNotBackedUp
        /// Files at the container root and unknown top-level directories: not in the
        /// backed-up domains.
        case outside
    }

    /// Container-relative path of the area's root (`Library/Caches`); `.` for `outside`.
    public var path: String
    public var kind: Kind
    /// Where the policy comes from, for the details pane.
    public var basis: String

    public var isBackedUp: Bool { kind.isBackedUp }
}

extension BackupArea.Kind {
    package var isBackedUp: Bool {
        switch self {
        case .documents, .library, .otherBackedUp: true
        case .caches, .tmp, .systemData, .libraryNotBackedUp, .outside: false
        }
    }
}

/// Apple's backup policy for an app data container, as exhibit encodes it. It is built
/// in: a rules file adds app rules on top and cannot change which areas are backed up.
///
/// Sources: Apple File System Programming Guide / iOS Data Storage Guidelines ("Guide")
/// and iOS 18's MobileBackup `RelativePathsNotToBackup` list ("MobileBackup").
public enum BackupPolicy {
    /// System metadata at the container root; never reported.
    public static let containerMetadata = ".com.apple.mobile_container_manager.metadata.plist"

    /// `<anything>-tests.<anything>.plist` and `<domain>.<UUID>.plist` in Library/Preferences:
    /// the suites tests create with `UserDefaults(suiteName:)` and forget to remove.
    public static let defaultTestPreferenceDomains: [String] = [
        "Library/Preferences/*-tests.*.plist",
        "Library/Preferences/*." + uuidPattern + ".plist",
    ]

    /// Downloads that never finished: URLSession's temporary files and Safari-style `.download` bundles.
    public static let defaultPartialDownloads: [String] = ["**/*.download", "**/CFNetworkDownload_*.tmp"]

    /// A glob for a UUID in either case (`8-4-4-4-12` hex digits).
    package static let uuidPattern: String = {
        let hex = "[0-9a-fA-F]"
        return [8, 4, 4, 4, 12].map { String(repeating: hex, count: $0) }.joined(separator: "-")
    }()

    static let guide = "Apple File System Programming Guide: backed up unless excluded"
    static let mobileBackup = "MobileBackup RelativePathsNotToBackup: never backed up"

    public static let documents = BackupArea(path: "Documents", kind: .documents, basis: guide)
    public static let library = BackupArea(path: "Library", kind: .library, basis: guide)
    public static let caches = BackupArea(
        path: "Library/Caches", kind: .caches,
        basis: "Apple File System Programming Guide: Caches are not backed up and may be purged")
    public static let tmp = BackupArea(path: "tmp", kind: .tmp, basis: "Apple File System Programming Guide: tmp is not backed up")
    public static let systemData = BackupArea(path: "SystemData", kind: .systemData, basis: "outside the backed-up app domain")
    public static let outside = BackupArea(path: ".", kind: .outside, basis: "outside Documents and Library: not in the backed-up app domain")

    /// Top-level directories and their areas.
    static let topLevel: [BackupArea] = [
        documents, library, tmp, systemData,
        BackupArea(path: "GeoJSON", kind: .otherBackedUp, basis: "MobileBackup: the app domain backs up Documents, Library and GeoJSON"),
    ]

    /// Directories directly inside Library/ that are never backed up.
    static let libraryExceptions: [BackupArea] = [
        caches,
        BackupArea(path: "Library/SplashBoard", kind: .libraryNotBackedUp, basis: mobileBackup),
        BackupArea(path: "Library/Saved Application State", kind: .libraryNotBackedUp, basis: mobileBackup),
        BackupArea(path: "Library/SyncedPreferences", kind: .libraryNotBackedUp, basis: mobileBackup),
    ]

    /// The area a top-level entry opens (`Documents` → documents); `outside` for others.
    package static func area(topLevel name: ArraySlice<UInt8>, caseSensitive: Bool) -> BackupArea {
        topLevel.first(where: { sameName(name, $0.path, caseSensitive) }) ?? outside
    }

    /// The area of an entry directly inside `Library/` (`Caches` → caches), else library.
    package static func area(insideLibrary name: ArraySlice<UInt8>, caseSensitive: Bool) -> BackupArea {
        libraryExceptions.first(where: { sameName(name, String($0.path.dropFirst("Library/".count)), caseSensitive) }) ?? library
    }

    /// The area of a path given as components.
    package static func area(of components: [ArraySlice<UInt8>], caseSensitive: Bool) -> BackupArea {
        guard let first = components.first else { return outside }
        let top = area(topLevel: first, caseSensitive: caseSensitive)
        if top.kind == .library, components.count >= 2 { return area(insideLibrary: components[1], caseSensitive: caseSensitive) }
        if top.kind == .outside, components.count == 1 { return outside }
        return top
    }

    static func sameName(_ name: ArraySlice<UInt8>, _ expected: String, _ caseSensitive: Bool) -> Bool {
        let e = expected.utf8
        guard name.count == e.count else { return false }
        if caseSensitive { return name.elementsEqual(e) }
        return zip(name, e).allSatisfy { asciiFolded($0) == asciiFolded($1) }
    }
}
