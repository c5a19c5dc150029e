extension Shard {
    /// The part a scheduler gives this process through its environment, and the variables it was read from; nil when none does.
    ///
    /// Read in this order, the first that is set wins:
    /// - `CARTELERA_SHARD=K/N`, as `--shard` takes it (any scheduler, plain cron on several hosts);
    /// - `CARTELERA_SHARD_INDEX` (from 0) and `CARTELERA_SHARD_COUNT`: a GitHub Actions matrix passes
    ///   `${{ strategy.job-index }}` and `${{ strategy.job-total }}`, which Actions does not export by itself;
    /// - `JOB_COMPLETION_INDEX` (from 0), which Kubernetes sets in each pod of an Indexed Job, and `CARTELERA_SHARD_COUNT`,
    ///   the Job's `completions`, which Kubernetes does not expose to the pod;
    /// - `SLURM_ARRAY_TASK_ID`, `SLURM_ARRAY_TASK_MIN`, `SLURM_ARRAY_TASK_COUNT` (and `SLURM_ARRAY_TASK_STEP` when the
    ///   array has one), which Slurm sets in every task of a job array (`sbatch --array=0-3`).
    public static func fromEnvironment(_ environment: [String: String]) throws(ShardError) -> (shard: Shard, from: String)? {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        func number(_ name: String) throws(ShardError) -> Int {
            guard let text = value(name) else { throw ShardError("\(name) is not set") }
            guard let number = Int(text) else { throw ShardError("\(name)=\(text) is not a whole number") }
            return number
        }
        func part(_ zeroBased: Int, of count: Int, from names: String) throws(ShardError) -> (Shard, String) {
            guard let shard = Shard(index: zeroBased + 1, count: count) else {
                throw ShardError("\(names) give index \(zeroBased) of \(count): the index runs from 0 to the count less one")
            }
            return (shard, names)
        }
        if let text = value("CARTELERA_SHARD") {
            guard let shard = Shard(text) else { throw ShardError("CARTELERA_SHARD=\(text): expected K/N with 1 ≤ K ≤ N, such as 2/4") }
            return (shard, "CARTELERA_SHARD")
        }
        if value("CARTELERA_SHARD_INDEX") != nil {
            return try part(try number("CARTELERA_SHARD_INDEX"), of: try number("CARTELERA_SHARD_COUNT"), from: "CARTELERA_SHARD_INDEX and CARTELERA_SHARD_COUNT")
        }
        if value("JOB_COMPLETION_INDEX") != nil {
            guard value("CARTELERA_SHARD_COUNT") != nil else {
                throw ShardError("JOB_COMPLETION_INDEX is set (a Kubernetes Indexed Job) but CARTELERA_SHARD_COUNT is not: set it to the Job's completions")
            }
            return try part(try number("JOB_COMPLETION_INDEX"), of: try number("CARTELERA_SHARD_COUNT"), from: "JOB_COMPLETION_INDEX and CARTELERA_SHARD_COUNT")
        }
        if value("SLURM_ARRAY_TASK_ID") != nil {
            let id = try number("SLURM_ARRAY_TASK_ID"), first = try number("SLURM_ARRAY_TASK_MIN"), count = try number("SLURM_ARRAY_TASK_COUNT")
            let step = value("SLURM_ARRAY_TASK_STEP") == nil ? 1 : try number("SLURM_ARRAY_TASK_STEP")
            let (offset, overflow) = id.subtractingReportingOverflow(first)
            guard !overflow, step > 0, offset >= 0, offset % step == 0 else {
                throw ShardError("SLURM_ARRAY_TASK_ID=\(id) is not a task of an array from \(first) in steps of \(step)")
            }
            return try part(offset / step, of: count, from: "SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_MIN and SLURM_ARRAY_TASK_COUNT")
        }
        return nil
    }
}

/// A shard the environment describes badly, in words naming the variables.
public struct ShardError: Error, CustomStringConvertible, Sendable {
    /// What is wrong.
    public var description: String

    init(_ description: String) { self.description = description }
}
