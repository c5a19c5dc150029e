import ArgumentParser
import CarteleraModel
import CarteleraQuery
import CarteleraServer
import CarteleraSite
import Foundation
import Logging

extension Cartelera {
    /// `cartelera serve`: the HTTP API, guest-list sign-ups and the published site.
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Serve the API, guest-list sign-ups, the feeds and the published site over HTTP.",
            discussion: """
                GET /api/query/<kind>, /api/shake/<kind>, /api/now, /api/airings?title=…, /api/audiences/<day> take the \
                parameters of `cartelera query` (its options without dashes: ?type=film&next=3h&sort=rating,title&limit=10) and \
                answer JSON; a bad parameter is a 400 naming it, in the query string's words. POST /api/nights/<id>/guestlist \
                signs up for an open guest list; the site's plain forms are answered with pages of the site's templates \
                (found as `build` finds them: --web, $CARTELERA_WEB, web: in the configuration, the installed share/cartelera/Web, \
                or the Web/ of the repository). /healthz checks on each call whether the store is readable (503 with the \
                reason when not) and says how old each source's data is. Every other path is a file of the output folder that \
                `cartelera build` writes (the site, feeds/, api/, guide.xml).

                Each request logs one line (method, path, status, bytes, milliseconds, client) to standard error. A new \
                store commit is opened in the background and answered from once open, without a restart. A --store folder \
                that does not exist is refused (exit 2). SIGTERM or Ctrl-C stop it after in-flight requests end.
                """)

        @OptionGroup var global: GlobalOptions

        @Option(name: .long, help: ArgumentHelp("The address to listen on.", valueName: "address"))
        var host = "127.0.0.1"

        @Option(name: .long, help: ArgumentHelp("The port to listen on; 0 picks a free one (printed).", valueName: "n"))
        var port = 8080

        @Option(name: .long, help: ArgumentHelp(
            "The published folder to serve (default: $CARTELERA_OUTPUT, else `public` beside the store).", valueName: "dir"))
        var output: String?

        @Option(name: .long, help: ArgumentHelp(
            "The site's templates and labels, for the pages answering its sign-up forms (default: $CARTELERA_WEB, the installed share/cartelera/Web, or the Web/ of the repository).",
            valueName: "dir"))
        var web: String?

        @Option(name: .long, help: ArgumentHelp("Answer as of this fixed instant instead of the clock (for demos and tests).", valueName: "time"))
        var at: String?

        @Option(name: .long, help: ArgumentHelp("Read requests per minute each client may make.", valueName: "n"))
        var readsPerMinute = 1_200

        @Option(name: .long, help: ArgumentHelp("Sign-ups and cancellations per minute each client may make.", valueName: "n"))
        var signUpsPerMinute = 10

        @Option(name: .long, help: ArgumentHelp(
            "Megabytes of answers kept per store generation for the same query asked again (at the same instant for nights and promotions); 0 keeps none.", valueName: "n"))
        var answerCacheMegabytes = 32

        @Flag(name: .long, help: "Do not log each request (errors are still logged).")
        var noAccessLog = false

        func validate() throws {
            guard (0...65_535).contains(port) else { throw ValidationError("--port must be from 0 to 65535, not \(port)") }
            guard (1...1_000_000).contains(readsPerMinute) else { throw ValidationError("--reads-per-minute must be from 1 to 1000000") }
            guard (1...1_000_000).contains(signUpsPerMinute) else { throw ValidationError("--sign-ups-per-minute must be from 1 to 1000000") }
            guard (0...4_096).contains(answerCacheMegabytes) else { throw ValidationError("--answer-cache-megabytes must be from 0 to 4096") }
            if let at, Timestamp(iso8601: at) == nil {
                throw ValidationError("--at \(at): use an ISO 8601 instant with its offset, such as 2026-11-25T18:00Z")
            }
        }

        /// Refuses a store folder that is not there (a mistyped path would otherwise answer 503 forever), and says so when
        /// the folder holds no commit yet: the server starts, and `/healthz` answers 503 until a run commits.
        private func checkStore() throws {
            let store = global.storeDirectory
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: store, isDirectory: &isFolder) else {
                throw CommandFailure(description: "--store \(store): no such folder (run `cartelera run` or `cartelera demo` first, or give the store's folder)",
                                     status: .usage)
            }
            guard isFolder.boolValue else {
                throw CommandFailure(description: "--store \(store): is a file, not a store folder", status: .usage)
            }
            if !FileManager.default.fileExists(atPath: store + "/manifest.json") {
                FileHandle.standardError.write(Data("cartelera serve: \(store) holds no commit yet: /healthz answers 503 until a run commits\n".utf8))
            }
        }

        func run() async throws {
            try checkStore()
            let file = try global.configuration()
            let webFolder = try SitePublishing.webFolder(flag: web, configured: file.folders[.web], command: "serve")
            let level: Logger.Level = global.debug ? .debug : noAccessLog ? .notice : .info
            LoggingSystem.bootstrap { label in DeferredMetadataLogHandler(label: label, level: level) }
            let outputFolder = global.outputDirectory(output)
            var configuration = ServerConfiguration(
                storeRoot: global.storeDirectory, outputFolder: outputFolder,
                context: QueryContext(now: Timestamp(Date()), guideZone: file.zone, channelLists: file.channelLists, tonight: file.tonight))
            configuration.host = host
            configuration.web = webFolder
            configuration.port = port
            configuration.readsPerMinute = readsPerMinute
            configuration.signUpsPerMinute = signUpsPerMinute
            configuration.answerCacheBytes = answerCacheMegabytes * 1024 * 1024
            if let fixed = at.flatMap(Timestamp.init(iso8601:)) { configuration.clock = { fixed } }
            let server = CarteleraServer(configuration: configuration, logger: Logger(label: "cartelera.serve"))
            let json = global.json
            let storeRoot = configuration.storeRoot
            try await server.run { port in
                // One line, written at once (not through stdio's buffer), that a script can read to find the port it got.
                let line = json ? "{\"url\":\"http://\(host):\(port)\"}\n" : "Serving \(storeRoot) and \(outputFolder) on http://\(host):\(port)\n"
                FileHandle.standardOutput.write(Data(line.utf8))
            }
        }
    }
}
