#if canImport(Glibc)
import Glibc
#endif
import CarteleraOutput
import Foundation

/// What the last feed build published, output by output: a hash of the inputs each output was built from and the files
/// it holds. The next build leaves an output whose inputs hash the same and whose files are all in place as it is,
/// without reading the store for it.
///
/// Kept in `<output>/.cartelera/feeds.json`. A record that is missing, cannot be read, or was written by another
/// version of the program builds every output again. A build removes the record before it rewrites anything and writes
/// the new one once every output is in place, so a build that stops halfway leaves no record vouching for a file it
/// did not finish.
struct FeedRecord: Codable, Equatable {
    /// One output: the hash of its inputs, and its files relative to the output folder.
    struct Output: Codable, Equatable {
        var input: String
        var files: [String]
    }

    /// Changes when the record's meaning does: an older record is ignored.
    static let currentVersion = 1
    /// The record's place in the output folder.
    static let file = ".cartelera/feeds.json"

    /// The format's version.
    var version = currentVersion
    /// The program that built the outputs (`FeedRecord.program`): another build of the program may write other bytes.
    var program: String
    /// Outputs by id (`guide.xml`, `schedule La1.es`, `feed cine json`…).
    var outputs: [String: Output] = [:]

    /// The running program: its executable's size, modification time and inode, the same for every run of one build of
    /// it; nil when they cannot be read, and then no output is ever left as it is.
    static let program: String? = {
        var status = stat()
        guard stat("/proc/self/exe", &status) == 0 || stat(CommandLine.arguments[0], &status) == 0 else { return nil }
        return "\(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec) \(status.st_ino)"
    }()

    /// The record in `root`, nil when there is none or it cannot be used by this program.
    static func read(output root: String) -> FeedRecord? {
        guard let program, let data = FileManager.default.contents(atPath: root + "/" + file),
              let record = try? JSONDecoder().decode(FeedRecord.self, from: data), record.version == currentVersion, record.program == program
        else { return nil }
        return record
    }

    /// Writes the record atomically.
    func write(output root: String) throws(BuildError) {
        let path = root + "/" + Self.file
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let bytes: [UInt8]
        do { bytes = Array(try encoder.encode(self)) } catch { throw BuildError(file: path, message: "cannot be encoded: \(error)") }
        do { try PublishedFile.write(bytes, to: path) } catch { throw BuildError(file: path, message: "cannot be written: \(error.detail)") }
    }

    /// Removes the record in `root`, if there is one.
    static func remove(output root: String) throws(BuildError) {
        let path = root + "/" + file
        guard unlink(path) == 0 || errno == ENOENT else {
            throw BuildError(file: path, message: "cannot be removed: \(String(cString: strerror(errno)))")
        }
        // The removal must reach the disk before any output it vouched for is replaced.
        do { try PublishedFile.syncFolder(root + "/.cartelera") } catch { throw BuildError(file: path, message: "cannot be removed: \(error.detail)") }
    }
}
