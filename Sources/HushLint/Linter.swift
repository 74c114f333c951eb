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

  /// The members of other types that the enabled rules follow a view's reads into: a file's
  /// index gathers only those.
  var indexedMembers: IndexedMembers {
    var members: IndexedMembers = []
    if configuration.isEnabled(ExpensiveViewInitRule.description) { members.insert(.expensive) }
    if configuration.isEnabled(CollectionWorkInBodyRule.description) {
      members.insert(.collectionWork)
    }
    return members
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
    if file.isTestCode { return [] }
    let suppressions = Suppressions(source: file.source)
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
        let lineText = file.lines.text(ofLine: position.line, in: file.source)
          .trimmingSpaces
        let violation = Violation(
          ruleID: description.id, file: file.path, position: position,
          severity: finding.isMild ? severity.lowered : severity, message: finding.message,
          lineText: lineText)
        result.append(
          PendingViolation(
            violation: violation, resolve: finding.resolve, edits: finding.edits,
            fixHolds: finding.fixHolds, condition: finding.condition))
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
      if let condition = item.condition {
        guard let message = condition.message(in: index) else { continue }
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
  /// - Parameters:
  ///   - paths: Paths of Swift files.
  ///   - cache: What earlier lints found, by file content: a file that did not change since is
  ///     not parsed again (see ``LintCache``), and what this lint finds is added to it.
  /// - Returns: The violations of all files, sorted by file and position, and the problems;
  ///   the same with or without a cache.
  /// - Complexity: O(total source size) work, spread over all cores.
  public func lint(files paths: [String], cache: LintCache? = nil) -> LintReport {
    let linter = self
    var slots = Self.inParallel(paths.indices) { linter.lintFile(at: paths[$0], cache: cache) }
    // Files with a deferred finding whose text did not change were not parsed: their
    // violations as decided last time hold when every file is as it was then (same paths,
    // same texts, in the same order); otherwise they are parsed now.
    let project = cache.map { _ in Self.projectKey(paths, slots) }
    let deferred = slots.indices.filter {
      if case .success(.unparsed) = slots[$0] { return true }
      return false
    }
    let reuse =
      !deferred.isEmpty
      && slots.allSatisfy {
        switch $0 {
        case .success(.parsed): false
        case .success(.cached): true
        case .success(.unparsed(_, _, let entry)): entry.deferred?.project == project
        case .failure: true
        }
      }
    if reuse { cache?.countReused(deferred.count) }
    if !deferred.isEmpty, !reuse {
      let unparsed = deferred.map { position -> (String, SourceDigest) in
        guard case .success(.unparsed(let text, let digest, _)) = slots[position] else {
          preconditionFailure("only files left unparsed are parsed here")
        }
        return (text, digest)
      }
      let parsed = Self.inParallel(deferred.indices) { position -> FileOutcome in
        let (text, digest) = unparsed[position]
        return linter.lintText(text, path: paths[deferred[position]], digest: digest, cache: cache)
      }
      for (position, slot) in zip(deferred, parsed) { slots[position] = .success(slot) }
    }
    var projectIndex = ProjectIndex()
    var files: [(path: String, result: FileResult?, reused: LintCache.Entry?)] = []
    var problems: [FileProblem] = []
    for (path, slot) in zip(paths, slots) {
      switch slot {
      case .success(.parsed(let file)), .success(.cached(let file)):
        projectIndex.merge(file.index)
        files.append((path, file, nil))
      case .success(.unparsed(_, _, let entry)): files.append((path, nil, entry))
      case .failure(let problem): problems.append(problem)
      }
    }
    // Every linted file's index records its writes, so together they record all of them,
    // unless a file was skipped.
    projectIndex.mutationsKnown = problems.isEmpty
    projectIndex.prepareForQueries()
    var violations: [Violation] = []
    var fixes: [Fix] = []
    var lineCount = 0
    for (path, file, reused) in files {
      if let file {
        let resolved = Self.resolveWithFixes(file.pending, with: projectIndex, digest: file.digest)
        violations += resolved.violations
        fixes += resolved.fixes
        lineCount += file.lineCount
        if let cache, let project, file.isDeferred {
          cache.record(
            LintCache.Entry(
              digest: file.digest, lineCount: file.lineCount,
              deferred: .init(project: project, resolved: resolved)),
            for: path)
        }
      } else if let reused, let kept = reused.deferred {
        violations += kept.violations.map(\.violation)
        fixes += kept.violations.filter { !$0.edits.isEmpty }.map {
          Fix(violation: $0.violation, edits: $0.edits, sourceDigest: reused.digest)
        }
        lineCount += reused.lineCount
      }
    }
    return LintReport(
      violations: violations,
      problems: problems.sorted { $0.path < $1.path },
      fileCount: files.count,
      lineCount: lineCount,
      fixes: fixes)
  }

  /// Identifies the files of a lint and their texts, in order: the inputs of every deferred
  /// finding's decision.
  private static func projectKey(
    _ paths: [String], _ slots: [Result<FileOutcome, FileProblem>]
  ) -> UInt64 {
    var text = ""
    for (path, slot) in zip(paths, slots) {
      text += path + "\u{0}"
      switch slot {
      case .success(let outcome):
        text += "\(outcome.digest.length) \(outcome.digest.hash)\u{0}"
      case .failure(let problem): text += "problem " + problem.reason + "\u{0}"
      }
    }
    return SourceDigest(text).hash
  }

  /// `body` of each of `indices`, computed on one thread per core (see `onLargeStacks`).
  private static func inParallel<Value: Sendable>(
    _ indices: Range<Int>, _ body: @escaping @Sendable (Int) -> Value
  ) -> [Value] {
    let results = ConcurrentSlots<Value>(count: indices.count)
    onLargeStacks(iterations: indices.count) { position in
      results[position] = body(indices.lowerBound + position)
    }
    return results.takeValues().map { $0! }
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

  /// Reads the file at `path` and lints it, or takes what the cache holds for its text.
  private func lintFile(at path: String, cache: LintCache?) -> Result<FileOutcome, FileProblem> {
    // Never open what is not a regular file: reading a FIFO would wait forever. `lstat`, as
    // `FileManager.attributesOfItem` does, without its account lookups (about 2 % of a lint's
    // CPU time on a real app).
    var status = stat()
    guard lstat(path, &status) == 0 else {
      return .failure(FileProblem(path: path, reason: "could not be read"))
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      return .failure(FileProblem(path: path, reason: "is not a regular file"))
    }
    let size = Int(status.st_size)
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
    let digest = SourceDigest(text)
    switch cache?.entry(for: path, digest: digest) {
    case .some(let entry):
      if let result = entry.result {
        return .success(
          .cached(
            FileResult(
              pending: result.violations.map {
                PendingViolation(
                  violation: $0.violation, edits: $0.edits, condition: $0.condition)
              },
              index: result.index, lineCount: entry.lineCount, digest: digest)))
      }
      return .success(.unparsed(text, digest, entry))
    case nil:
      if let reason = SourceLimits.problem(in: text) {
        return .failure(FileProblem(path: path, reason: reason))
      }
      return .success(lintText(text, path: path, digest: digest, cache: cache))
    }
  }

  /// Parses and lints `text`, the contents of the file at `path`, and records the result in
  /// `cache` (a file with a deferred finding is recorded once its findings are decided).
  private func lintText(
    _ text: String, path: String, digest: SourceDigest, cache: LintCache?
  ) -> FileOutcome {
    let tree = Parser.parse(source: text)
    let file = LintedFile(
      path: path, source: text, tree: tree, index: nil, gathering: indexedMembers)
    let result = FileResult(
      pending: pendingViolations(in: file), index: file.index,
      lineCount: file.lines.count, digest: digest)
    if let cache, !result.isDeferred {
      cache.record(
        LintCache.Entry(
          digest: digest, lineCount: result.lineCount,
          result: LintCache.Entry.Result(
            index: result.index,
            violations: result.pending.map {
              LintCache.CachedViolation(
                violation: $0.violation, edits: $0.edits, condition: $0.condition)
            })),
        for: path)
    }
    return .parsed(result)
  }
}

/// A violation that may still depend on the declarations of other files.
struct PendingViolation: Sendable {
  var violation: Violation
  var resolve: (@Sendable (ProjectIndex) -> String?)?
  var edits: [TextEdit] = []
  var fixHolds: (@Sendable (ProjectIndex) -> Bool)?
  /// A written-down project fact that decides it (see ``FindingCondition``): kept in the
  /// cache with the violation, so its file is not decided anew when another file changes.
  var condition: FindingCondition?
}

/// What one file contributes to a lint: its pending violations and its declarations.
private struct FileResult: Sendable {
  var pending: [PendingViolation]
  var index: ProjectIndex
  var lineCount: Int
  var digest: SourceDigest

  /// Whether a violation is decided (or its fix checked) against the other files.
  var isDeferred: Bool { pending.contains { $0.resolve != nil || $0.fixHolds != nil } }
}

/// How a file was read in the first pass of a lint.
private enum FileOutcome: Sendable {
  /// Parsed and linted.
  case parsed(FileResult)
  /// Taken from the cache: its findings depend on itself alone.
  case cached(FileResult)
  /// Not parsed: the cache holds the file's findings as decided against the other files of
  /// an earlier lint, which hold if they are all unchanged (its text is kept in case not).
  case unparsed(String, SourceDigest, LintCache.Entry)

  var digest: SourceDigest {
    switch self {
    case .parsed(let file), .cached(let file): file.digest
    case .unparsed(_, let digest, _): digest
    }
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
