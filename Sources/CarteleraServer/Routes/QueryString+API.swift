import CarteleraQuery

/// A request's query string as the API reads it: refused with a 400 naming the parameter, and read by name.
extension QueryString {
    /// The query string `raw` (without the `?`), or 400 for one no client should send.
    init(request raw: String?) throws(APIError) {
        do {
            try self.init(raw)
        } catch {
            throw error.parameter.map { APIError.badParameter($0, error.message) }
                ?? APIError(status: .badRequest, code: "too_many_parameters", message: error.message)
        }
    }

    /// The single value of `name`; 400 when it is given more than once.
    func single(_ name: String) throws(APIError) -> String? {
        guard let given = values(name) else { return nil }
        guard given.count == 1 else { throw APIError.badParameter(name, "\(name): give it once") }
        return given[0]
    }

    /// Throws 400 for the first parameter, by name, not in `allowed`.
    func requireOnly(_ allowed: Set<String>) throws(APIError) {
        try refuse(entries.map(\.name).filter { !allowed.contains($0) }.min(), allowed: allowed)
    }

    /// Throws 400 for the first parameter, by name, that is neither declared (`QueryParameter.all`) nor in `others`:
    /// a declared name is known from the entry, without looking it up again.
    func requireOnly(declaredAnd others: Set<String>) throws(APIError) {
        var unknown: String?
        for entry in entries where !entry.isDeclared && !others.contains(entry.name) && unknown.map({ entry.name < $0 }) ?? true {
            unknown = entry.name
        }
        try refuse(unknown, allowed: others.union(QueryParameter.all.map(\.name)))
    }

    private func refuse(_ unknown: String?, allowed: @autoclosure () -> Set<String>) throws(APIError) {
        if let unknown {
            throw APIError.badParameter(unknown, "\(unknown): unknown parameter here (this endpoint takes \(allowed().sorted().joined(separator: ", ")))")
        }
    }
}
