/// Output by output, whether a build can leave an output as the last build made it (same inputs, files in place), and
/// what this build made, for the next one (see `FeedRecord`).
final class OutputPlan {
    private let folder: OutputFolder
    private let previous: FeedRecord?
    private var next: FeedRecord?
    private var recordRemoved = false

    /// A plan for `folder` from its record; with `inputsKnown` false (a store whose manifest does not vouch for every
    /// shard), every output is built and none is recorded.
    init(folder: OutputFolder, inputsKnown: Bool) {
        self.folder = folder
        previous = inputsKnown ? FeedRecord.read(output: folder.root) : nil
        next = inputsKnown ? FeedRecord.program.map { FeedRecord(program: $0) } : nil
    }

    /// The files of output `id` when the last build made it from `input` and left every one of them in place: they are
    /// then kept as they are, counted unchanged.
    func currentFiles(_ id: String, input: String) -> [String]? {
        guard let output = previous?.outputs[id], output.input == input, output.files.allSatisfy(folder.exists) else { return nil }
        folder.keep(output.files)
        next?.outputs[id] = output
        return output.files
    }

    /// Whether output `id` is current (see `currentFiles`).
    func isCurrent(_ id: String, input: String) -> Bool {
        currentFiles(id, input: input) != nil
    }

    /// Removes the record before the first output is rewritten.
    func willRewrite() throws(BuildError) {
        guard !recordRemoved else { return }
        try FeedRecord.remove(output: folder.root)
        recordRemoved = true
    }

    /// Builds output `id` with `body` and records the files it wrote or found unchanged under `input`, unless `body`
    /// says it could not read everything it needed (then the next build makes it again).
    func build(_ id: String, input: String, _ body: () throws(BuildError) -> Bool) throws(BuildError) {
        try willRewrite()
        let mark = folder.claimedCount
        if try body() { record(id, input: input, files: folder.claimed(since: mark)) }
    }

    /// Records output `id`, built from `input`, as `files`.
    func record(_ id: String, input: String, files: [String]) {
        next?.outputs[id] = FeedRecord.Output(input: input, files: files)
    }

    /// Writes the record when this build changed anything.
    func finish() throws(BuildError) {
        guard let next, recordRemoved || next != previous else { return }
        try next.write(output: folder.root)
    }
}
