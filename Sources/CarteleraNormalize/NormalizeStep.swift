import CarteleraModel

/// One job of the normalize stage, applied to everything a source yielded (like a Scrapy item pipeline).
public protocol NormalizeStep: Sendable {
    /// Rewrites the extraction in place; problems that cost nothing but deserve a word go to `warnings`.
    func apply(to extraction: inout Extraction, warnings: inout [String])
}

/// The normalize stage: its steps, in order.
public struct Normalizer: Sendable {
    /// The steps, applied first to last.
    public let steps: [any NormalizeStep]

    /// A normalizer running `steps` in order.
    public init(steps: [any NormalizeStep]) {
        self.steps = steps
    }

    /// The steps every run applies: canonical genres and types, music genres, then duplicates merged.
    public static let standard = Normalizer(steps: [ProgrammeClassifier(), MusicClassifier(), DuplicateMerger()])

    /// The extraction after every step, with the steps' warnings.
    public func normalize(_ extraction: Extraction, warnings: inout [String]) -> Extraction {
        var result = extraction
        for step in steps { step.apply(to: &result, warnings: &warnings) }
        return result
    }

    /// The extraction after every step, warnings dropped (for checks that compare items only).
    public func normalize(_ extraction: Extraction) -> Extraction {
        var ignored: [String] = []
        return normalize(extraction, warnings: &ignored)
    }
}
