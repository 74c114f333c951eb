// swift-tools-version: 6.2

import CompilerPluginSupport
import PackageDescription

let package = Package(
  name: "Hush",
  platforms: [
    .iOS(.v17),
    .macOS(.v14),
    .tvOS(.v17),
    .watchOS(.v10),
    .visionOS(.v1),
  ],
  products: [
    .library(name: "Hush", targets: ["Hush"]),
    .library(name: "HushCombine", targets: ["HushCombine"]),
    .library(name: "HushTesting", targets: ["HushTesting"]),
    .library(name: "HushLint", targets: ["HushLint"]),
    .executable(name: "hush", targets: ["hush"]),
    .plugin(name: "HushLintPlugin", targets: ["HushLintPlugin"]),
    .plugin(name: "HushLintBuildPlugin", targets: ["HushLintBuildPlugin"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    .package(url: "https://github.com/pointfreeco/combine-schedulers", from: "1.2.0"),
    .package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.5.0"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.1.0"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.3.0"),
    .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.4.0"),
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.0"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.4.0"),
    .package(url: "https://github.com/swiftlang/swift-syntax", "602.0.0"..<"604.0.0"),
  ],
  targets: [
    .target(
      name: "Hush",
      dependencies: [
        .product(name: "CasePaths", package: "swift-case-paths"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "DependenciesMacros", package: "swift-dependencies"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "OrderedCollections", package: "swift-collections"),
        "HushMacros",
      ]
    ),
    // TCA's macros in TCA's spelling (`@Reducer`, `@ObservableState`, `@Presents`,
    // `@ViewAction`), so that a TCA feature ports by changing its import.
    .macro(
      name: "HushMacros",
      dependencies: [
        "HushMacrosCore",
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
      ]
    ),
    // The macros' expansions, a plain library so that their tests do not depend on a macro
    // target (SwiftPM would then build every test target again, for the host).
    .target(
      name: "HushMacrosCore",
      dependencies: [
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
      ]
    ),
    .target(
      name: "HushCombine",
      dependencies: [
        "Hush",
        .product(name: "CombineSchedulers", package: "combine-schedulers"),
        .product(
          name: "OpenCombineShim", package: "OpenCombine",
          condition: .when(platforms: [.linux, .android, .windows])),
      ]
    ),
    .target(
      name: "HushTesting",
      dependencies: [
        "Hush",
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    .target(
      name: "HushLint",
      dependencies: [
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "Yams", package: "Yams"),
      ]
    ),
    .executableTarget(
      name: "hush",
      dependencies: [
        "Hush",
        "HushCombine",
        "HushLint",
        "HushTesting",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(
          name: "OpenCombineShim", package: "OpenCombine",
          condition: .when(platforms: [.linux, .android, .windows])),
      ]
    ),
    // `hush lint` alone: what the plugins run (building `hush` would build the runtime too).
    .executableTarget(
      name: "hush-lint",
      dependencies: ["HushLint"]
    ),
    // Scripts/TCAParity: writes Docs/TCA-PARITY.md from a TCA checkout (a tool, not a product).
    .executableTarget(
      name: "tca-parity",
      dependencies: [
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ],
      path: "Scripts/TCAParity",
      exclude: ["decisions.tsv", "README.md", "references.py"]
    ),
    .plugin(
      name: "HushLintPlugin",
      capability: .command(
        intent: .custom(
          verb: "hush-lint", description: "Find patterns that make SwiftUI do needless work")),
      dependencies: ["hush-lint"]
    ),
    // Lints a target's sources on every build that changed them: findings show as warnings
    // (errors fail the build) in Xcode and SwiftPM.
    .plugin(
      name: "HushLintBuildPlugin",
      capability: .buildTool(),
      dependencies: ["hush-lint"]
    ),
    // Examples/Todos: a todo app on Hush, built and tested with the package (not a product).
    .target(
      name: "Todos",
      dependencies: ["Hush"],
      path: "Examples/Todos/Sources/Todos"
    ),
    .testTarget(
      name: "TodosTests",
      dependencies: [
        "Hush",
        "HushTesting",
        "Todos",
        // The same app on @Observable and on ObservableObject, for the render table.
        "HushCombine",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
        .product(
          name: "OpenCombineShim", package: "OpenCombine",
          condition: .when(platforms: [.linux, .android, .windows])),
      ],
      path: "Examples/Todos/Tests/TodosTests"
    ),
    // Examples/SyncUps: a meetings app on Hush with every kind of navigation.
    .target(
      name: "SyncUps",
      dependencies: [
        "Hush",
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ],
      path: "Examples/SyncUps/Sources/SyncUps"
    ),
    .testTarget(
      name: "SyncUpsTests",
      dependencies: [
        "Hush",
        "HushTesting",
        "SyncUps",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ],
      path: "Examples/SyncUps/Tests/SyncUpsTests"
    ),
    .testTarget(
      name: "HushTests",
      dependencies: [
        "Hush",
        "HushTesting",
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "HushTestingTests",
      dependencies: [
        "Hush",
        "HushTesting",
        // Lets reportIssue reach Swift Testing on Linux (found through dlsym on Apple only).
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "HushCombineTests",
      dependencies: [
        "Hush",
        "HushCombine",
        .product(name: "CombineSchedulers", package: "combine-schedulers"),
        .product(
          name: "OpenCombineShim", package: "OpenCombine",
          condition: .when(platforms: [.linux, .android, .windows])),
      ]
    ),
    .testTarget(
      name: "HushMacrosTests",
      dependencies: [
        "HushMacrosCore",
        .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
      ]
    ),
    .testTarget(
      name: "HushLintTests",
      dependencies: ["HushLint"],
      // Apps' shapes for the recall tests, linted as text, not compiled.
      exclude: ["Recall"]
    ),
    .testTarget(
      name: "HushCLITests",
      dependencies: ["hush"]
    ),
  ],
  swiftLanguageModes: [.v6]
)

// `Scripts/sanitize` builds the runtime and its suites alone (`HUSH_RUNTIME_ONLY=1`): the
// linter, the command-line tool and the example apps are not what the sanitizers check, and
// building them twice more, instrumented, is time CI does not have.
if Context.environment["HUSH_RUNTIME_ONLY"] == "1" {
  let runtime: Set = [
    "Hush", "HushMacros", "HushMacrosCore", "HushCombine", "HushTesting",
    "HushTests", "HushTestingTests", "HushCombineTests",
  ]
  package.targets.removeAll { !runtime.contains($0.name) }
  package.products.removeAll { !runtime.contains($0.name) }
  // Used by the linter and the command-line tool only.
  package.dependencies.removeAll { dependency in
    guard case .sourceControl(_, let location, _) = dependency.kind else { return false }
    return location.hasSuffix("/swift-argument-parser") || location.hasSuffix("/Yams")
  }
}
