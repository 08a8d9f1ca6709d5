import ExhibitCore
import ExhibitRules

/// A selection in a list and the first visible row. Kept in the state so scrolling
/// is stable between frames; `reveal` keeps the selection on screen.
public struct ListCursor: Sendable, Equatable {
    public var index: Int
    public var offset: Int

    public init(index: Int = 0, offset: Int = 0) {
        self.index = index
        self.offset = offset
    }

    /// Applies a movement action to a list of `count` rows of which `page` are visible.
    /// Returns false for actions that are not movements.
    @discardableResult
    public mutating func apply(_ action: Action, count: Int, page: Int) -> Bool {
        let step = max(page - 1, 1)
        switch action {
        case .moveDown: index += 1
        case .moveUp: index -= 1
        case .pageDown:
            index += step
            offset += step
        case .pageUp:
            index -= step
            offset -= step
        case .top: index = 0
        case .bottom: index = count - 1
        default: return false
        }
        clamp(count: count)
        reveal(page: page, count: count)
        return true
    }

    public mutating func clamp(count: Int) {
        index = count == 0 ? 0 : min(max(index, 0), count - 1)
    }

    /// Scrolls the least needed to show the selection; never leaves empty rows at the
    /// bottom while there are rows above.
    public mutating func reveal(page: Int, count: Int) {
        let page = max(page, 1)
        if index < offset { offset = index }
        if index >= offset + page { offset = index - page + 1 }
        offset = min(offset, max(count - page, 0))
        offset = max(offset, 0)
    }

    /// A list that just scrolls (help, details): the "selection" is the top row.
    public mutating func scroll(_ action: Action, count: Int, page: Int) -> Bool {
        let maxOffset = max(count - page, 0)
        switch action {
        case .moveDown: offset += 1
        case .moveUp: offset -= 1
        case .pageDown: offset += max(page - 1, 1)
        case .pageUp: offset -= max(page - 1, 1)
        case .top: offset = 0
        case .bottom: offset = maxOffset
        default: return false
        }
        offset = min(max(offset, 0), maxOffset)
        index = offset
        return true
    }

    /// Keeps a scroll-only list's offset in range after the page or content changed.
    public mutating func clampScroll(count: Int, page: Int) {
        offset = min(max(offset, 0), max(count - max(page, 1), 0))
        index = offset
    }
}
