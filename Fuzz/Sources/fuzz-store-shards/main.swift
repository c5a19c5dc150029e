import CarteleraModel
@testable import CarteleraStore
import Foundation
import FuzzSupport

/// Store file decoding: the bytes read back as every kind of shard, as the manifest, a source's state and the
/// commit journal, and a shard path read as a key.
///
/// Input: the first line is a shard's relative path, the rest the file's bytes. Shard content that decodes
/// is validated and encoded again, as a later commit would. Whatever the canonical reader accepts must be exactly
/// what `JSONDecoder` reads from the same bytes, and whatever it refuses is read (or refused with a message) by
/// `JSONDecoder`: the harness stops on any disagreement.
@_cdecl("LLVMFuzzerTestOneInput")
public func storeShardsHarness(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let (lines, bytes) = FuzzInput(data, size).lines(1)
    let day = FuzzEnvironment.day
    var keys: [ShardKey] = [
        .channels, .programmes(day: day, channel: ChannelID("La1.es")), .audiences(day: day), .news(day: day),
        .venues(city: "madrid"), .nights(day: day), .promotions,
    ]
    if let key = ShardKey(relativePath: lines[0]) {
        _ = ShardKey(relativePath: key.relativePath)
        keys.append(key)
    }
    let store = MemoryStore()
    for key in keys {
        if let canonical = CanonicalShardReader.content(Data(bytes), for: key) {
            guard let foundation = try? ShardCodec.decodeWithFoundation(Data(bytes), for: key), foundation == canonical else {
                fatalError("the canonical reader and JSONDecoder disagree on \(key)")
            }
        }
        store.replaceBytes(of: key, with: Data(bytes))
        let read: ShardContent?
        do {
            read = try store.content(key)
        } catch {
            if error.description.isEmpty { fatalError("a shard of \(key) was refused without a message") }
            continue
        }
        guard let content = read else { continue }
        _ = content.itemCount
        _ = try? content.validate(for: key)
        _ = try? ShardCodec.encode(content, for: key)
    }
    let data = Data(bytes)
    let manifest = try? JSONCoding.decode(Manifest.self, from: data, file: "manifest.json")
    if let canonical = Manifest.canonical(data), canonical != manifest {
        fatalError("the canonical manifest reader and JSONDecoder disagree")
    }
    _ = try? JSONCoding.decode(SourceState.self, from: data, file: "sources/fuzz.example.json")
    _ = try? JSONCoding.decode(CommitJournal.self, from: data, file: CommitJournal.fileName)
    return 0
}

runLibFuzzer(storeShardsHarness)
