/// How two matches compare under one order of `Query.Sort`.
enum MatchOrder {
    case before, same, after

    /// `a` against `b`, smallest first.
    init<Value: Comparable>(_ a: Value, _ b: Value) {
        self = a < b ? .before : b < a ? .after : .same
    }

    /// `a` against `b`, largest first.
    init<Value: Comparable>(descending a: Value, _ b: Value) {
        self.init(b, a)
    }

    /// This order, with `next` breaking its tie.
    func then(_ next: @autoclosure () -> MatchOrder) -> MatchOrder {
        self == .same ? next() : self
    }
}

extension Array {
    /// Sorted by each comparison in turn, the next one breaking the previous one's ties; `tie` breaks the last.
    mutating func sort(by comparisons: [(Element, Element) -> MatchOrder], tie: (Element, Element) -> Bool) {
        sort { lhs, rhs in
            for compare in comparisons {
                switch compare(lhs, rhs) {
                case .before: return true
                case .after: return false
                case .same: continue
                }
            }
            return tie(lhs, rhs)
        }
    }
}
