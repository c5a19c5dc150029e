import CarteleraModel
import CarteleraPipeline
import Testing

@Suite struct ShardTests {
    let sources: [SourceID] = ["e.example", "a.example", "d.example", "b.example", "c.example"]

    @Test func thePartsHoldEverySourceOnceWhateverTheOrderGiven() throws {
        for count in 1...6 {
            let parts = (1...count).map { Shard(index: $0, count: count)!.select(sources) }
            #expect(parts.flatMap { $0 }.sorted() == sources.sorted(), "\(count) parts")
            #expect((1...count).map { Shard(index: $0, count: count)!.select(sources.reversed()) } == parts)
        }
        #expect(Shard("2/2")!.select(sources) == ["b.example", "d.example"])
    }

    @Test func onlyKOfNWithKFromOneToNIsAShard() {
        for good in ["1/1", "2/4", "4/4"] { #expect(Shard(good)?.description == good) }
        for bad in ["0/4", "5/4", "1/0", "-1/2", "2", "a/b", "1/2/3", "", "1/99999999999999999999"] { #expect(Shard(bad) == nil, "\(bad)") }
    }

    @Test(arguments: [
        (["CARTELERA_SHARD": "3/4"], "3/4"),
        (["CARTELERA_SHARD_INDEX": "0", "CARTELERA_SHARD_COUNT": "2"], "1/2"),
        (["JOB_COMPLETION_INDEX": "3", "CARTELERA_SHARD_COUNT": "4"], "4/4"),
        (["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "4", "SLURM_ARRAY_TASK_COUNT": "3"], "2/3"),
        (["SLURM_ARRAY_TASK_ID": "8", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_STEP": "4"], "3/4"),
    ])
    func schedulersSayWhichPartThisIs(environment: [String: String], part: String) throws {
        #expect(try Shard.fromEnvironment(environment)?.shard.description == part)
    }

    @Test func aPartialOrWrongEnvironmentIsAnErrorNamingTheVariables() throws {
        #expect(try Shard.fromEnvironment(["HOME": "/root"]) == nil)
        let cases: [([String: String], String)] = [
            (["JOB_COMPLETION_INDEX": "1"], "CARTELERA_SHARD_COUNT is not"),
            (["JOB_COMPLETION_INDEX": "4", "CARTELERA_SHARD_COUNT": "4"], "index 4 of 4"),
            (["CARTELERA_SHARD": "5/4"], "CARTELERA_SHARD=5/4"),
            (["CARTELERA_SHARD_INDEX": "x", "CARTELERA_SHARD_COUNT": "2"], "CARTELERA_SHARD_INDEX=x is not a whole number"),
            (["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "2", "SLURM_ARRAY_TASK_STEP": "2"], "not a task"),
        ]
        for (environment, message) in cases {
            do {
                _ = try Shard.fromEnvironment(environment)
                Issue.record("\(environment) was accepted")
            } catch {
                #expect(error.description.contains(message), "\(error.description)")
            }
        }
    }
}
