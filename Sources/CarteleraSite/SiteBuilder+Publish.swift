import CarteleraFeeds
import CarteleraModel
import CarteleraOutput
import CarteleraStore
import Dispatch
import Foundation

extension SiteBuilder {
    /// The files published as they are: the assets, the sitemap (when the site's address is known) and the 404 page.
    func staticFiles(pages: [String]) -> [SiteFile] {
        var files = web.assets.map { SiteFile(path: "assets/" + $0.name, bytes: $0.bytes) }
        // A sitemap lists absolute addresses only (sitemaps.org): without the site's own, none is published.
        if let baseURL = options.baseURL { files.append(SiteFile(path: "sitemap.xml", bytes: sitemap(pages, under: baseURL))) }
        let notFound = PageValue.object([("base", .text("/")), ("es", .labels(web.labels(.es).texts)), ("en", .labels(web.labels(.en).texts))])
        files.append(SiteFile(path: "404.html", bytes: web.render(notFound, template: "not-found", mustacheOnly: options.mustacheOnly)))
        return files
    }

    /// `sitemap.xml`: every page's address under `base`.
    private func sitemap(_ pages: [String], under base: String) -> [UInt8] {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for page in pages.sorted() {
            let location = base + (page.hasSuffix("index.html") ? String(page.dropLast("index.html".count)) : page)
            var escaped: [UInt8] = []
            PublishedText.xml(location, into: &escaped)
            xml += "<url><loc>" + String(decoding: escaped, as: UTF8.self) + "</loc></url>\n"
        }
        xml += "</urlset>\n"
        return Array(xml.utf8)
    }

    /// Builds, hashes, renders and writes the jobs' pages on the workers (a page whose input hash is the manifest's is
    /// neither rendered nor written), then the static files; removes what is no longer published; saves the manifest.
    func publish(jobs: [PageJob], generation: Int, previous: SiteManifest, input: String) throws(SiteError) -> SiteReport {
        let sameTemplates = previous.fingerprint == web.fingerprint
        let results = ResultSlots<JobResult>(count: jobs.count)
        let next = JobCounter()
        DispatchQueue.concurrentPerform(iterations: options.workers) { _ in
            while let job = next.take(below: jobs.count) {
                var result = JobResult()
                switch jobs[job] {
                case .pages(let build):
                    build { page in
                        // After a failure the job's other pages are still built (a sink cannot stop its job) but left alone.
                        guard result.failure == nil else { return }
                        let hash = page.inputHash
                        result.hashes.append((page.path, hash))
                        let path = output + "/" + page.path
                        if sameTemplates, previous.pages[page.path] == hash, PageWriter.exists(path) {
                            result.unchanged += 1
                            return
                        }
                        do throws(SiteError) {
                            try PageWriter.write(web.render(page, mustacheOnly: options.mustacheOnly), to: path, isNew: previous.pages[page.path] == nil)
                            result.written.append(page.path)
                        } catch {
                            result.failure = error
                        }
                    }
                case .file(let make):
                    result.files.append(make())
                }
                results.set(job, result)
            }
        }
        var manifest = SiteManifest(fingerprint: web.fingerprint, input: input)
        var report = SiteReport(generation: generation)
        var paths: [String] = []
        var files: [SiteFile] = []
        for result in results.values {
            guard let result else { continue }
            if let failure = result.failure { throw failure }
            files += result.files
            for (path, hash) in result.hashes {
                manifest.pages[path] = hash
                paths.append(path)
            }
            report.written += result.written
            report.unchanged += result.unchanged
        }
        files += staticFiles(pages: paths)
        for file in files {
            let hash = file.hash
            manifest.pages[file.path] = hash
            if previous.pages[file.path] == hash, PageWriter.exists(output + "/" + file.path) {
                report.unchanged += 1
            } else {
                try PageWriter.write(file.bytes, to: output + "/" + file.path)
                report.written.append(file.path)
            }
        }
        report.pages = paths.count + files.count
        report.written.sort()
        for path in previous.pages.keys.sorted() where manifest.pages[path] == nil {
            try PageWriter.remove(path, in: output)
            report.removed.append(path)
        }
        if manifest != previous {
            // The pages were renamed into place unsynced: made durable in one flush before the manifest vouches for them,
            // so a power cut cannot leave an empty page the next build would take for unchanged.
            do throws(OutputError) {
                try PublishedFile.syncFileSystem(containing: output)
            } catch {
                throw SiteError(.output, file: output, error.detail)
            }
            try manifest.write(output: output)
        }
        return report
    }
}

/// What one job did: each page's hash, the pages it wrote, how many it left alone, the files it made, and the failure
/// that stopped it.
struct JobResult {
    var hashes: [(String, String)] = []
    var files: [SiteFile] = []
    var written: [String] = []
    var unchanged = 0
    var failure: SiteError?
}

/// Hands out job numbers to the workers, each once.
final class JobCounter: @unchecked Sendable {
    private var next = 0
    private let lock = NSLock()

    /// The next job number below `count`, nil when every job was taken.
    func take(below count: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < count else { return nil }
        next += 1
        return next - 1
    }
}
