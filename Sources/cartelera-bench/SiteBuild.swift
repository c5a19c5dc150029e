import ArgumentParser
import CarteleraBench
import CarteleraModel
import CarteleraTesting
import Foundation

/// `cartelera-bench build [DIR]`: the site build over data set G, beside Hugo's figures.
struct SiteBuild: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the website of data set G (a page per programme for the first 20,000) in a fresh process, then again unchanged.",
        discussion: """
            Runs `cartelera build --only site --programme-pages N` at G's moment, cold into a new folder DIR/site-<time> (earlier ones \
            are removed after the runs, and a run waits until six minutes after the last removal) and then with nothing \
            changed, and prints pages per second, peak memory and the ratios to Hugo's figures in ../shared/BENCHMARKS.md \
            (20,280 pages in 8.6 s, 2,358 pages/s, 789 MB); then builds the same site with swift-mustache alone (`--mustache-only`) \
            as the baseline in the same run, and compares the two folders file by file. Fails when the unchanged build writes a \
            page or a page differs.

            With --hugo, Hugo builds BENCHMARKS.md's site of G beside it in the same run (Bench/hugo_site.py writes its content \
            from DIR/jsonl into DIR/hugo-site, with the theme of Bench/hugo), cold into a new folder, and the ratios are to \
            Hugo's pages per second and peak memory measured then.
            """)

    /// Hugo 0.111 on the same kind of machine, from BENCHMARKS.md.
    static let hugoPagesPerSecond = 2_358.0
    static let hugoPeakMegabytes = 789.0
    /// How long after a removal ext4 may still skip the freed inodes (60 s, plus 300 s while their block is dirty), and a margin.
    static let inodeReuseSeconds = 370.0

    @Argument(help: ArgumentHelp("The folder `cartelera-bench generate` wrote (default out/bench-g).", valueName: "dir"))
    var directory: String = "out/bench-g"

    @Option(name: .customLong("programme-pages"), help: ArgumentHelp("Programmes that get a page, first by start.", valueName: "n"))
    var programmePages = 20_000

    @Flag(help: "Also build BENCHMARKS.md's site of G with Hugo (`hugo` on the PATH) in the same run, and compare with it.")
    var hugo = false

    mutating func validate() throws {
        if programmePages < 0 { throw ValidationError("--programme-pages takes a count of 0 or more, not \(programmePages)") }
    }

    func run() async throws {
        try BenchCommand.requireDataSetG(directory)
        BenchCommand.warnUnlessIndexIsUsed(directory)
        // A new folder each run; earlier runs' folders are removed after the measurements. ext4 without a journal (this
        // machine's) does not reuse an inode freed in the last 60 s, or 300 s more while its inode table block is dirty
        // (which allocating the next pages keeps it), and checks every such inode it passes: a build started within six
        // minutes of removing 100,000 files spent twice the time creating its pages. So a run waits out the rest of
        // those six minutes after the last removal.
        let removedMarker = directory + "/.site-folders-removed"
        let removedAt = (try? FileManager.default.attributesOfItem(atPath: removedMarker)[.modificationDate]) as? Date
        if let removedAt, Date().timeIntervalSince(removedAt) < Self.inodeReuseSeconds {
            let wait = Self.inodeReuseSeconds - Date().timeIntervalSince(removedAt)
            print(String(format: "waiting %.0f s: the last run removed its predecessors' pages less than %.0f s ago, and the file system skips freed inodes until then",
                         wait, Self.inodeReuseSeconds))
            try await Task.sleep(for: .seconds(wait))
        }
        let earlier = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasPrefix("site-") }
        defer {
            if !earlier.isEmpty {
                for folder in earlier { try? FileManager.default.removeItem(atPath: directory + "/" + folder) }
                _ = FileManager.default.createFile(atPath: removedMarker, contents: Data())
            }
        }
        let output = directory + "/site-\(Int(Date().timeIntervalSince1970))"
        var coldPeak = 0.0
        var coldSeconds = 0.0
        for (label, cold) in [("cold build", true), ("unchanged rebuild", false)] {
            let (seconds, peak, report) = try build(store: directory + "/store", output: output)
            let rate = Double(report.pages) / seconds
            if cold {
                (coldPeak, coldSeconds) = (peak, seconds)
                print(String(format: "%@: %d pages in %.2f s = %.0f pages/s (%.2f× Hugo's %.0f in BENCHMARKS.md); peak memory %.0f MB (%.2f× its %.0f MB); %d written",
                             label, report.pages, seconds, rate, rate / Self.hugoPagesPerSecond, Self.hugoPagesPerSecond, peak,
                             peak / Self.hugoPeakMegabytes, Self.hugoPeakMegabytes, report.written))
                if hugo {
                    let peer = try hugoBuild(output: output + "-hugo")
                    let peerRate = Double(peer.pages) / peer.seconds
                    print(String(format: "%@, same run: %d pages in %.2f s = %.0f pages/s; peak memory %.0f MB",
                                 peer.version, peer.pages, peer.seconds, peerRate, peer.peakMegabytes))
                    print(String(format: "cartelera / Hugo in this run: %.2f× its pages per second, %.2f× its peak memory", rate / peerRate,
                                 peak / peer.peakMegabytes))
                }
            } else {
                print(String(format: "%@: %d pages in %.2f s, %d written, %d unchanged; peak memory of either run %.0f MB",
                             label, report.pages, seconds, report.written, report.unchanged, max(peak, coldPeak)))
                if report.written > 0 {
                    throw BenchFailure("the unchanged rebuild wrote \(report.written) pages")
                }
            }
        }
        // The baseline in the same run: the same build rendered by swift-mustache alone, and its pages compared byte for byte.
        // Left in place like the other runs' folders, and removed after the next run's measurements.
        let reference = output + "-mustache"
        let (seconds, _, report) = try build(store: directory + "/store", output: reference, extra: ["--mustache-only"])
        let differing = try Self.differingFiles(output, reference)
        print(String(format: "swift-mustache alone: %d pages in %.2f s = %.0f pages/s; the compiled templates take %.2f× its time; %@",
                     report.pages, seconds, Double(report.pages) / seconds, coldSeconds / seconds,
                     differing.isEmpty ? "every page identical" : "\(differing.count) pages differ, first \(differing[0])"))
        if !differing.isEmpty {
            throw BenchFailure("the compiled templates and swift-mustache rendered \(differing.count) pages differently")
        }
    }

    /// Files of either folder (hidden ones left out) missing from the other or with other bytes.
    static func differingFiles(_ folder: String, _ other: String) throws -> [String] {
        func files(_ root: String) -> Set<String> {
            var found = Set<String>()
            let enumerator = FileManager.default.enumerator(atPath: root)
            while let path = enumerator?.nextObject() as? String {
                if path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder), !isFolder.boolValue { found.insert(path) }
            }
            return found
        }
        let mine = files(folder), theirs = files(other)
        var differing = mine.symmetricDifference(theirs)
        for path in mine.intersection(theirs)
        where FileManager.default.contents(atPath: folder + "/" + path) != FileManager.default.contents(atPath: other + "/" + path) {
            differing.insert(path)
        }
        return differing.sorted()
    }

    /// BENCHMARKS.md's site of G built by Hugo in a fresh process, cold into `output`: its content written first by
    /// Bench/hugo_site.py (not timed). Returns Hugo's version line, the pages it reports, the seconds and its peak memory.
    private func hugoBuild(output: String) throws -> (version: String, pages: Int, seconds: Double, peakMegabytes: Double) {
        guard let binary = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
            .map({ $0 + "/hugo" }).first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw BenchFailure("--hugo needs Hugo on the PATH: install it with `apt-get install hugo`", exitCode: 2)
        }
        // Hugo takes its cache folder as an absolute path only.
        let (site, output) = (URL(fileURLWithPath: directory + "/hugo-site").path, URL(fileURLWithPath: output).path)
        _ = try ChildRun.run("/usr/bin/env", ["python3", RepositoryPaths.packageRoot() + "/Bench/hugo_site.py", directory, site])
        let version = String(decoding: try ChildRun.run(binary, ["version"]).output, as: UTF8.self)
            .split(separator: " ").prefix(2).joined(separator: " ")
        let run = try ChildRun.run(binary, ["--source", site, "--destination", output, "--cacheDir", output + "-cache"])
        // Hugo's summary table has a row `  Pages            | 20280  `.
        let pages = String(decoding: run.output, as: UTF8.self).split(separator: "\n")
            .first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("Pages ") }
            .flatMap { $0.split(separator: "|").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } }
        guard let pages else { throw BenchFailure("\(binary) printed no page count:\n\(String(decoding: run.output, as: UTF8.self))") }
        return (version, pages, run.seconds, run.peakMegabytes)
    }

    struct Report: Decodable {
        struct Site: Decodable {
            var pages: Int
            var written: [String]
            var unchanged: Int
        }
        var site: Site
    }

    /// One `cartelera build --only site` in a fresh process: seconds, the largest child's peak resident MB, and page counts.
    private func build(store: String, output: String, extra: [String] = []) throws -> (Double, Double, (pages: Int, written: Int, unchanged: Int)) {
        let run = try TimedBuild.run(["--only", "site", "--programme-pages", String(programmePages), "--store", store, "--output", output] + extra)
        let report = try JSONDecoder().decode(Report.self, from: run.report).site
        return (run.seconds, run.peakMegabytes, (report.pages, report.written.count, report.unchanged))
    }
}
