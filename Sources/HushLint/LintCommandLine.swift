import Foundation

/// The `hush lint` command line: what `hush lint` and the `hush-lint` executable (which the
/// package's plugins run) do with their arguments.
public enum LintCommandLine {
  /// What the command does and its options, for `--help`.
  public static let discussion = """
    Lints the Swift files under each PATH (default: the current directory), skipping \
    .build, Pods, Carthage, DerivedData, *.xctemplate and what .hush-lint.yml excludes.

    Options:
      --format <format>        xcode (default), json, sarif or github
      --strict                 fail on warnings as well as errors
      --fix                    make the mechanical fixes (rules that have one), print \
    each, then report what is left
      --config <file>          configuration (default: .hush-lint.yml in the root)
      --root <dir>             the project's root, where .hush-lint.yml is looked for \
    (default: the current directory)
      --baseline <file>        report only violations not in the baseline
      --write-baseline <file>  record the current violations and exit
      --no-cache               parse every file (by default, a file whose text did not \
    change since the last lint is not parsed again)
      --cache-path <file>      the cache (default: one per directory in the user's \
    cache folder, ~/.cache/hush-lint or $XDG_CACHE_HOME/hush-lint)
      --stamp <file>           when the lint passes, write a one-line comment to <file> \
    (an output for build systems)
      --list-rules             list every rule with its summary
      --explain <rule>         show a rule's rationale and an example

    Exit status: 0 clean, 1 violations at error severity (or any warning \
    with --strict), 2 usage, configuration or I/O error.
    """

  /// Lints as `arguments` (paths and the options in ``discussion``) say, printing the report
  /// on standard output and everything else on standard error.
  ///
  /// - Parameter commandName: How the command is spelled in messages (`hush lint`).
  /// - Returns: The exit status: 0 clean, 1 violations that fail, 2 a usage, configuration or
  ///   I/O error.
  public static func run(_ arguments: [String], commandName: String = "hush lint") -> Int32 {
    do {
      try LintOptions.parse(arguments, commandName: commandName).lint()
      return 0
    } catch {
      standardError(error.message)
      return error.status
    }
  }
}

/// The parsed options of `hush lint`, and the lint itself.
private struct LintOptions {
  var commandName = "hush lint"
  var format = "xcode"
  var strict = false
  var fix = false
  var noCache = false
  var cachePath: String?
  var config: String?
  var baseline: String?
  var writeBaseline: String?
  var listRules = false
  var explain: String?
  var stamp: String?
  var root: String?
  var paths: [String] = []

  static func parse(
    _ arguments: [String], commandName: String
  ) throws(LintFailure) -> LintOptions {
    var options = LintOptions()
    options.commandName = commandName
    var remaining = arguments[...]
    func value(for option: String, inline: String?) throws(LintFailure) -> String {
      if let inline { return inline }
      guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
        throw LintFailure(
          status: 2, message: "error: missing value for '\(option)'; see '\(commandName) --help'")
      }
      return next
    }
    while let argument = remaining.popFirst() {
      if argument == "--" {
        options.paths += remaining
        break
      }
      guard argument.hasPrefix("-"), argument != "-" else {
        options.paths.append(argument)
        continue
      }
      let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
      let name = parts[0]
      let inline = parts.count == 2 ? parts[1] : nil
      switch name {
      case "--format": options.format = try value(for: name, inline: inline)
      case "--config": options.config = try value(for: name, inline: inline)
      case "--baseline": options.baseline = try value(for: name, inline: inline)
      case "--write-baseline": options.writeBaseline = try value(for: name, inline: inline)
      case "--explain": options.explain = try value(for: name, inline: inline)
      case "--stamp": options.stamp = try value(for: name, inline: inline)
      case "--root": options.root = try value(for: name, inline: inline)
      case "--strict" where inline == nil: options.strict = true
      case "--fix" where inline == nil: options.fix = true
      case "--no-cache" where inline == nil: options.noCache = true
      case "--cache-path": options.cachePath = try value(for: name, inline: inline)
      case "--list-rules" where inline == nil: options.listRules = true
      default:
        throw LintFailure(
          status: 2, message: "error: unknown option '\(argument)'; see '\(commandName) --help'")
      }
    }
    return options
  }

  func lint() throws(LintFailure) {
    guard let outputFormat = OutputFormat(rawValue: format) else {
      throw LintFailure(
        status: 2,
        message: "error: unknown format '\(format)'; expected one of "
          + OutputFormat.allCases.map(\.rawValue).joined(separator: ", "))
    }
    if listRules {
      print(RuleCatalog.list(), terminator: "")
      return
    }
    if let explain {
      guard let text = RuleCatalog.explain(explain) else {
        throw LintFailure(
          status: 2, message: "error: unknown rule '\(explain)'; run '\(commandName) --list-rules'")
      }
      print(text, terminator: "")
      return
    }
    let configuration = try loadConfiguration()
    let files: [String]
    do {
      files = try FileCollector(configuration: configuration).collect(
        paths.isEmpty ? ["."] : paths)
    } catch {
      throw LintFailure(status: 2, message: "error: \(error.path): \(error.reason)")
    }
    let linter = Linter(configuration: configuration)
    let cache = loadCache(for: linter)
    var report = linter.lint(files: files, cache: cache?.cache)
    if fix, writeBaseline == nil {
      report = try fixed(report, linter: linter, files: files, cache: cache?.cache)
    }
    if let cache, cache.cache.needsWriting {
      do {
        try cache.cache.write(to: cache.path)
      } catch {
        standardError("hush lint: could not write the cache at \(cache.path)")
      }
    }
    for problem in report.problems {
      standardError("\(problem.path): error: \(problem.reason); skipped")
    }
    if let writeBaseline {
      do {
        try Baseline(violations: report.violations).write(to: writeBaseline)
      } catch {
        throw LintFailure(status: 2, message: "error: \(error.path): \(error.reason)")
      }
      standardError(
        "Wrote \(report.violations.count) violation\(report.violations.count == 1 ? "" : "s") "
          + "to \(writeBaseline)")
      if !report.problems.isEmpty { throw LintFailure(status: 2, message: nil) }
      return
    }
    var violations = report.violations
    var baselined = 0
    if let baseline {
      do {
        violations = try Baseline.load(path: baseline).filter(violations)
        baselined = report.violations.count - violations.count
      } catch {
        throw LintFailure(status: 2, message: "error: \(error.path): \(error.reason)")
      }
    }
    let rules = linter.enabledRules.map { type(of: $0).description }
    print(outputFormat.render(violations, rules: rules), terminator: "")
    standardError(summary(violations, report: report, baselined: baselined))
    if !report.problems.isEmpty { throw LintFailure(status: 2, message: nil) }
    let failing = violations.contains {
      $0.severity == .error || (strict && $0.severity == .warning)
    }
    if failing { throw LintFailure(status: 1, message: nil) }
    if let stamp { try writeStamp(to: stamp, violations: violations.count) }
  }

  /// Records a lint that passed at `path`, for a build system that reruns the lint only when
  /// its inputs are newer than its output (the build-tool plugin's command).
  private func writeStamp(to path: String, violations: Int) throws(LintFailure) {
    // A comment, so that the file is also a valid Swift source (see the build-tool plugin).
    let text = "// hush lint passed with \(violations) violation\(violations == 1 ? "" : "s")\n"
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw LintFailure(status: 2, message: "error: \(path): cannot write the stamp file")
    }
  }

  /// Makes the fixes of `report`'s violations (but those in the baseline), prints each one
  /// and each file left alone, and lints the files again.
  private func fixed(
    _ report: LintReport, linter: Linter, files: [String], cache: LintCache?
  ) throws(LintFailure) -> LintReport {
    var fixes = report.fixes
    if let baseline {
      do {
        let reported = Set(try Baseline.load(path: baseline).filter(report.violations))
        fixes.removeAll { !reported.contains($0.violation) }
      } catch {
        throw LintFailure(status: 2, message: "error: \(error.path): \(error.reason)")
      }
    }
    guard !fixes.isEmpty else { return report }
    let result = Fixer.apply(fixes)
    for fix in result.applied {
      let violation = fix.violation
      standardError("\(violation.file):\(violation.position): fixed [\(violation.ruleID)]")
    }
    for problem in result.refused {
      standardError("\(problem.path): warning: \(problem.reason)")
    }
    let fixedFiles = Set(result.applied.map(\.violation.file)).count
    standardError(
      "hush lint: fixed \(result.applied.count) violation\(result.applied.count == 1 ? "" : "s") "
        + "in \(fixedFiles) file\(fixedFiles == 1 ? "" : "s")")
    return result.applied.isEmpty ? report : linter.lint(files: files, cache: cache)
  }

  /// The cache this lint reads and writes (`--cache-path`, or one per working directory, root
  /// and configuration in the user's cache folder), unless `--no-cache`.
  private func loadCache(for linter: Linter) -> (cache: LintCache, path: String)? {
    guard !noCache, let path = cachePath ?? defaultCachePath() else { return nil }
    let (cache, note) = LintCache.load(
      from: path, fingerprint: LintCache.fingerprint(for: linter, tool: LintCache.toolIdentity()))
    standardError(note)
    return (cache, path)
  }

  /// `$XDG_CACHE_HOME/hush-lint/…` if set, else `~/Library/Caches/hush-lint/…` on Apple
  /// platforms and `~/.cache/hush-lint/…` elsewhere; a file per working directory, root and
  /// configuration.
  private func defaultCachePath() -> String? {
    let environment = ProcessInfo.processInfo.environment
    let folder: String
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
      folder = xdg
    } else {
      let home = FileManager.default.homeDirectoryForCurrentUser.path
      #if canImport(Darwin)
        folder = (home as NSString).appendingPathComponent("Library/Caches")
      #else
        folder = (home as NSString).appendingPathComponent(".cache")
      #endif
    }
    let place = [FileManager.default.currentDirectoryPath, root ?? "", config ?? ""]
      .joined(separator: "\n")
    let name = String(SourceDigest(place).hash, radix: 16) + ".json"
    return ((folder as NSString).appendingPathComponent("hush-lint") as NSString)
      .appendingPathComponent(name)
  }

  private func loadConfiguration() throws(LintFailure) -> Configuration {
    let path =
      config ?? root.map { ($0 as NSString).appendingPathComponent(Configuration.fileName) }
      ?? Configuration.fileName
    guard config != nil || FileManager.default.fileExists(atPath: path) else {
      var configuration = Configuration()
      if let root { configuration.rootDirectory = root }
      return configuration
    }
    do {
      return try Configuration.load(path: path)
    } catch {
      throw LintFailure(status: 2, message: error.description)
    }
  }

  private func summary(_ violations: [Violation], report: LintReport, baselined: Int) -> String {
    func count(_ severity: Severity) -> Int { violations.filter { $0.severity == severity }.count }
    let files = "\(report.fileCount) file\(report.fileCount == 1 ? "" : "s")"
    var text =
      violations.isEmpty
      ? "hush lint: no violations in \(files)"
      : "hush lint: \(violations.count) violation\(violations.count == 1 ? "" : "s") "
        + "(\(count(.error)) errors, \(count(.warning)) warnings, \(count(.info)) notes) "
        + "in \(files)"
    if baselined > 0 { text += ", \(baselined) in the baseline" }
    if !report.problems.isEmpty { text += ", \(report.problems.count) skipped" }
    return text
  }
}

/// Why `hush lint` stops, and with which exit status.
private struct LintFailure: Error {
  var status: Int32
  var message: String?
}

private func standardError(_ message: String?) {
  guard let message else { return }
  FileHandle.standardError.write(Data((message + "\n").utf8))
}
