import Foundation

/// Decides whether the backup-exclusion flag is set on one item during a walk.
///
/// - On macOS the authority is Foundation's `isExcludedFromBackup` resource value,
///   the same API the app calls; the raw attribute is only consulted when the
///   resource value cannot be read.
/// - On Linux there is no such resource value. The flag is read from the `user.`
///   namespace, since unprivileged processes can only set attributes there:
///   `user.com.apple.metadata:com_apple_backup_excludeItem` with a value containing
///   `com.apple.MobileBackup` (what the Simulator writes) or `com.apple.backupd`
///   (macOS), or the iOS 5.0.1 attribute `user.com.apple.MobileBackup`.
/// - Either way, container-relative paths named in an `--excluded-list` count as flagged.
public struct BackupExclusionProbe: Sendable {
    /// The attribute the Simulator writes for `isExcludedFromBackup = true`.
    public static let attributeName = "com.apple.metadata:com_apple_backup_excludeItem"
    /// The attribute iOS 5.0.1 used (QA1719).
    public static let legacyAttributeName = "com.apple.MobileBackup"
    /// Linux keeps unprivileged attributes in the `user.` namespace.
    public static let linuxNamespace = "user."

    public var listed: Set<[UInt8]>
    public var useResourceValues: Bool

    /// - Parameters:
    ///   - listed: container-relative paths (normalised, `/`-separated) to treat as flagged.
    ///   - useResourceValues: ask Foundation (macOS only; ignored elsewhere).
    public init(listed: Set<[UInt8]> = [], useResourceValues: Bool = true) {
        self.listed = listed
        self.useResourceValues = useResourceValues
    }

    /// What the walk learned of one item's own flag.
    public enum Flag: Sendable, Equatable {
        case excluded
        case notExcluded
        /// The flag could not be read (the attribute list or the attribute's value was
        /// refused): unknown, never "not excluded". Says why, with the attribute's name.
        case unreadable(String)
    }

    /// The item's own flag. An item with the exclusion attribute set is excluded whatever
    /// else could not be read; the legacy attribute marks it by its name alone. Otherwise a
    /// list of names that was refused, or an exclusion attribute whose value was, leaves
    /// the flag unreadable.
    public func flag(
        relative: [UInt8], path: [CChar], attributes: ExtendedAttributes.Listing,
        isDirectory: Bool
    ) -> Flag {
        if listed.contains(relative) { return .excluded }
        #if os(macOS)
            if useResourceValues {
                let url = path.withUnsafeBufferPointer {
                    URL(fileURLWithFileSystemRepresentation: $0.baseAddress!, isDirectory: isDirectory, relativeTo: nil)
                }
                if let value = try? url.resourceValues(forKeys: [.isExcludedFromBackupKey]).isExcludedFromBackup {
                    return value ? .excluded : .notExcluded
                }
            }
        #endif
        if attributes.pairs.contains(where: { Self.marksExclusion(name: $0.name, value: $0.value) }) { return .excluded }
        for failure in attributes.failures {
            guard let name = failure.name else {
                return .unreadable("cannot list its attributes: \(String(cString: strerror(failure.error)))")
            }
            let plain = Self.displayName(name)
            if plain.elementsEqual(Self.legacyAttributeName.utf8) { return .excluded }
            if plain.elementsEqual(Self.attributeName.utf8) {
                return .unreadable("cannot read \(String(decoding: name, as: UTF8.self)): \(String(cString: strerror(failure.error)))")
            }
        }
        return .notExcluded
    }

    /// True for the exclusion attribute with a value naming a backup service, or the
    /// legacy attribute; the `user.` prefix Linux needs is accepted and not required.
    public static func marksExclusion(name: [UInt8], value: [UInt8]) -> Bool {
        let plain = displayName(name)
        if plain.elementsEqual(legacyAttributeName.utf8) { return true }
        guard plain.elementsEqual(attributeName.utf8) else { return false }
        return contains(value, "com.apple.MobileBackup") || contains(value, "com.apple.backupd")
    }

    /// The attribute name as macOS would print it: the Linux `user.` prefix removed.
    public static func displayName(_ name: [UInt8]) -> ArraySlice<UInt8> {
        name.starts(with: linuxNamespace.utf8) ? name.dropFirst(linuxNamespace.utf8.count) : name[...]
    }

    private static func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
        let n = Array(needle.utf8)
        guard haystack.count >= n.count else { return false }
        for start in 0...(haystack.count - n.count) where haystack[start] == n[0] {
            if haystack[start..<(start + n.count)].elementsEqual(n) { return true }
        }
        return false
    }
}
