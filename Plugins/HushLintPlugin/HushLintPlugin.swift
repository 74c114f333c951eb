import Foundation
import PackagePlugin

/// `swift package plugin hush-lint [--target NAME…] [hush lint options]`: runs `hush lint` on
/// the package's directory, or on the named targets' source directories.
@main
struct HushLintPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let hush = try context.tool(named: "hush-lint")
    var extractor = ArgumentExtractor(arguments)
    let targetNames = extractor.extractOption(named: "target")
    let paths: [String] =
      targetNames.isEmpty
      ? [context.package.directoryURL.path]
      : try context.package.targets(named: targetNames).map(\.directoryURL.path)
    let process = Process()
    process.executableURL = hush.url
    // The cache in the plugin's own folder, which a sandboxed plugin may write (unless the
    // arguments name one, or `--no-cache`).
    let remaining = extractor.remainingArguments
    let cache =
      remaining.contains { $0 == "--no-cache" || $0.hasPrefix("--cache-path") }
      ? []
      : ["--cache-path", context.pluginWorkDirectoryURL.appendingPathComponent("cache.json").path]
    process.arguments = cache + remaining + paths
    process.currentDirectoryURL = context.package.directoryURL
    try process.run()
    process.waitUntilExit()
    switch process.terminationStatus {
    case 0:
      break
    case 1:
      Diagnostics.error("hush lint found violations that fail the build")
      throw ExitStatus(code: 1)
    default:
      Diagnostics.error("hush lint failed with status \(process.terminationStatus)")
      throw ExitStatus(code: process.terminationStatus)
    }
  }
}

/// The status `hush lint` exited with, so the plugin fails the same way.
struct ExitStatus: Error, CustomStringConvertible {
  var code: Int32
  var description: String { "hush lint exited with status \(code)" }
}
