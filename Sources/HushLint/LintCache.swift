import Foundation

/// What earlier lints found in each file, by content: a file whose text did not change since
/// is not parsed again.
///
/// ```swift
/// let fingerprint = LintCache.fingerprint(for: linter, tool: LintCache.toolIdentity())
/// let cache = LintCache.load(from: path, fingerprint: fingerprint)
/// let report = linter.lint(files: files, cache: cache.cache)
/// if cache.cache.needsWriting { try cache.cache.write(to: path) }
/// ```
///
/// An entry is used only for a file of the same path whose text has the same length and
/// FNV-1a hash, linted by the same tool with the same rules and severities (the
/// ``fingerprint``). It holds the file's violations and what it declares (its part of the
/// ``ProjectIndex``), so that findings that depend on other files are decided again, against
/// the declarations of every file of the new lint: a change in one file that makes or unmakes
/// a violation in another is seen. A file with a finding that is decided against the other
/// files (a deferred finding) keeps its findings as decided then: they are used only when the
/// lint's files and their texts are all as they were; otherwise the file is parsed again.
///
/// Safe to use from the linting threads at once.
public final class LintCache: @unchecked Sendable {
  /// What the entries were made by: the tool, the rules and their severities.
  public let fingerprint: String
  private let lock = NSLock()
  /// Entries read from disk, by path.
  private var stored: [String: Entry]
  /// Entries of the files linted since, by path.
  private var fresh: [String: Entry] = [:]

  /// The most entries a cache keeps: those of the last lint, then older ones.
  static let maximumEntries = 50_000
  /// Bumped whenever the encoding of an entry changes.
  static let formatVersion = 15

  /// An empty cache for lints whose ``fingerprint`` is `fingerprint`.
  public init(fingerprint: String) {
    self.fingerprint = fingerprint
    self.stored = [:]
  }

  /// The cache at `path`, when it was written with `fingerprint`; an empty one otherwise.
  ///
  /// - Returns: The cache, and a note to show when the file exists but could not be used
  ///   (unreadable, or not a cache): it is then ignored, never trusted. A cache written by
  ///   another tool build, with other rules or other severities is replaced without a note.
  public static func load(from path: String, fingerprint: String) -> (
    cache: LintCache, note: String?
  ) {
    let cache = LintCache(fingerprint: fingerprint)
    guard FileManager.default.fileExists(atPath: path) else { return (cache, nil) }
    guard let data = FileManager.default.contents(atPath: path) else {
      return (cache, "hush lint: ignoring the cache at \(path): it could not be read")
    }
    let file: CacheFile
    do {
      file = try JSONDecoder().decode(CacheFile.self, from: data)
    } catch {
      return (cache, "hush lint: ignoring the cache at \(path): it is not a hush lint cache")
    }
    guard file.fingerprint == fingerprint else { return (cache, nil) }
    cache.stored = file.entries
    return (cache, nil)
  }

  /// Writes the entries of the files linted with this cache, then as many older entries as
  /// fit, to `path` (atomically; the folder is made if needed).
  public func write(to path: String) throws {
    let entries: [String: Entry] = lock.withLock {
      var entries = fresh
      for (path, entry) in stored where entries.count < Self.maximumEntries {
        if entries[path] == nil { entries[path] = entry }
      }
      return entries
    }
    let url = URL(fileURLWithPath: path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    let data = try JSONEncoder().encode(CacheFile(fingerprint: fingerprint, entries: entries))
    try data.write(to: url, options: .atomic)
  }

  /// How many files of the lints since this cache was loaded were taken from it (not parsed).
  public var hits: Int { lock.withLock { hitCount } }
  private var hitCount = 0

  /// What the cache holds for the file at `path` whose text has `digest`, if anything.
  func entry(for path: String, digest: SourceDigest) -> Entry? {
    lock.withLock {
      guard let entry = fresh[path] ?? stored[path], entry.digest == digest else { return nil }
      fresh[path] = entry
      if entry.result != nil { hitCount += 1 }
      return entry
    }
  }

  /// Counts `count` files with deferred findings whose decisions were taken from the cache.
  func countReused(_ count: Int) {
    lock.withLock { hitCount += count }
  }

  /// Records what linting the file at `path` found.
  func record(_ entry: Entry, for path: String) {
    lock.withLock {
      changed = true
      fresh[path] = entry
    }
  }

  /// Whether a lint added or changed an entry since the cache was loaded: otherwise the file
  /// on disk holds the same, and need not be written again.
  public var needsWriting: Bool { lock.withLock { changed } }
  private var changed = false

  /// What one file's lint left in the cache: a `result` when its findings depend on its own
  /// text alone; else, for a file with a deferred finding, its findings as `deferred` decided
  /// them.
  struct Entry: Codable, Sendable {
    var digest: SourceDigest
    var lineCount: Int
    var result: Result?
    var deferred: Deferred?

    struct Result: Codable, Sendable {
      var index: ProjectIndex
      var violations: [CachedViolation]
    }

    /// A file's violations as decided against the other files of a lint, each with its fix
    /// if it held; valid for a lint of the same files with the same texts, in the same order
    /// (`project` identifies them).
    struct Deferred: Codable, Sendable {
      var project: UInt64
      var violations: [CachedViolation]

      init(project: UInt64, resolved: (violations: [Violation], fixes: [Fix])) {
        self.project = project
        let edits = Dictionary(
          resolved.fixes.map { ($0.violation, $0.edits) }, uniquingKeysWith: { first, _ in first })
        violations = resolved.violations.map {
          CachedViolation(violation: $0, edits: edits[$0] ?? [])
        }
      }
    }
  }

  /// A violation as the cache keeps it, with the edits of its fix (none if it has no fix, or,
  /// for a deferred finding, if its fix did not hold).
  struct CachedViolation: Codable, Sendable {
    var violation: Violation
    var edits: [TextEdit]
    /// The project fact that decides it, checked again at each lint (see
    /// ``FindingCondition``).
    var condition: FindingCondition? = nil
  }

  private struct CacheFile: Codable {
    var fingerprint: String
    var entries: [String: Entry]
  }

  /// The fingerprint of a cache for `linter`'s rules and severities, run by `tool`.
  ///
  /// - Parameter tool: Identifies the build of the linter: the executable's path, size and
  ///   modification date (see ``toolIdentity()``).
  public static func fingerprint(for linter: Linter, tool: String) -> String {
    let rules = linter.enabledRules.map { rule -> String in
      let description = type(of: rule).description
      return "\(description.id)=\(linter.configuration.severity(for: description).rawValue)"
    }
    return (["hush-lint-cache \(formatVersion)", tool] + rules).joined(separator: "\n")
  }

  /// The running executable's path, size and modification date: a rebuilt linter makes
  /// a new fingerprint, so a cache is never read by another build than the one that wrote it.
  public static func toolIdentity() -> String {
    let path =
      Bundle.main.executableURL?.resolvingSymlinksInPath().path ?? CommandLine.arguments[0]
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    let size = (attributes?[.size] as? NSNumber)?.intValue ?? -1
    let date = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
    return "\(path) \(size) \(date)"
  }
}
