/// Levenshtein distance between short words, for near misses and suggestions.
enum EditDistance {
    /// The number of single-character insertions, deletions and substitutions that turn `a` into `b`; stops counting past `limit`.
    static func between(_ a: String, _ b: String, limit: Int) -> Int {
        let left = Array(a.unicodeScalars), right = Array(b.unicodeScalars)
        if abs(left.count - right.count) > limit { return limit + 1 }
        if left.isEmpty { return right.count }
        if right.isEmpty { return left.count }
        var previous = Array(0...right.count)
        var current = [Int](repeating: 0, count: right.count + 1)
        for (i, leftScalar) in left.enumerated() {
            current[0] = i + 1
            var rowMinimum = current[0]
            for (j, rightScalar) in right.enumerated() {
                let substitution = previous[j] + (leftScalar == rightScalar ? 0 : 1)
                current[j + 1] = min(substitution, previous[j + 1] + 1, current[j] + 1)
                rowMinimum = min(rowMinimum, current[j + 1])
            }
            if rowMinimum > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[right.count]
    }
}
