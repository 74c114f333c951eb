import Foundation
import Testing

/// `HushLintBuildPlugin` in a real build: a small package whose target uses the plugin, built
/// with `swift build`. The first build compiles `hush-lint` and swift-syntax for the plugin
/// (about 70 s on 2 cores); the build folder, `.build-plugin-test/build` in this package, is
/// kept between runs.
@Suite struct BuildPluginTests {
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static let badge = """
    #if canImport(SwiftUI)
      import SwiftUI

      struct Badge: View {
        @ObservedObject var model: Model
        var body: some View {
          Text("Hello")
        }
      }
    #endif

    """

  static let greeting = """
    public func greeting(_ name: String) -> String { "Hello, \\(name)" }

    """

  static let message =
    "warning: 'model' is an @ObservedObject that this view never reads; it re-renders the view "
    + "on every change of the object: remove it [unread-observed-object]"

  @Test(.timeLimit(.minutes(15)))
  func findingsAreBuildWarningsAndErrorsFailTheBuild() throws {
    let work = Self.packageRoot.appendingPathComponent(".build-plugin-test")
    let fixture = work.appendingPathComponent("Fixture")
    let manager = FileManager.default
    try? manager.removeItem(at: fixture)
    defer { try? manager.removeItem(at: fixture) }
    // A path dependency is named by its identity: the last component of its path, lowercased.
    let identity = Self.packageRoot.lastPathComponent.lowercased()
    try write(
      """
      // swift-tools-version: 6.1
      import PackageDescription

      let package = Package(
        name: "Fixture",
        dependencies: [.package(path: \(String(reflecting: Self.packageRoot.path)))],
        targets: [
          .target(
            name: "App",
            plugins: [.plugin(name: "HushLintBuildPlugin", package: "\(identity)")]
          )
        ]
      )

      """, to: fixture.appendingPathComponent("Package.swift"))
    let sources = fixture.appendingPathComponent("Sources/App")
    let badgePath = sources.appendingPathComponent("Badge.swift")
    // The provisional rules on, Badge's among them.
    try write(HushBinary.provisionalRules, to: fixture.appendingPathComponent(".hush-lint.yml"))
    try write(Self.badge, to: badgePath)
    try write(Self.greeting, to: sources.appendingPathComponent("Greeting.swift"))
    let scratch = work.appendingPathComponent("build")

    // A warning: shown on its line, and the build goes on.
    let first = try build(fixture, scratch: scratch)
    #expect(first.status == 0, "\(first.output)")
    #expect(first.output.contains("\(badgePath.path):5:25: \(Self.message)"), "\(first.output)")

    // The package's configuration makes it an error: the build fails.
    try write(
      "severity:\n  unread-observed-object: error\n" + HushBinary.provisionalRules,
      to: fixture.appendingPathComponent(".hush-lint.yml"))
    try write(Self.badge + "// edited\n", to: badgePath)
    let second = try build(fixture, scratch: scratch)
    #expect(second.status != 0, "\(second.output)")
    let error = Self.message.replacingOccurrences(of: "warning:", with: "error:")
    #expect(second.output.contains("\(badgePath.path):5:25: \(error)"), "\(second.output)")

    // Fixed: the lint runs again, finds nothing, and the build passes.
    try write(
      Self.badge.replacingOccurrences(of: "    @ObservedObject var model: Model\n", with: ""),
      to: badgePath)
    let third = try build(fixture, scratch: scratch)
    #expect(third.status == 0, "\(third.output)")
    #expect(third.output.contains("hush lint: no violations in 2 files"), "\(third.output)")
    #expect(!third.output.contains("[unread-observed-object]"), "\(third.output)")
  }

  private func write(_ text: String, to url: URL) throws {
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  /// `swift build` of `package`: its exit status and its output and errors, in one text.
  private func build(_ package: URL, scratch: URL) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "swift", "build", "--package-path", package.path, "--scratch-path", scratch.path,
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
