import ExhibitCore

/// A failing test's identifier fitted to its column. The whole identifier when it fits;
/// else the suite is cut first (`BackupB…/testModelsExcludedFromBackup()`), because the
/// test's own name is what tells two tests of one suite apart: cut in the middle, both
/// tests of the unset-attribute sample read `BackupBounda…romBackup()` at 40 columns.
/// Only a test name that does not fit alone is cut in its middle.
enum TestNameLabel {
    /// The suite part keeps at least this many columns before its ellipsis, or goes.
    static let suiteHead = 3

    static func fit(_ identifier: String, width: Int, ellipsis: String) -> String {
        guard width > 0 else { return "" }
        if DisplayWidth.of(identifier) <= width { return identifier }
        guard let slash = identifier.lastIndex(of: "/"), slash > identifier.startIndex else {
            return TextFit.shorten(identifier, to: width, ellipsis: ellipsis)
        }
        let own = String(identifier[slash...])
        let room = width - DisplayWidth.of(ellipsis) - DisplayWidth.of(own)
        if room >= suiteHead { return TextFit.clip(String(identifier[..<slash]), to: room) + ellipsis + own }
        if room >= 0 { return ellipsis + own }
        return TextFit.shorten(String(own.dropFirst()), to: width, ellipsis: ellipsis)
    }
}
