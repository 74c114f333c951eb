import Foundation
import Testing

@testable import HushLint

/// Real-app shapes, one folder per category of problem in `Recall/`, each linted as one project
/// (its files see each other, as an app's files do).
///
/// A line that must be reported ends with `// expect: <rule-id>` (several ids separated by
/// commas); every other line must stay silent. Each folder holds both: shapes that must be
/// reported and look-alikes that must not.
@Suite struct RecallFixtureTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Recall")

  static let categories: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [])
    .filter { !$0.hasPrefix(".") }.sorted()

  @Test func everyCategoryHasItsFolder() {
    #expect(
      Self.categories == [
        "1-action-ping-pong", "2-high-frequency-input", "3-expensive-work-per-row", "4-identity",
        "5-observed-object-handed-on", "6-collection-work-in-body",
      ])
  }

  @Test(arguments: categories) func findsWhatIsMarkedAndNothingElse(_ category: String) throws {
    let folder = Self.root.appendingPathComponent(category)
    let files = try Self.swiftFiles(in: folder)
    var expected: [String] = []
    var silentFiles = 0
    for file in files {
      let text = try String(contentsOfFile: file, encoding: .utf8)
      let marks = Self.marks(in: text, file: Self.relative(file, to: folder))
      if marks.isEmpty { silentFiles += 1 }
      expected += marks
    }
    let report = Linter(configuration: Configuration.withProvisionalRules).lint(files: files)
    #expect(report.problems.isEmpty)
    let found = report.violations.map {
      "\(Self.relative($0.file, to: folder)):\($0.position.line) \($0.ruleID)"
    }.sorted()
    let missed = expected.filter { !found.contains($0) }
    let unexpected = found.filter { !expected.contains($0) }
    #expect(missed.isEmpty, "not reported: \(missed)")
    #expect(unexpected.isEmpty, "reported, not marked: \(unexpected)")
    // A folder proves nothing unless something must fire and something must not.
    #expect(!expected.isEmpty)
    #expect(silentFiles > 0 || files.count == 1)
  }

  /// `Path.swift:12 rule-id` for every `// expect: rule-id` in `text`.
  static func marks(in text: String, file: String) -> [String] {
    var result: [String] = []
    for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      guard let range = line.range(of: "// expect: ") else { continue }
      for id in line[range.upperBound...].split(separator: ",") {
        result.append("\(file):\(offset + 1) \(id.trimmingCharacters(in: .whitespaces))")
      }
    }
    return result.sorted()
  }

  static func swiftFiles(in folder: URL) throws -> [String] {
    let names = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
    return names.filter { $0.hasSuffix(".swift") }.sorted().map {
      folder.appendingPathComponent($0).path
    }
  }

  static func relative(_ path: String, to folder: URL) -> String {
    let prefix = folder.path + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }
}
