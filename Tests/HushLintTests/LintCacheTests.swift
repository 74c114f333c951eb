import Foundation
import Testing

@testable import HushLint

/// `LintCache`: a lint that takes files from the cache reports exactly what a lint without it
/// does, also when a file it takes decides a finding in a file that changed, or the reverse.
@Suite struct LintCacheTests {
  static let contact = """
    struct Contact: Identifiable { var id: UUID; var name: String; var phone: String }
    func rename(_ contact: inout Contact, to name: String) { contact.name = name }

    """
  static let contacts = """
    struct Contacts: View {
      var contacts: [Contact]
      var body: some View { ForEach(contacts, id: \\.self) { Text($0.name) } }
    }

    """
  static let printer = """
    struct Printer: View {
      var body: some View {
        let _ = print("render")
        Text("Hi")
      }
    }

    """

  let linter = Linter(configuration: everyRule())

  /// Lints `paths` with a cache loaded from `cachePath` and written back, and checks that the
  /// report is the one a lint without a cache makes.
  func lintMatchingAFreshLint(
    _ paths: [String], cachePath: String
  ) throws -> (report: LintReport, hits: Int, changed: Bool) {
    let (cache, note) = LintCache.load(from: cachePath, fingerprint: "test")
    #expect(note == nil)
    let cached = linter.lint(files: paths, cache: cache)
    let changed = cache.needsWriting
    try cache.write(to: cachePath)
    let fresh = linter.lint(files: paths)
    #expect(cached.violations == fresh.violations)
    #expect(cached.fixes == fresh.fixes)
    #expect(cached.fileCount == fresh.fileCount)
    #expect(cached.lineCount == fresh.lineCount)
    #expect(cached.problems == fresh.problems)
    return (cached, cache.hits, changed)
  }

  @Test func aCachedLintReportsWhatAFreshOneDoes() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let cachePath = scratch.directory.appendingPathComponent("cache/lint.json").path
    let paths = [
      try scratch.write("Contact.swift", Self.contact),
      try scratch.write("Contacts.swift", Self.contacts),
      try scratch.write("Printer.swift", Self.printer),
    ]
    let (first, firstHits, firstChanged) = try lintMatchingAFreshLint(paths, cachePath: cachePath)
    #expect(firstHits == 0)
    #expect(firstChanged)
    #expect(first.violations.map(\.ruleID) == ["unstable-identity", "impure-body"])
    #expect(first.fixes.count == 1)

    // Nothing changed: no file is parsed again, and the cache need not be written.
    let (second, secondHits, secondChanged) = try lintMatchingAFreshLint(
      paths, cachePath: cachePath)
    #expect(secondHits == 3)
    #expect(!secondChanged)
    #expect(second.violations == first.violations)

    // Contact.swift changes, Contacts.swift does not: its finding, decided against
    // Contact.swift, is decided again (the file is parsed again) and follows the declaration.
    _ = try scratch.write(
      "Contact.swift", Self.contact.replacingOccurrences(of: ": Identifiable", with: ""))
    let (third, thirdHits, thirdChanged) = try lintMatchingAFreshLint(paths, cachePath: cachePath)
    #expect(thirdHits == 1)
    #expect(thirdChanged)
    #expect(third.violations.map(\.ruleID) == ["unstable-identity", "impure-body"])
    #expect(third.fixes.isEmpty)
    #expect(third.violations[0].message != first.violations[0].message)

    // Printer.swift is fixed: its cached violation goes.
    _ = try scratch.write(
      "Printer.swift", "struct Printer: View { var body: some View { Text(\"Hi\") } }\n")
    let (fourth, fourthHits, _) = try lintMatchingAFreshLint(paths, cachePath: cachePath)
    #expect(fourthHits == 1)
    #expect(fourth.violations.map(\.ruleID) == ["unstable-identity"])
  }

  /// A finding decided by a written-down fact of the project (a model's member that builds a
  /// formatter) is cached with its file, which is not parsed again when the model changes,
  /// yet follows the model.
  @Test func aFindingKeptWithItsConditionFollowsTheOtherFiles() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let cachePath = scratch.directory.appendingPathComponent("cache/lint.json").path
    let model = """
      extension Date {
        func shortRelative() -> String {
          let formatter = RelativeDateTimeFormatter()
          return formatter.localizedString(for: self, relativeTo: .now)
        }
      }

      """
    let row = """
      struct ClipRow: View {
        let published: Date
        @Binding var isSelected: Bool
        var body: some View { Text(published.shortRelative()).bold(isSelected) }
      }

      """
    let paths = [
      try scratch.write("Date+Relative.swift", model),
      try scratch.write("ClipRow.swift", row),
    ]
    let (first, _, _) = try lintMatchingAFreshLint(paths, cachePath: cachePath)
    #expect(first.violations.map(\.ruleID) == ["expensive-view-init"])
    #expect(first.violations.first?.message.contains("RelativeDateTimeFormatter") == true)

    // The extension keeps one formatter: the row, taken from the cache, is silent.
    _ = try scratch.write(
      "Date+Relative.swift",
      model.replacingOccurrences(
        of: "let formatter = RelativeDateTimeFormatter()", with: "let formatter = Self.relative"))
    let (second, secondHits, _) = try lintMatchingAFreshLint(paths, cachePath: cachePath)
    #expect(secondHits == 1)
    #expect(second.violations.isEmpty)
  }

  @Test func aCorruptOrForeignCacheIsNotTrusted() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let path = try scratch.write("Printer.swift", Self.printer)
    let cachePath = try scratch.write("cache.json", "{\"fingerprint\": 3")
    let (corrupt, note) = LintCache.load(from: cachePath, fingerprint: "test")
    #expect(note == "hush lint: ignoring the cache at \(cachePath): it is not a hush lint cache")
    #expect(linter.lint(files: [path], cache: corrupt).violations.count == 1)
    try corrupt.write(to: cachePath)

    // Written by another build or with other rules: replaced without a note.
    let (foreign, foreignNote) = LintCache.load(from: cachePath, fingerprint: "other")
    #expect(foreignNote == nil)
    _ = linter.lint(files: [path], cache: foreign)
    #expect(foreign.hits == 0)
    let (same, _) = LintCache.load(from: cachePath, fingerprint: "test")
    _ = linter.lint(files: [path], cache: same)
    #expect(same.hits == 1)
  }

  @Test func theFingerprintFollowsTheRulesAndTheirSeverities() {
    let tool = "hush-lint 1 2"
    let all = LintCache.fingerprint(for: linter, tool: tool)
    #expect(all == LintCache.fingerprint(for: Linter(configuration: everyRule()), tool: tool))
    #expect(all != LintCache.fingerprint(for: linter, tool: "hush-lint 1 3"))
    #expect(all != LintCache.fingerprint(for: Linter(), tool: tool))
    var errors = everyRule()
    errors.severities["impure-body"] = .error
    #expect(all != LintCache.fingerprint(for: Linter(configuration: errors), tool: tool))
  }
}
