#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CarteleraCore
import CarteleraModel
import Foundation

/// The guest-list sign-ups of a store: one file per night under `<store>/signups/`, readable by the owner only.
///
/// Every change is a read-check-write under a lock held twice: a mutex for the tasks of this process and an
/// `flock` on `signups/lock` for other processes (the operator's commands, a second server), so two sign-ups
/// never both take the last place. Files are replaced atomically (temp + fsync + rename). Nothing here is
/// published: the site, feeds and API answers never read this folder.
public final class SignUpBook: Sendable {
    /// The folder of the sign-up files.
    public let folder: String
    /// Serializes the tasks of this process; the file lock serializes processes.
    let processLock = NSLock()

    /// The sign-ups of the store at `root`; the folder is made on the first sign-up.
    public init(store root: String) {
        folder = root + "/signups"
    }

    /// Adds a sign-up to `list` at `now` if the list's state and conditions allow it; the receipt holds the only copy of the code.
    public func signUp(_ request: SignUpRequest, to list: GuestList, at now: Timestamp) throws(SignUpError) -> SignUpReceipt {
        let checked = try SignUpRules.check(request, list: list)
        try Self.refuseUnlessOpen(list, at: now)
        return try changing(list.id) { (sheet: inout SignUpSheet) throws(SignUpError) -> SignUpReceipt in
            if sheet.signUps.contains(where: { $0.contactKey == checked.contactKey }) {
                throw .refused(.alreadySignedUp, "this contact is already on the list for this night")
            }
            let remaining = Self.placesLeft(list, taken: sheet.placesTaken)
            if let remaining {
                guard remaining > 0 else { throw .refused(.full, "the list is full") }
                guard checked.partySize <= remaining else {
                    throw .refused(.notEnoughPlaces, "only \(remaining) place\(remaining == 1 ? "" : "s") left for a party of \(checked.partySize)")
                }
            }
            var reference = CancellationCode.makeReference()
            while sheet.signUps.contains(where: { $0.reference == reference }) { reference = CancellationCode.makeReference() }
            let code = CancellationCode.make()
            sheet.signUps.append(SignUp(reference: reference, name: checked.name, partySize: checked.partySize, contact: checked.contact,
                                        contactKey: checked.contactKey, codeHash: CancellationCode.hash(code), created: now))
            sheet.date = list.date
            sheet.removeAfter = Self.removalTime(list)
            return SignUpReceipt(night: list.id, reference: reference, cancellationCode: code, partySize: checked.partySize,
                                 placesLeft: remaining.map { $0 - checked.partySize })
        }
    }

    /// Removes the sign-up `reference` of `night` when `code` is its cancellation code; returns what was removed.
    public func cancel(night: String, reference: String, code: String) throws(SignUpError) -> SignUp {
        guard !code.isEmpty, code.utf8.count <= 64 else { throw .invalid("code", "is required: the cancellation code given at sign-up") }
        return try changing(night) { (sheet: inout SignUpSheet) throws(SignUpError) -> SignUp in
            guard let position = sheet.signUps.firstIndex(where: { $0.reference == reference }) else {
                throw SignUpError(kind: .notFound, field: "reference", message: "no sign-up \(reference) for this night")
            }
            guard CancellationCode.matches(code, storedHash: sheet.signUps[position].codeHash) else {
                throw SignUpError(kind: .wrongCode, field: "code", message: "the cancellation code does not match")
            }
            return sheet.signUps.remove(at: position)
        }
    }

    /// The sign-ups of `night`, in the order they came; empty when nobody signed up.
    public func signUps(night: String) throws(SignUpError) -> [SignUp] {
        processLock.lock()
        defer { processLock.unlock() }
        return try read(path(night))?.signUps ?? []
    }

    /// The places left on `list` once this book's sign-ups are taken off; nil when the list gives no number of places.
    public func placesLeft(_ list: GuestList) throws(SignUpError) -> Int? {
        processLock.lock()
        defer { processLock.unlock() }
        let taken = try read(path(list.id))?.placesTaken ?? 0
        return Self.placesLeft(list, taken: taken)
    }

    /// Deletes the files of nights over by `now` (see `removalTime`).
    ///
    /// A file that cannot be read does not stop the others: sign-ups are personal data, and every night that is
    /// over must go even when one file is damaged. Each such file is in the result's `problems`.
    public func prune(at now: Timestamp) throws(SignUpError) -> SignUpPruning {
        processLock.lock()
        defer { processLock.unlock() }
        return try withFileLock { () throws(SignUpError) -> SignUpPruning in
            var pruning = SignUpPruning()
            for name in try listing() where Self.isSheet(name) {
                let file = folder + "/" + name
                do throws(SignUpError) {
                    guard let sheet = try read(file), sheet.removeAfter <= now else { continue }
                    guard unlink(file) == 0 else {
                        throw SignUpError(kind: .storage, file: file, message: "cannot remove: \(String(cString: strerror(errno)))")
                    }
                    pruning.removed += 1
                } catch {
                    pruning.problems.append(error)
                }
            }
            return pruning
        }
    }

    /// Reads every sign-up file and returns those that cannot be read, each naming its file; empty when all are whole.
    ///
    /// Takes the file lock, so it never reads a sheet half way through a change.
    public func check() throws(SignUpError) -> [SignUpError] {
        processLock.lock()
        defer { processLock.unlock() }
        guard FileManager.default.fileExists(atPath: folder) else { return [] }
        return try withFileLock { () throws(SignUpError) -> [SignUpError] in
            var problems: [SignUpError] = []
            for name in try listing() where Self.isSheet(name) {
                do throws(SignUpError) { _ = try read(folder + "/" + name) } catch { problems.append(error) }
            }
            return problems
        }
    }

    /// Whether a name in the folder is a night's sheet (not the lock, not a temporary file of a write in progress).
    static func isSheet(_ name: String) -> Bool { name.hasSuffix(".json") && !name.hasPrefix(".") }

    /// The places a list has for sign-ups made here: the fewer of its places left and its capacity, less those taken.
    static func placesLeft(_ list: GuestList, taken: Int) -> Int? {
        let known = [list.placesLeft, list.capacity].compactMap { $0 }
        guard let base = known.min() else { return nil }
        return max(0, base - taken)
    }

    /// Throws the list's reason when it is not open at `now`: declared closed or full, past its deadline, the night over.
    static func refuseUnlessOpen(_ list: GuestList, at now: Timestamp) throws(SignUpError) {
        if list.declared == .closed { throw .refused(.closed, "the guest list is closed") }
        if let deadline = list.deadline, now >= deadline { throw .refused(.deadlinePassed, "sign-up closed at \(deadline.iso8601)") }
        if let ends = list.nightEnds, now >= ends { throw .refused(.nightOver, "the night is over") }
        if list.status(at: now) == .full { throw .refused(.full, "the list is full") }
    }

    /// When a night's sign-ups are deleted: 12 hours after the night ends, or two days after its evening when no end is known.
    static func removalTime(_ list: GuestList) -> Timestamp {
        list.nightEnds?.adding(seconds: 12 * 3600) ?? list.date.advanced(by: 2).startUTC
    }

    /// `<folder>/<evening>-<FNV-1a of the night id>.json`, so a listing sorts by evening.
    func path(_ night: String) -> String {
        let evening = night.range(of: "@").map { String(night[$0.upperBound...].prefix(10)) }.flatMap { Day($0).map(\.description) } ?? "undated"
        return "\(folder)/\(evening)-\(FNV1a.hex(Array(night.utf8))).json"
    }
}

/// What a pruning of sign-ups did.
public struct SignUpPruning: Sendable, Hashable {
    /// Files of nights that were over, deleted.
    public var removed = 0
    /// Files that could not be read or deleted, each naming its file; the others were still pruned.
    public var problems: [SignUpError] = []

    /// Nothing removed, nothing wrong.
    public init() {}
}
