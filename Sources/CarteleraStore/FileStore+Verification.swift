import CarteleraCore
import CarteleraModel
import CarteleraOutput
import Foundation

extension FileStore {
    /// Reads every shard, decodes and hashes it, and compares it with the manifest; takes no lock and changes nothing.
    ///
    /// While a writer commits, the check may see the commit half done; run it between runs (cron's gaps) or
    /// after `lock(at:)` has healed the store.
    public func verify() throws(StoreError) -> StoreVerification {
        let manifest = try manifest()
        var verification = StoreVerification(
            shards: 0, items: 0, generation: manifest.generation, undecodable: [], manifestMismatches: [], temporaryFiles: [],
            interruptedCommit: POSIX.exists(path(CommitJournal.fileName)), indexProblems: [], sourceStates: try sourceStateProblems())
        var listed = Set(manifest.shards.keys)
        for key in try shardKeys() {
            listed.remove(key.relativePath)
            guard let data = try shardData(key) else { continue }
            verification.shards += 1
            let items: Int
            do {
                items = try ShardCodec.decode(data, for: key).itemCount
            } catch {
                verification.undecodable.append(error.description)
                continue
            }
            verification.items += items
            guard let entry = manifest[key] else {
                verification.manifestMismatches.append("\(key): not in the manifest")
                continue
            }
            if entry.hash != FNV1a.hex(data) || entry.items != items {
                verification.manifestMismatches.append("\(key): the manifest says \(entry.items) items, hash \(entry.hash); the file has \(items), hash \(FNV1a.hex(data))")
            }
        }
        for missing in listed.sorted() {
            verification.manifestMismatches.append("\(missing): in the manifest, but no such file")
        }
        verification.temporaryFiles = try temporaryFiles()
        if let indexer, manifest.generation > 0 {
            verification.indexProblems = indexer.problems(self, folder: path("index"), generation: manifest.generation)
            verification.indexCurrent = verification.indexProblems.isEmpty
        }
        return verification
    }

    /// Every `sources/<id>.json` that cannot be read as a source's state, one line each naming the file.
    func sourceStateProblems() throws(StoreError) -> [String] {
        var problems: [String] = []
        for name in try POSIX.list(path("sources")).sorted() where name.hasSuffix(".json") && !PublishedFile.isTemp(name) {
            let relative = "sources/\(name)"
            guard let data = try POSIX.readFile(path(relative)) else { continue }
            do {
                _ = try JSONCoding.decode(SourceState.self, from: data, file: relative)
            } catch {
                problems.append(error.description)
            }
        }
        return problems
    }

    /// The temp files of interrupted writes, relative to the root.
    func temporaryFiles() throws(StoreError) -> [String] {
        var found: [String] = []
        var folders = [""]
        while let folder = folders.popLast() {
            for name in try POSIX.list(folder.isEmpty ? root : path(folder)) {
                let relative = folder.isEmpty ? name : "\(folder)/\(name)"
                if PublishedFile.isTemp(name) {
                    found.append(relative)
                } else if POSIX.isDirectory(path(relative)) {
                    folders.append(relative)
                }
            }
        }
        return found.sorted()
    }
}
