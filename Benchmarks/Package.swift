// swift-tools-version: 6.1

// Benchmarks for Hush, in a package of their own so that users of Hush never build the
// benchmark dependency. Run from this folder:
//
//   swift package benchmark                 # ordo-one/benchmark's tables
//   swift run -c release hush-bench         # one compact table per scenario, with ratios
//   ./instructions                          # instructions, mallocs, peak memory per operation
//   swift run -c release lint-bench DIR     # hush lint on an app: cold, cached, parse floor
//
// See RESULTS.md beside this file.

import PackageDescription

let package = Package(
  name: "HushBenchmarks",
  platforms: [.macOS(.v14), .iOS(.v17)],
  dependencies: [
    // Named, so that the identity does not depend on the folder the clone is in.
    .package(name: "Hush", path: ".."),
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.0.0", traits: ["MallocInterposer"]),
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.0"),
    .package(url: "https://github.com/swiftlang/swift-syntax", "602.0.0"..<"604.0.0"),
  ],
  targets: [
    // The scenarios, each implemented with Hush and with the alternatives; shared by both
    // front ends below.
    .target(
      name: "HushBenchScenarios",
      dependencies: [
        .product(name: "Hush", package: "Hush"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(
          name: "OpenCombineShim", package: "OpenCombine",
          condition: .when(platforms: [.linux, .android, .windows])),
      ]
    ),
    // `swift package benchmark`: ordo-one/benchmark's runner, with allocation counts.
    .executableTarget(
      name: "HushBenchmarks",
      dependencies: [
        "HushBenchScenarios",
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/HushBenchmarks",
      // ordo-one/benchmark's `Benchmark` is not Sendable; its own targets use Swift 5 mode.
      swiftSettings: [.swiftLanguageMode(.v5)],
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    // `swift run -c release hush-bench`: the compact tables of RESULTS.md.
    .executableTarget(
      name: "hush-bench",
      dependencies: ["HushBenchScenarios"]
    ),
    // `swift run -c release lint-bench <folder>`: hush lint's speed on an app, cold and
    // cached, against parsing alone.
    .executableTarget(
      name: "lint-bench",
      dependencies: [
        .product(name: "HushLint", package: "Hush"),
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
