import Foundation

/// The Violations pane's rows in tree order, per sort order (`TriageData.treeOrderedRows`):
/// a value of the data, made when first asked for. Locked so the type is honestly Sendable.
final class RowOrderMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var made: [SortOrder: [Int]] = [:]

    func rows(for order: SortOrder, make: () -> [Int]) -> [Int] {
        lock.lock()
        if let known = made[order] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let rows = make()
        lock.lock()
        made[order] = rows
        lock.unlock()
        return rows
    }
}
