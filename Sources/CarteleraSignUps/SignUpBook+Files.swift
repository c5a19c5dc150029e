#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CarteleraModel
import CarteleraOutput
import Foundation

/// A night's sign-ups file.
struct SignUpSheet: Codable {
    var schemaVersion: Int
    var night: String
    var date: Day
    var removeAfter: Timestamp
    var signUps: [SignUp]

    /// The places the sheet's parties take.
    var placesTaken: Int { signUps.reduce(0) { $0 + $1.partySize } }
}

extension SignUpBook {
    /// Reads, changes and rewrites the sheet of `night` under both locks; the file is written only when `change` succeeds.
    func changing<Result>(_ night: String, _ change: (inout SignUpSheet) throws(SignUpError) -> Result) throws(SignUpError) -> Result {
        processLock.lock()
        defer { processLock.unlock() }
        return try withFileLock { () throws(SignUpError) -> Result in
            let file = path(night)
            var sheet = try read(file)
                ?? SignUpSheet(schemaVersion: 1, night: night, date: Day(daysSince1970: 0), removeAfter: Timestamp(secondsSince1970: 0), signUps: [])
            let result = try change(&sheet)
            try write(sheet, to: file)
            return result
        }
    }

    /// The sheet at `file`, nil when there is none; a file that cannot be read or decoded is an error naming it.
    func read(_ file: String) throws(SignUpError) -> SignUpSheet? {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            if !FileManager.default.fileExists(atPath: file) { return nil }
            throw SignUpError(kind: .storage, file: file, message: "cannot read: \(error.localizedDescription)")
        }
        do {
            let sheet = try JSONDecoder().decode(SignUpSheet.self, from: data)
            guard sheet.schemaVersion == 1 else {
                throw SignUpError(kind: .storage, file: file, message: "schema version \(sheet.schemaVersion) is not one this build reads")
            }
            return sheet
        } catch let error as SignUpError {
            throw error
        } catch {
            throw SignUpError(kind: .storage, file: file, message: "is corrupt (\(error)); move it aside to take sign-ups for this night again")
        }
    }

    /// Replaces `file` with `sheet`, owner-only, atomically.
    private func write(_ sheet: SignUpSheet, to file: String) throws(SignUpError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        do {
            try PublishedFile.write(try encoder.encode(sheet), to: file, permissions: 0o600)
        } catch let error as OutputError {
            throw SignUpError(kind: .storage, file: file, message: error.detail)
        } catch {
            throw SignUpError(kind: .storage, file: file, message: "cannot encode: \(error)")
        }
    }

    /// The names in the folder; none when it does not exist yet.
    func listing() throws(SignUpError) -> [String] {
        guard FileManager.default.fileExists(atPath: folder) else { return [] }
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        } catch {
            throw SignUpError(kind: .storage, file: folder, message: "cannot list: \(error.localizedDescription)")
        }
    }

    /// Runs `body` holding an exclusive `flock` on `<folder>/lock`, made with the folder (owner-only) when missing.
    func withFileLock<Result>(_ body: () throws(SignUpError) -> Result) throws(SignUpError) -> Result {
        if mkdir(folder, 0o700) != 0, errno != EEXIST {
            throw SignUpError(kind: .storage, file: folder, message: "cannot create: \(String(cString: strerror(errno)))")
        }
        let lockFile = folder + "/lock"
        let fd = open(lockFile, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw SignUpError(kind: .storage, file: lockFile, message: "cannot open: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw SignUpError(kind: .storage, file: lockFile, message: "cannot lock: \(String(cString: strerror(errno)))") }
        }
        return try body()
    }
}
