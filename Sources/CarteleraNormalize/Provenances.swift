import CarteleraModel

/// Provenance lists in one canonical form: one entry per source, in source order.
///
/// Whatever order sources finish in, a merged item lists them the same way, so its stored bytes are the same.
public enum Provenances {
    /// Both lists' sources, each once (the first list's entry wins), in source order.
    public static func union(_ first: [Provenance], _ second: [Provenance]) -> [Provenance] {
        var bySource: [SourceID: Provenance] = [:]
        for provenance in second { bySource[provenance.source] = provenance }
        for provenance in first { bySource[provenance.source] = provenance }
        return bySource.values.sorted { $0.source < $1.source }
    }
}
