import CarteleraTesting
import Foundation
import Testing

@Suite struct StaticFileTests {
    /// A published folder with pages, feeds, a guide with its gzip twin, a 404 page, the build's hidden ledger and symlinks out.
    private func publish(_ fixture: ServerFixture) throws {
        let output = fixture.output
        let files: [String: String] = [
            "index.html": "<!DOCTYPE html><title>Cartelera</title><p>Inicio</p>",
            "canales/index.html": "<!DOCTYPE html><title>Canales</title>",
            "vacio/nota.txt": "sin índice",
            "404.html": "<!DOCTYPE html><title>No está</title><p>Página no encontrada</p>",
            "feeds/cine.json": "{\"version\":\"https://jsonfeed.org/version/1.1\"}",
            "feeds/cine.ics": "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n",
            "feeds/cine.xml": "<tv></tv>",
            "guide.xml": String(repeating: "<programme/>", count: 500),
            ".cartelera/build.json": "{}",
            "api/now.json": "[]",
        ]
        for (path, text) in files {
            let full = output + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: false, encoding: .utf8)
        }
        #expect(try ExternalCommand.run("/bin/gzip", ["-kn", output + "/guide.xml"]).status == 0)
        #expect(try ExternalCommand.run("/bin/gzip", ["-kn", output + "/feeds/cine.xml"]).status == 0)
        try FileManager.default.createSymbolicLink(atPath: output + "/secreto", withDestinationPath: fixture.store.root + "/manifest.json")
        try FileManager.default.createSymbolicLink(atPath: output + "/almacen", withDestinationPath: fixture.store.root)
        try FileManager.default.createSymbolicLink(atPath: output + "/portada.html", withDestinationPath: output + "/index.html")
    }

    @Test func filesAreServedWithTheirMediaTypesAndFoldersWithTheirIndex() async throws {
        let fixture = try ServerFixture()
        try publish(fixture)
        try await fixture.start()
        defer { Task { await fixture.stop() } }
        let home = try await fixture.get("/")
        #expect(home.status == 200)
        #expect(home.text.contains("Inicio"))
        #expect(home.headers["content-type"] == "text/html; charset=utf-8")
        #expect(home.headers["content-security-policy"]?.contains("script-src 'self'") == true)
        #expect(home.headers["x-content-type-options"] == "nosniff")
        #expect(home.headers["etag"] != nil && home.headers["last-modified"] != nil && home.headers["cache-control"] != nil)
        #expect(try await fixture.get("/portada.html").text == home.text)
        let folder = try await fixture.get("/canales")
        #expect(folder.status == 301)
        #expect(folder.headers["location"] == "/canales/")
        #expect(try await fixture.get("/canales/").text.contains("Canales"))
        let types = [
            "/feeds/cine.json": "application/feed+json; charset=utf-8", "/feeds/cine.ics": "text/calendar; charset=utf-8",
            "/feeds/cine.xml": "application/xml; charset=utf-8", "/feeds/cine.xml.gz": "application/gzip", "/api/now.json": "application/json; charset=utf-8",
            "/vacio/nota.txt": "text/plain; charset=utf-8",
        ]
        for (path, type) in types {
            let reply = try await fixture.get(path)
            #expect(reply.status == 200, "\(path)")
            #expect(reply.headers["content-type"] == type, "\(path)")
        }
        #expect(try await fixture.get("/feeds/cine.xml.gz").headers["content-encoding"] == nil)
        let guide = try await fixture.get("/guide.xml", headers: ["Accept-Encoding": "gzip"])
        #expect(guide.headers["content-encoding"] == "gzip")
        #expect(guide.headers["content-type"] == "application/xml; charset=utf-8")
        #expect(guide.body == Array(try Data(contentsOf: URL(fileURLWithPath: fixture.output + "/guide.xml.gz"))))
        let tag = try #require(guide.headers["etag"])
        #expect(try await fixture.get("/guide.xml", headers: ["Accept-Encoding": "gzip", "If-None-Match": tag]).status == 304)
        #expect(try await fixture.get("/guide.xml").body.count == 500 * 12)
        let part = try await fixture.get("/guide.xml", headers: ["Range": "bytes=0-11"])
        #expect(part.status == 206)
        #expect(part.text == "<programme/>")
        #expect(part.headers["content-range"] == "bytes 0-11/6000")
        let head = try await fixture.send("HEAD", "/feeds/cine.json")
        #expect(head.status == 200 && head.body.isEmpty)
        #expect(head.headers["content-type"] == "application/feed+json; charset=utf-8")
    }

    @Test func nothingOutsideTheFolderHiddenOrUnlistedIsServed() async throws {
        let fixture = try ServerFixture()
        try publish(fixture)
        try await fixture.start()
        defer { Task { await fixture.stop() } }
        for target in ["/../store/manifest.json", "/%2e%2e/store/manifest.json", "/%2E%2E%2Fstore%2Fmanifest.json", "/feeds/..%2f..%2fstore/manifest.json",
                       "/canales/%2e%2e/%2e%2e/store/manifest.json", "/a%00b", "/%ff"] {
            let reply = try await fixture.get(target)
            #expect(reply.status == 400, "\(target)")
            #expect(!reply.text.contains("generation"), "\(target)")
        }
        for target in ["/secreto", "/almacen/manifest.json", "/.cartelera/build.json", "/vacio/", "/nada.html", "/almacen/"] {
            let reply = try await fixture.get(target)
            #expect(reply.status == 404, "\(target)")
            #expect(reply.text.contains("Página no encontrada"), "\(target)")
            #expect(reply.headers["cache-control"] == "no-store")
        }
    }

    @Test func theStaticAPIFilesAndTheirTwinsCarryTheAPIsCORSAndOtherFilesDoNot() async throws {
        let fixture = try ServerFixture()
        try publish(fixture)
        let schedule = fixture.output + "/api/schedule/La1.es/2026-11-24.json"
        try FileManager.default.createDirectory(atPath: (schedule as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try String(repeating: "{\"title\":\"Telediario\"},", count: 100).write(toFile: schedule, atomically: false, encoding: .utf8)
        #expect(try ExternalCommand.run("/bin/gzip", ["-kn", schedule]).status == 0)
        try await fixture.start()
        defer { Task { await fixture.stop() } }
        let origin = ["Origin": "https://app.example"]
        let answer = try await fixture.get("/api/now", headers: origin)
        #expect(answer.headers["access-control-allow-origin"] == "*")

        for path in ["/api/now.json", "/api/schedule/La1.es/2026-11-24.json", "/api/schedule/La1.es/2026-11-24.json.gz"] {
            let plain = try await fixture.get(path)
            let file = try await fixture.get(path, headers: origin)
            #expect(file.status == 200, "\(path)")
            #expect(file.headers["access-control-allow-origin"] == answer.headers["access-control-allow-origin"], "\(path)")
            #expect(plain.headers["access-control-allow-origin"] == nil, "\(path)")
            // Everything else is the file's as before: bytes, type, validators and caching.
            #expect(file.body == plain.body, "\(path)")
            for name in ["content-type", "etag", "last-modified", "cache-control", "content-encoding", "x-content-type-options"] {
                #expect(file.headers[name] == plain.headers[name], "\(path) \(name)")
            }
            let tag = try #require(file.headers["etag"])
            let unchanged = try await fixture.get(path, headers: origin.merging(["If-None-Match": tag]) { $1 })
            #expect(unchanged.status == 304, "\(path)")
            #expect(unchanged.headers["access-control-allow-origin"] == "*", "\(path)")
        }
        #expect(try await fixture.get("/api/schedule/La1.es/2026-11-24.json.gz").headers["content-type"] == "application/gzip")
        let zipped = try await fixture.get("/api/schedule/La1.es/2026-11-24.json", headers: origin.merging(["Accept-Encoding": "gzip"]) { $1 })
        #expect(zipped.headers["content-encoding"] == "gzip")
        #expect(zipped.headers["access-control-allow-origin"] == "*")

        // A browser's preflight (for If-None-Match) gets what the answers' does.
        let asking = origin.merging(["Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "if-none-match"]) { $1 }
        let answers = try await fixture.send("OPTIONS", "/api/now", headers: asking)
        let files = try await fixture.send("OPTIONS", "/api/now.json", headers: asking)
        #expect(answers.status == 204 && files.status == 204)
        for name in ["access-control-allow-origin", "access-control-allow-methods", "access-control-allow-headers", "access-control-max-age",
                     "access-control-expose-headers"] {
            #expect(files.headers[name] != nil && files.headers[name] == answers.headers[name], "\(name)")
        }
        // The API's errors beside the files keep theirs; pages and feeds have none.
        let unknown = try await fixture.get("/api/nowhere", headers: origin)
        #expect(unknown.status == 404 && unknown.headers["access-control-allow-origin"] == "*")
        for path in ["/", "/feeds/cine.json", "/guide.xml", "/no-such-page"] {
            let reply = try await fixture.get(path, headers: origin)
            #expect(reply.headers["access-control-allow-origin"] == nil, "\(path)")
            #expect(reply.body == (try await fixture.get(path)).body, "\(path)")
        }
        #expect(try await fixture.send("OPTIONS", "/feeds/cine.json", headers: asking).headers["access-control-allow-origin"] == nil)
    }
}
