import CarteleraModel

extension Store {
    /// Encodes a run report as deterministic JSON and writes it with `saveReport(_:at:lock:)`.
    public func saveReport(encoding report: some Encodable, at time: Timestamp, lock: StoreLock) throws(StoreError) -> String {
        let json: [UInt8]
        do {
            json = Array(try JSONCoding.encode(report))
        } catch {
            throw StoreError(kind: .invalidContent, file: "reports", detail: "cannot encode the report: \(error)")
        }
        return try saveReport(json, at: time, lock: lock)
    }
}
