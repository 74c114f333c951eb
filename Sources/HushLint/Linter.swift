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

  /// Lints one parsed file, resolving findings that need other files against `file.index`.
  public func lint(_ file: LintedFile) -> [Violation] {
    Self.resolve(pendingViolations(in: file), with: file.index)
  }

  /// The file's violations; those that depend on other files still carry their resolver.
  func pendingViolations(in file: LintedFile) -> [PendingViolation] {
    let suppressions = Suppressions(source: file.source)
    let lines = file.source.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    var result: [PendingViolation] = []
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
        let violation = Violation(
          ruleID: description.id, file: file.path, position: position,
          severity: finding.isMild ? severity.lowered : severity, message: finding.message,
          lineText: lineText)
        result.append(
          PendingViolation(
            violation: violation, resolve: finding.resolve, edits: finding.edits,
            fixHolds: finding.fixHolds))
      }
    }
    return result
  }

  /// The violations whose resolvers keep them, with their messages, sorted by position.
  static func resolve(_ pending: [PendingViolation], with index: ProjectIndex) -> [Violation] {
    resolveWithFixes(pending, with: index, digest: nil).violations
  }

  /// The violations whose resolvers keep them, sorted by position, and the fixes of those that
  /// have one that holds (when `digest`, the linted source's, is given).
  static func resolveWithFixes(
    _ pending: [PendingViolation], with index: ProjectIndex, digest: SourceDigest?
  ) -> (violations: [Violation], fixes: [Fix]) {
    var violations: [Violation] = []
    var fixes: [Fix] = []
    for item in pending {
      var violation = item.violation
      if let resolve = item.resolve {
        guard let message = resolve(index) else { continue }
        violation.message = message
      }
      violations.append(violation)
      if let digest, !item.edits.isEmpty, item.fixHolds?(index) ?? true {
        fixes.append(Fix(violation: violation, edits: item.edits, sourceDigest: digest))
      }
    }
    violations.sort { ($0.position, $0.ruleID) < ($1.position, $1.ruleID) }
    return (violations, fixes)
  }

  /// Lints files from disk, in parallel across the machine's cores.
  ///
  /// Each file is read, parsed, indexed and checked in one pass, and its syntax tree released
  /// right away, so memory stays small for any number of files. Findings that depend on
  /// declarations in other files (a model type, an extension of a view) are decided once
  /// every file is indexed. A file that cannot be read or is not UTF-8 is reported in
  /// ``LintReport/problems`` and skipped.
  ///
  /// - Parameter paths: Paths of Swift files.
  /// - Returns: The violations of all files, sorted by file and position, and the problems.
  /// - Complexity: O(total source size) work, spread over all cores.
  public func lint(files paths: [String]) -> LintReport {
    let results = ConcurrentSlots<Result<FileResult, FileProblem>>(count: paths.count)
    let linter = self
    Self.onLargeStacks(iterations: paths.count) { position in
      results[position] = linter.lintFile(at: paths[position])
    }
    var projectIndex = ProjectIndex()
    var files: [FileResult] = []
    var problems: [FileProblem] = []
    for slot in results.takeValues() {
      switch slot {
      case .success(let file):
        projectIndex.merge(file.index)
        files.append(file)
      case .failure(let problem): problems.append(problem)
      case nil: break
      }
    }
    // Every linted file's index records its writes, so together they record all of them,
    // unless a file was skipped.
    projectIndex.mutationsKnown = problems.isEmpty
    let resolved = files.map {
      Self.resolveWithFixes($0.pending, with: projectIndex, digest: $0.digest)
    }
    return LintReport(
      violations: resolved.flatMap(\.violations),
      problems: problems.sorted { $0.path < $1.path },
      fileCount: files.count,
      lineCount: files.reduce(0) { $0 + $1.lineCount },
      fixes: resolved.flatMap(\.fixes))
  }

  /// Runs `body` for each of `iterations` on one thread per core, each with a stack of
  /// ``stackSize``: the parser and syntax walks recurse once per level of a long member chain
  /// (50,000 chained calls needed between 64 and 256 MiB in a debug build), far past a worker
  /// thread's usual 8 MiB.
  static func onLargeStacks(
    iterations: Int, _ body: @escaping @Sendable (Int) -> Void
  ) {
    let next = ConcurrentCounter()
    let group = DispatchGroup()
    let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, iterations))
    for _ in 0..<workers {
      group.enter()
      let thread = Thread {
        while let position = next.take(below: iterations) { body(position) }
        group.leave()
      }
      thread.stackSize = stackSize
      thread.start()
    }
    group.wait()
  }

  /// The stack of each linting thread: 512 MiB of address space, touched only as deep as a
  /// file needs.
  static let stackSize = 512 << 20

  private func lintFile(at path: String) -> Result<FileResult, FileProblem> {
    // Never open what is not a regular file: reading a FIFO would wait forever.
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      let type = attributes[.type] as? FileAttributeType
    else {
      return .failure(FileProblem(path: path, reason: "could not be read"))
    }
    guard type == .typeRegular else {
      return .failure(FileProblem(path: path, reason: "is not a regular file"))
    }
    let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
    guard size <= SourceLimits.maximumBytes else {
      return .failure(
        FileProblem(
          path: path,
          reason: "is \(size / 1_048_576).\(size % 1_048_576 * 10 / 1_048_576) MiB, more than "
            + "the \(SourceLimits.maximumBytes / 1_048_576) MiB hush lint reads; exclude it in "
            + ".hush-lint.yml if it is generated"))
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      return .failure(FileProblem(path: path, reason: "could not be read"))
    }
    guard let text = String(data: data, encoding: .utf8) else {
      return .failure(FileProblem(path: path, reason: "is not valid UTF-8"))
    }
    if let reason = SourceLimits.problem(in: text) {
      return .failure(FileProblem(path: path, reason: reason))
    }
    let tree = Parser.parse(source: text)
    let file = LintedFile(path: path, source: text, tree: tree, index: nil)
    return .success(
      FileResult(
        pending: pendingViolations(in: file), index: file.index,
        lineCount: file.converter.sourceLines.count, digest: SourceDigest(text)))
  }
}

/// A violation that may still depend on the declarations of other files.
struct PendingViolation: Sendable {
  var violation: Violation
  var resolve: (@Sendable (ProjectIndex) -> String?)?
  var edits: [TextEdit] = []
  var fixHolds: (@Sendable (ProjectIndex) -> Bool)?
}

/// What one file contributes to a lint: its pending violations and its declarations.
private struct FileResult: Sendable {
  var pending: [PendingViolation]
  var index: ProjectIndex
  var lineCount: Int
  var digest: SourceDigest
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
  /// The mechanical fixes of the violations that have one (see ``Fixer``).
  public var fixes: [Fix] = []
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

/// Hands out 0, 1, 2, … to threads that share work.
private final class ConcurrentCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0

  /// The next number, or `nil` once `limit` is reached.
  func take(below limit: Int) -> Int? {
    lock.withLock {
      guard value < limit else { return nil }
      defer { value += 1 }
      return value
    }
  }
}

/// Result storage written from the linting threads, one slot per iteration.
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
