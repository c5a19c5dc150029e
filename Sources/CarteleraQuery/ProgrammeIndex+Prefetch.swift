import CPrefetch

extension ProgrammeIndex {
    /// Asks for the values of record `record` that a programme row reads from the columns, ahead of the row.
    func prefetchColumns(_ record: Int) {
        channel.prefetch(record)
        start.prefetch(record)
        stop.prefetch(record)
        type.prefetch(record)
        genreBits.prefetch(record)
        year.prefetch(record)
        score.prefetch(record)
        title.prefetch(record)
        externalID.prefetchBounds(record)
    }

    /// Asks for record `record`'s external id and where its title's bytes lie: found from the columns asked for earlier.
    func prefetchTexts(_ record: Int) {
        externalID.prefetchBytes(record)
        titles.prefetchBounds(Int(title[record]))
    }

    /// Asks for the bytes of record `record`'s title: found from its bounds asked for earlier.
    func prefetchTitle(_ record: Int) {
        titles.prefetchBytes(Int(title[record]))
    }
}

extension NumberColumn {
    /// Asks for value `index` ahead of its use; nothing outside the column.
    @inline(__always)
    func prefetch(_ index: Int) {
        guard index >= 0, index < count else { return }
        cartelera_prefetch(base + index * MemoryLayout<Value>.size)
    }
}

extension StringColumn {
    /// Asks for the offsets that bound string `index`; nothing outside the column.
    @inline(__always)
    func prefetchBounds(_ index: Int) {
        guard index >= 0, index < count else { return }
        cartelera_prefetch(base + 4 + index * 4)
    }

    /// Asks for the first bytes of string `index` (its bounds read from the column); nothing outside the column.
    @inline(__always)
    func prefetchBytes(_ index: Int) {
        guard index >= 0, index < count else { return }
        cartelera_prefetch(bytes(index).baseAddress)
    }
}
