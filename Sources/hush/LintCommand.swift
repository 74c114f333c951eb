import ArgumentParser
import Foundation
import HushLint

/// `hush lint`: finds the patterns that make SwiftUI do needless work.
///
/// Exit status: 0 when clean, 1 when a violation is at error severity (or any warning with
/// `--strict`), 2 for a usage, configuration or I/O error.
struct LintCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract: "Find patterns that make SwiftUI do needless work.",
    discussion: """
      Lints the Swift files under PATH (default: the current directory), skipping .build, \
      Pods, Carthage, DerivedData and what .hush-lint.yml excludes. Exit status: 0 clean, \
      1 violations at error severity (or any warning with --strict), 2 usage or I/O error.
      """)

  @Option(help: "Output format: xcode, json, sarif or github.")
  var format: String = "xcode"

  @Flag(help: "Fail (exit 1) on warnings as well as errors.")
  var strict = false

  @Option(help: "Configuration file (default: .hush-lint.yml in the current directory).")
  var config: String?

  @Option(help: "Report only violations not recorded in this baseline file.")
  var baseline: String?

  @Option(help: "Record the current violations in this baseline file and exit.")
  var writeBaseline: String?

  @Flag(help: "List every rule with its summary.")
  var listRules = false

  @Option(help: "Show a rule's rationale and a before/after example.")
  var explain: String?

  @Argument(
    parsing: .allUnrecognized,
    help: "Swift files or directories to lint (default: the current directory).")
  var paths: [String] = []

  func run() async throws {
    do {
      try lint()
    } catch {
      standardError(error.message)
      throw ExitCode(error.status)
    }
  }

  private func lint() throws(LintFailure) {
    if let unknown = paths.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
      throw LintFailure(
        status: 2, message: "error: unknown option '\(unknown)'; see 'hush lint --help'")
    }
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
          status: 2, message: "error: unknown rule '\(explain)'; run 'hush lint --list-rules'")
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
    let report = linter.lint(files: files)
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
  }

  private func loadConfiguration() throws(LintFailure) -> Configuration {
    let path = config ?? Configuration.fileName
    guard config != nil || FileManager.default.fileExists(atPath: path) else {
      return Configuration()
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
