import CarteleraModel
import Dispatch
import Foundation

extension SiteBuilder {
    /// The files published as they are: the assets, the search index, the sitemap and the 404 page.
    func staticFiles(_ content: SiteContent, _ index: ContentIndex, pages: [String]) -> [SiteFile] {
        var files = web.assets.map { SiteFile(path: "assets/" + $0.name, bytes: $0.bytes) }
        files.append(SiteFile(path: "search-index.json", bytes: SearchIndex.json(content, index: index, zone: context.guideZone, now: context.now)))
        files.append(SiteFile(path: "sitemap.xml", bytes: sitemap(pages)))
        let notFound: [String: Any] = ["base": "/", "es": web.labels(.es).texts, "en": web.labels(.en).texts]
        files.append(SiteFile(path: "404.html", bytes: Array(web.render(notFound, template: "not-found").utf8)))
        return files
    }

    /// `sitemap.xml`: every page, under the base URL when there is one, else from the server's root.
    private func sitemap(_ pages: [String]) -> [UInt8] {
        let base = options.baseURL ?? "/"
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for page in pages.sorted() {
            let location = base + (page.hasSuffix("index.html") ? String(page.dropLast("index.html".count)) : page)
            var escaped: [UInt8] = []
            PublishedTextXML.escape(location, into: &escaped)
            xml += "<url><loc>" + String(decoding: escaped, as: UTF8.self) + "</loc></url>\n"
        }
        xml += "</urlset>\n"
        return Array(xml.utf8)
    }

    /// Renders and writes what changed since the manifest, removes what is no longer published, saves the manifest.
    func publish(pages: [SitePage], files: [SiteFile], previous: SiteManifest, input: String, generation: Int) throws(SiteError) -> SiteReport {
        let sameTemplates = previous.fingerprint == web.fingerprint
        var manifest = SiteManifest(fingerprint: web.fingerprint, input: input)
        var report = SiteReport(pages: pages.count + files.count, generation: generation)

        let hashes = ResultSlots<String>(count: pages.count)
        DispatchQueue.concurrentPerform(iterations: options.workers) { worker in
            var position = worker
            while position < pages.count {
                hashes.set(position, pages[position].inputHash)
                position += options.workers
            }
        }
        var toRender: [Int] = []
        for (position, hash) in hashes.values.enumerated() {
            let path = pages[position].path
            let value = hash ?? ""
            manifest.pages[path] = value
            if sameTemplates, previous.pages[path] == value, PageWriter.exists(output + "/" + path) {
                report.unchanged += 1
            } else {
                toRender.append(position)
            }
        }
        var toWrite: [SiteFile] = []
        for file in files {
            let hash = file.hash
            manifest.pages[file.path] = hash
            if previous.pages[file.path] == hash, PageWriter.exists(output + "/" + file.path) { report.unchanged += 1 } else { toWrite.append(file) }
        }

        let failures = ResultSlots<SiteError>(count: toRender.count)
        let workers = options.workers
        let rendering = toRender
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var slot = worker
            while slot < rendering.count {
                let page = pages[rendering[slot]]
                do throws(SiteError) {
                    try PageWriter.write(Array(web.render(page.context, template: page.template).utf8), to: output + "/" + page.path)
                } catch {
                    failures.set(slot, error)
                }
                slot += workers
            }
        }
        if let failure = failures.values.lazy.compactMap({ $0 }).first { throw failure }
        for file in toWrite { try PageWriter.write(file.bytes, to: output + "/" + file.path) }
        report.written = (toRender.map { pages[$0].path } + toWrite.map(\.path)).sorted()

        for path in previous.pages.keys.sorted() where manifest.pages[path] == nil {
            try PageWriter.remove(path, in: output)
            report.removed.append(path)
        }
        if manifest != previous { try manifest.write(output: output) }
        return report
    }
}

/// Text for XML character data in the sitemap: the five special characters as entities.
enum PublishedTextXML {
    static func escape(_ text: String, into out: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out += Array("&amp;".utf8)
            case UInt8(ascii: "<"): out += Array("&lt;".utf8)
            case UInt8(ascii: ">"): out += Array("&gt;".utf8)
            case UInt8(ascii: "\""): out += Array("&quot;".utf8)
            case UInt8(ascii: "'"): out += Array("&apos;".utf8)
            default: out.append(byte)
            }
        }
    }
}
