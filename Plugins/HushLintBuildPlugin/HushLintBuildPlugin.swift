import Foundation
import PackagePlugin

/// Lints a target's Swift files as part of its build: add it to the target's plugins.
///
/// ```swift
/// .target(
///   name: "App",
///   plugins: [.plugin(name: "HushLintBuildPlugin", package: "Hush")]
/// )
/// ```
///
/// Each violation shows as a warning on its line in Xcode and in `swift build`'s output; one
/// at error severity (see `.hush-lint.yml`) fails the build. The package's `.hush-lint.yml`
/// applies when there is one. The lint runs again when a source file of the target or the
/// configuration changed since the last lint that passed.
@main
struct HushLintBuildPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    return try lintCommands(
      tool: context.tool(named: "hush-lint").url,
      files: target.sourceFiles(withSuffix: "swift").map(\.url),
      targetName: target.name,
      root: context.package.directoryURL,
      workDirectory: context.pluginWorkDirectoryURL)
  }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  extension HushLintBuildPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
      try lintCommands(
        tool: context.tool(named: "hush-lint").url,
        files: target.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }
          .map(\.url),
        targetName: target.displayName,
        root: context.xcodeProject.directoryURL,
        workDirectory: context.pluginWorkDirectoryURL)
    }
  }
#endif

/// One command that lints `files`, with the configuration in `root` if there is one; it writes
/// a stamp in `workDirectory` when the lint passes, which the build system compares with the
/// files' dates to skip the next lint when nothing changed. The stamp is a Swift file holding
/// one comment: SwiftPM and Xcode compile a command's Swift outputs into the target (nothing,
/// here) and would bundle any other file with the target as a resource.
func lintCommands(
  tool: URL, files: [URL], targetName: String, root: URL, workDirectory: URL
) -> [Command] {
  guard !files.isEmpty else { return [] }
  let stamp = workDirectory.appendingPathComponent("hush-lint.stamp.swift")
  let configuration = root.appendingPathComponent(".hush-lint.yml")
  // The cache in the plugin's own folder: the only one a sandboxed build lets it write.
  let cache = workDirectory.appendingPathComponent("hush-lint-cache.json")
  let arguments =
    ["--stamp", stamp.path, "--root", root.path, "--cache-path", cache.path, "--"]
    + files.map(\.path)
  var inputs = files
  // An input only if it exists now. SwiftPM asks this plugin for its commands again when
  // files are added or removed, not when a configuration appears; the lint reads the
  // configuration whenever it runs.
  if FileManager.default.fileExists(atPath: configuration.path) {
    inputs.append(configuration)
  }
  return [
    .buildCommand(
      displayName: "hush lint \(targetName)",
      executable: tool,
      arguments: arguments,
      inputFiles: inputs,
      outputFiles: [stamp])
  ]
}
