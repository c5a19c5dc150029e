// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Cartelera",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "cartelera", targets: ["cartelera"]),
        .executable(name: "cartelera-bench", targets: ["cartelera-bench"]),
        // The stages as libraries, for packages beside this one (the fuzzing harnesses in Fuzz/).
        .library(name: "CarteleraCore", targets: ["CarteleraCore"]),
        .library(name: "CarteleraModel", targets: ["CarteleraModel"]),
        .library(name: "CarteleraMarkup", targets: ["CarteleraMarkup"]),
        .library(name: "CarteleraFetch", targets: ["CarteleraFetch"]),
        .library(name: "CarteleraScraping", targets: ["CarteleraScraping"]),
        .library(name: "CarteleraStore", targets: ["CarteleraStore"]),
        .library(name: "CarteleraQuery", targets: ["CarteleraQuery"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // The HTTP server; its default traits (swift-configuration, full Foundation) are not needed and cost build time.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        // Already in the graph through Hummingbird: the channel handler that bounds slow clients needs their types.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // Already in the graph through Hummingbird: the store reload beside the API server and the demo's sample server run as services.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // The site's templates: logic-less Mustache, so a publisher reskins Web/ without recompiling.
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    ],
    targets: [
        // System libraries, reached through pkg-config.
        .systemLibrary(
            name: "CLibxml2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .systemLibrary(
            name: "CLibcurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
        ),
        // zlib, for decoding gzip and deflate bodies ourselves: libcurl 7.88 accepts a compressed stream cut short.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),

        // syncfs, which Glibc's overlay does not expose, for durable bulk commits.
        .systemLibrary(name: "CSyncfs"),
        // The processor's prefetch hint, which Swift does not expose, for the answer writer's scattered reads.
        .systemLibrary(name: "CPrefetch"),

        // Total helpers every stage shares: civil dates, FNV-1a, text folding, checked conversions.
        .target(name: "CarteleraCore"),
        // Everything that writes published or stored bytes: atomic and changed-only writes, escaping per format, the
        // http(s) link check, gzip.
        .target(name: "CarteleraOutput", dependencies: ["CarteleraCore", "CSyncfs", "CZlib"]),

        // Pipeline stages: fetch → markup → scraping → normalize → store; checks run scraping and normalizing over captures.
        .target(name: "CarteleraModel", dependencies: ["CarteleraCore"]),
        .target(name: "CarteleraMarkup", dependencies: ["CLibxml2"]),
        .target(
            name: "CarteleraFetch",
            dependencies: ["CLibcurl", "CZlib", "CarteleraCore", "CarteleraOutput", .product(name: "Logging", package: "swift-log")]
        ),
        .target(
            name: "CarteleraScraping",
            dependencies: [
                "CarteleraCore", "CarteleraModel", "CarteleraMarkup", "CarteleraFetch", "CarteleraOutput",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(name: "CarteleraNormalize", dependencies: ["CarteleraModel", "CarteleraCore"]),
        .target(
            name: "CarteleraChecks",
            dependencies: [
                "CarteleraModel", "CarteleraFetch", "CarteleraScraping", "CarteleraNormalize",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "CarteleraStore",
            dependencies: ["CarteleraCore", "CarteleraModel", "CarteleraOutput", .product(name: "Logging", package: "swift-log")]
        ),
        .target(name: "CarteleraQuery", dependencies: ["CarteleraCore", "CarteleraModel", "CarteleraStore", "CPrefetch"]),
        .target(
            name: "CarteleraFeeds",
            dependencies: [
                "CarteleraCore", "CarteleraModel", "CarteleraStore", "CarteleraQuery", "CarteleraOutput", "CSyncfs",
                .product(name: "Yams", package: "Yams"),
            ]),
        .target(
            name: "CarteleraSite",
            dependencies: [
                "CarteleraCore", "CarteleraModel", "CarteleraStore", "CarteleraQuery", "CarteleraFeeds", "CarteleraOutput",
                .product(name: "Mustache", package: "swift-mustache"),
            ]),
        // Guest-list sign-ups: personal data, in a store area of its own.
        .target(
            name: "CarteleraSignUps",
            dependencies: [
                "CarteleraCore", "CarteleraModel", "CarteleraOutput",
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        .target(
            name: "CarteleraServer",
            dependencies: [
                "CarteleraCore", "CarteleraModel", "CarteleraStore", "CarteleraQuery", "CarteleraFeeds", "CarteleraSignUps", "CarteleraSite", "CarteleraOutput",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .target(
            name: "CarteleraPipeline",
            dependencies: [
                "CarteleraModel", "CarteleraFetch", "CarteleraScraping", "CarteleraNormalize", "CarteleraStore", "CarteleraQuery",
                "CarteleraSignUps", "CarteleraOutput", .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The demo: the sample sources' pages with their dates moved to today, served over HTTP, and the store's summary.
        .target(
            name: "CarteleraDemo",
            dependencies: [
                "CarteleraCore", "CarteleraModel", "CarteleraScraping", "CarteleraChecks", "CarteleraStore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // Data set G and the query shapes, for the benchmark executable and its tests only.
        .target(
            name: "CarteleraBench",
            dependencies: [
                "CarteleraCore", "CarteleraModel", "CarteleraNormalize", "CarteleraStore", "CarteleraQuery", "CarteleraOutput",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // The loopback server with scripted faults and the other test helpers: linked by tests and the benchmarks, never by `cartelera`.
        .target(name: "CarteleraTesting"),
        .executableTarget(
            name: "cartelera",
            dependencies: [
                "CarteleraCore", "CarteleraModel", "CarteleraMarkup", "CarteleraFetch", "CarteleraScraping",
                "CarteleraNormalize", "CarteleraChecks", "CarteleraStore", "CarteleraQuery", "CarteleraPipeline", "CarteleraFeeds", "CarteleraSite", "CarteleraOutput",
                "CarteleraSignUps", "CarteleraServer", "CarteleraDemo",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // The benchmarks of ../shared/BENCHMARKS.md, apart from the shipped binary: they time `cartelera` in fresh processes.
        .executableTarget(
            name: "cartelera-bench",
            dependencies: [
                "CLibxml2", "CarteleraMarkup", "CarteleraModel", "CarteleraStore", "CarteleraQuery", "CarteleraBench", "CarteleraTesting",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // Only for `fixed-answer`, the bare server `bench serve` measures as its ceiling.
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]),

        .testTarget(name: "CarteleraCoreTests", dependencies: ["CarteleraCore"]),
        .testTarget(name: "CarteleraOutputTests", dependencies: ["CarteleraOutput", "CarteleraTesting"]),
        .testTarget(name: "CarteleraModelTests", dependencies: ["CarteleraModel"]),
        .testTarget(name: "CarteleraMarkupTests", dependencies: ["CarteleraMarkup"]),
        .testTarget(name: "CarteleraFetchTests", dependencies: ["CarteleraFetch", "CarteleraTesting"]),
        .testTarget(name: "CarteleraNormalizeTests", dependencies: ["CarteleraNormalize", "CarteleraModel", "CarteleraCore"]),
        .testTarget(
            name: "CarteleraScrapingTests",
            dependencies: ["CarteleraScraping", "CarteleraModel", "CarteleraFetch", "CarteleraMarkup", "CarteleraNormalize", "CarteleraTesting"]
        ),
        .testTarget(name: "CarteleraChecksTests", dependencies: ["CarteleraChecks", "CarteleraScraping", "CarteleraTesting"]),
        .testTarget(name: "CarteleraStoreTests", dependencies: ["CarteleraStore", "CarteleraModel"]),
        .testTarget(
            name: "CarteleraFeedsTests",
            dependencies: ["CarteleraFeeds", "CarteleraQuery", "CarteleraStore", "CarteleraModel", "CarteleraMarkup", "CarteleraScraping", "CarteleraTesting"],
            exclude: ["Validators"]),
        .testTarget(name: "CarteleraQueryTests", dependencies: ["CarteleraQuery", "CarteleraStore", "CarteleraModel", "CarteleraTesting"]),
        .testTarget(name: "CarteleraBenchTests", dependencies: ["CarteleraBench", "CarteleraQuery", "CarteleraStore", "CarteleraTesting"]),
        .testTarget(
            name: "CarteleraPipelineTests",
            dependencies: ["CarteleraPipeline", "CarteleraStore", "CarteleraScraping", "CarteleraFetch", "CarteleraModel", "CarteleraTesting"]
        ),
        .testTarget(name: "CarteleraSignUpsTests", dependencies: ["CarteleraSignUps", "CarteleraModel", "CarteleraTesting"]),
        .testTarget(
            name: "CarteleraServerTests",
            dependencies: ["CarteleraServer", "CarteleraSignUps", "CarteleraSite", "CarteleraQuery", "CarteleraStore", "CarteleraModel", "CarteleraTesting",
                           .product(name: "NIOCore", package: "swift-nio")]),
        .testTarget(name: "CarteleraSiteTests", dependencies: ["CarteleraSite", "CarteleraQuery", "CarteleraStore", "CarteleraModel", "CarteleraTesting"]),
        .testTarget(
            name: "CarteleraCLITests",
            dependencies: ["CarteleraTesting", "CarteleraCore", "CarteleraStore", "CarteleraModel", "CarteleraQuery", .product(name: "Yams", package: "Yams")]),
        // Opens the site the built `cartelera` binary publishes in headless Chromium; Browser/ holds the Python driver and crawler.
        .testTarget(name: "CarteleraSiteBrowserTests", dependencies: ["CarteleraTesting"], exclude: ["Browser"]),
    ]
)
