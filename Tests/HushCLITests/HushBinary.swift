import Foundation

/// Runs the built `hush` executable in a scratch directory.
struct HushBinary {
  struct Output: Equatable {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// The built `hush` executable: `HUSH_BINARY` if set, else next to the test bundle in the
  /// products directory, else in this package's `.build`.
  static let url: URL? = {
    let manager = FileManager.default
    var candidates: [URL] = []
    if let path = ProcessInfo.processInfo.environment["HUSH_BINARY"] {
      candidates.append(URL(fileURLWithPath: path))
    }
    let bundles = [Bundle.main] + Bundle.allBundles
    for bundle in bundles {
      candidates.append(bundle.bundleURL.appendingPathComponent("hush"))
      candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("hush"))
      if let executable = bundle.executableURL {
        candidates.append(executable.deletingLastPathComponent().appendingPathComponent("hush"))
      }
    }
    let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    candidates.append(packageRoot.appendingPathComponent(".build/debug/hush"))
    return candidates.first {
      var isDirectory: ObjCBool = false
      return manager.fileExists(atPath: $0.path, isDirectory: &isDirectory)
        && !isDirectory.boolValue && manager.isExecutableFile(atPath: $0.path)
    }
  }()

  /// The rules opt-in only until a sample of apps they were never tuned on shows them right
  /// often enough (`RuleDescription.optInReason`, `hush lint --explain <id>`), as a
  /// configuration line: the tests check them with the rules on by default, as
  /// `Configuration.withProvisionalRules` does for the library's tests.
  static let provisionalRules =
    "opt_in_rules: [collection-work-in-body, expensive-view-init, observe-whole-state, "
    + "unread-observed-object, unstable-identity, whole-model-dependency, "
    + "write-only-observed-object]\n"

  /// Runs `body` in a fresh temporary directory holding `files` (relative path → contents), and
  /// removes the directory afterwards, also when `body` throws. Unless `provisional` is false,
  /// the provisional rules are on: ``provisionalRules`` ends every configuration (`.yml`) file
  /// that does not list `opt_in_rules` itself, and is the root's `.hush-lint.yml` when there is
  /// none.
  static func withDirectory<Result>(
    _ files: [String: String], provisional: Bool = true, _ body: (URL) throws -> Result
  ) throws -> Result {
    let manager = FileManager.default
    let directory = manager.temporaryDirectory
      .appendingPathComponent("hush-lint-tests-\(UUID().uuidString)")
    try manager.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? manager.removeItem(at: directory) }
    var files = files
    if provisional {
      for (path, contents) in files where path.hasSuffix(".yml") && !contents.contains("opt_in") {
        files[path] =
          contents + (contents.hasSuffix("\n") || contents.isEmpty ? "" : "\n")
          + provisionalRules
      }
      if files[".hush-lint.yml"] == nil, !files.isEmpty {
        files[".hush-lint.yml"] = provisionalRules
      }
    }
    for (path, contents) in files {
      let url = directory.appendingPathComponent(path)
      try manager.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(contents.utf8).write(to: url)
    }
    return try body(directory)
  }

  /// Runs `hush` with `arguments` in `directory`; with a `timeout` in seconds, stops it and
  /// throws when it has not finished by then (its output must then fit in the pipes' buffers).
  static func run(
    _ arguments: [String], in directory: URL, timeout: Double? = nil
  ) throws -> Output {
    guard let url else { throw MissingBinary() }
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    process.currentDirectoryURL = directory
    // The lint cache goes in the directory, which the test removes (hidden folders are not
    // linted), not in the user's cache folder.
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CACHE_HOME"] = directory.appendingPathComponent(".cache").path
    process.environment = environment
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    try process.run()
    if let timeout, finished.wait(timeout: .now() + timeout) == .timedOut {
      process.terminate()
      throw TimedOut(arguments: arguments, seconds: timeout)
    }
    let outData = stdout.fileHandleForReading.readDataToEndOfFile()
    let errData = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Output(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  struct TimedOut: Error, CustomStringConvertible {
    var arguments: [String]
    var seconds: Double
    var description: String { "hush \(arguments.joined(separator: " ")) ran over \(seconds) s" }
  }

  struct MissingBinary: Error, CustomStringConvertible {
    var description: String { "the hush executable was not found; run swift build first" }
  }
}
