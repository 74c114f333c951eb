import Foundation

/// Findings recorded on a given day, so CI fails only on new ones.
///
/// Entries match by file, rule and the trimmed text of the line, not by line number, so code
/// moving up or down does not revive old findings. Each entry absorbs one violation.
public struct Baseline: Codable, Sendable {
  /// One recorded finding.
  public struct Entry: Codable, Hashable, Sendable {
    /// The file, as reported.
    public var file: String
    /// The rule id.
    public var rule: String
    /// The trimmed source line.
    public var line: String
  }

  /// The recorded findings, sorted.
  public var entries: [Entry]

  /// Records `violations`.
  public init(violations: [Violation]) {
    entries = violations.map { Entry(file: $0.file, rule: $0.ruleID, line: $0.lineText) }
      .sorted { ($0.file, $0.rule, $0.line) < ($1.file, $1.rule, $1.line) }
  }

  /// Reads a baseline file written by ``write(to:)``.
  ///
  /// - Throws: ``FileProblem`` when the file cannot be read or is not a baseline.
  public static func load(path: String) throws(FileProblem) -> Baseline {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw FileProblem(path: path, reason: "could not be read")
    }
    do {
      return try JSONDecoder().decode(Baseline.self, from: data)
    } catch {
      throw FileProblem(path: path, reason: "is not a hush lint baseline")
    }
  }

  /// Writes the baseline as JSON.
  ///
  /// - Throws: ``FileProblem`` when the file cannot be written.
  public func write(to path: String) throws(FileProblem) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      var data = try encoder.encode(self)
      data.append(UInt8(ascii: "\n"))
      try data.write(to: URL(fileURLWithPath: path))
    } catch {
      throw FileProblem(path: path, reason: "could not be written")
    }
  }

  /// The violations that are not in the baseline.
  public func filter(_ violations: [Violation]) -> [Violation] {
    var remaining: [Entry: Int] = [:]
    for entry in entries { remaining[entry, default: 0] += 1 }
    return violations.filter { violation in
      let key = Entry(file: violation.file, rule: violation.ruleID, line: violation.lineText)
      guard let count = remaining[key], count > 0 else { return true }
      remaining[key] = count - 1
      return false
    }
  }
}
