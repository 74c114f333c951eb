import Dispatch
import Foundation
import SwiftParser
import SwiftSyntax

/// Runs the enabled rules over Swift files and turns their findings into violations.
///
/// ```swift
/// let linter = Linter()
/// let violations = linter.lint(source: "struct A: View { … }", path: "A.swift")
/// ```
public struct Linter: Sendable {
  /// Which rules run, at which severity.
  public var configuration: Configuration

  /// Creates a linter.
  public init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
  }

  /// The rules the configuration enables, in id order.
  public var enabledRules: [any Rule] {
    RuleRegistry.all.filter { configuration.isEnabled($0.description) }.map { $0.init() }
  }

  /// Lints one piece of source text.
  ///
  /// - Parameters:
  ///   - source: The Swift source.
  ///   - path: The path to show in the violations.
  ///   - index: Declarations of the other files linted with this one.
  /// - Returns: The violations, sorted by position.
  public func lint(source: String, path: String, index: ProjectIndex? = nil) -> [Violation] {
    lint(LintedFile(path: path, source: source, index: index))
  }

  /// Lints one parsed file.
  public func lint(_ file: LintedFile) -> [Violation] {
    let suppressions = Suppressions(source: file.source)
    let lines = file.source.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    var result: [Violation] = []
    for rule in enabledRules {
      let description = type(of: rule).description
      if description.requiresComposableArchitecture && !file.importsComposableArchitecture {
        continue
      }
      let severity = configuration.severity(for: description)
      for finding in rule.findings(in: file) {
        let position = file.sourcePosition(of: finding.position)
        guard !suppressions.isSuppressed(rule: description.id, line: position.line) else {
          continue
        }
        let lineText =
          position.line <= lines.count
          ? lines[position.line - 1].trimmingCharacters(in: .whitespaces) : ""
        result.append(
          Violation(
            ruleID: description.id, file: file.path, position: position,
            severity: finding.isMild ? severity.lowered : severity, message: finding.message,
            lineText: lineText))
      }
    }
    return result.sorted { ($0.position, $0.ruleID) < ($1.position, $1.ruleID) }
  }

  /// The total source size above which syntax trees are not kept between the indexing pass
  /// and the rule pass, but parsed again: trees take about 50 times the memory of their
  /// source, so a very large tree would otherwise hold gigabytes.
  public static let retainedTreeBudget = 16 << 20

  /// Lints files from disk, in parallel across the machine's cores.
  ///
  /// Every file is parsed and indexed first, so rules can see the types declared in the
  /// other files; then the rules run. A file that cannot be read or is not UTF-8 is reported
  /// in ``LintReport/problems`` and skipped.
  ///
  /// - Parameter paths: Paths of Swift files.
  /// - Returns: The violations of all files, sorted by file and position, and the problems.
  /// - Complexity: O(total source size) work, spread over all cores.
  public func lint(files paths: [String]) -> LintReport {
    lint(files: paths, retainingTreesUpTo: Self.retainedTreeBudget)
  }

  /// Lints files, keeping syntax trees between the passes only if the sources total at most
  /// `budget` bytes.
  func lint(files paths: [String], retainingTreesUpTo budget: Int) -> LintReport {
    let totalSize = paths.reduce(0) { total, path in
      let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
      return total + (size ?? 0)
    }
    let keepTrees = totalSize <= budget
    let parsed = ConcurrentSlots<Result<ParsedSource, FileProblem>>(count: paths.count)
    DispatchQueue.concurrentPerform(iterations: paths.count) { index in
      parsed[index] = ParsedSource.load(paths[index], keepingTree: keepTrees)
    }
    var projectIndex = ProjectIndex()
    var sources: [ParsedSource] = []
    var problems: [FileProblem] = []
    for slot in parsed.takeValues() {
      switch slot {
      case .success(let source):
        projectIndex.merge(source.index)
        sources.append(source)
      case .failure(let problem): problems.append(problem)
      case nil: break
      }
    }
    let index = projectIndex
    let parsedSources = sources
    let results = ConcurrentSlots<(violations: [Violation], lines: Int)>(count: sources.count)
    DispatchQueue.concurrentPerform(iterations: parsedSources.count) { position in
      let source = parsedSources[position]
      let file = LintedFile(
        path: source.path, source: source.text,
        tree: source.tree ?? Parser.parse(source: source.text), index: index)
      results[position] = (lint(file), file.converter.sourceLines.count)
    }
    let values = results.values.compactMap { $0 }
    return LintReport(
      violations: values.flatMap(\.violations),
      problems: problems.sorted { $0.path < $1.path },
      fileCount: sources.count,
      lineCount: values.reduce(0) { $0 + $1.lines })
  }
}

/// A file read and parsed, with the declarations it contributes to the project index.
private struct ParsedSource: Sendable {
  var path: String
  var text: String
  var tree: SourceFileSyntax?
  var index: ProjectIndex

  static func load(_ path: String, keepingTree: Bool) -> Result<ParsedSource, FileProblem> {
    guard let data = FileManager.default.contents(atPath: path) else {
      return .failure(FileProblem(path: path, reason: "could not be read"))
    }
    guard let text = String(data: data, encoding: .utf8) else {
      return .failure(FileProblem(path: path, reason: "is not valid UTF-8"))
    }
    let tree = Parser.parse(source: text)
    return .success(
      ParsedSource(
        path: path, text: text, tree: keepingTree ? tree : nil,
        index: ProjectIndex(files: [tree])))
  }
}

/// The outcome of linting a set of files.
public struct LintReport: Sendable {
  /// Every violation, sorted by file, then position.
  public var violations: [Violation]
  /// Files that could not be linted.
  public var problems: [FileProblem]
  /// How many files were linted.
  public var fileCount: Int
  /// How many source lines were linted.
  public var lineCount: Int
}

/// A file that could not be linted, and why.
public struct FileProblem: Error, Hashable, Sendable {
  /// The file.
  public var path: String
  /// Why it was skipped, as a phrase: "is not valid UTF-8".
  public var reason: String

  /// Creates a problem report.
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }
}

/// Result storage written from `concurrentPerform`, one slot per iteration.
private final class ConcurrentSlots<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [Value?]

  init(count: Int) {
    storage = Array(repeating: nil, count: count)
  }

  subscript(index: Int) -> Value? {
    get { lock.withLock { storage[index] } }
    set { lock.withLock { storage[index] = newValue } }
  }

  var values: [Value?] { lock.withLock { storage } }

  /// The values, leaving the slots empty so the storage no longer keeps them alive.
  func takeValues() -> [Value?] {
    lock.withLock {
      defer { storage = [] }
      return storage
    }
  }
}
