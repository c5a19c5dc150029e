// swift-tools-version:6.0
import PackageDescription

// libFuzzer harnesses for every entry point of Cartelera that reads outside input.
//
// A package of its own so the main build and `swift build --build-tests` never compile them: `make fuzz`
// builds it with `-sanitize=fuzzer,address -enable-testing` into `.build-fuzz` (see Fuzz/README.md).
let harnesses: [(name: String, dependencies: [Target.Dependency])] = [
    ("fuzz-html-extraction", [scraping, fetch, markup, model]),
    ("fuzz-xmltv", [scraping, fetch, model]),
    ("fuzz-jsonld", [scraping, model, markup]),
    ("fuzz-time-and-numbers", [scraping, model]),
    ("fuzz-selectors", [markup]),
    ("fuzz-definitions", [scraping, model]),
    ("fuzz-charset", [markup]),
    ("fuzz-http-headers", [fetch, query, model]),
    ("fuzz-store-shards", [store, model]),
]

var scraping: Target.Dependency { .product(name: "CarteleraScraping", package: "Cartelera") }
var fetch: Target.Dependency { .product(name: "CarteleraFetch", package: "Cartelera") }
var markup: Target.Dependency { .product(name: "CarteleraMarkup", package: "Cartelera") }
var model: Target.Dependency { .product(name: "CarteleraModel", package: "Cartelera") }
var store: Target.Dependency { .product(name: "CarteleraStore", package: "Cartelera") }
var query: Target.Dependency { .product(name: "CarteleraQuery", package: "Cartelera") }

let package = Package(
    name: "CarteleraFuzz",
    platforms: [.macOS(.v14)],
    products: harnesses.map { .executable(name: $0.name, targets: [$0.name]) },
    dependencies: [
        .package(name: "Cartelera", path: ".."),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .target(name: "CLibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer", scraping, fetch, model, .product(name: "Logging", package: "swift-log")]),
    ] + harnesses.map { .executableTarget(name: $0.name, dependencies: ["FuzzSupport"] + $0.dependencies) }
)
