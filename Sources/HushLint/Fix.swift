import Foundation
import SwiftParser
import SwiftSyntax

/// A replacement of a range of a file's UTF-8 bytes.
public struct TextEdit: Hashable, Sendable, Codable {
  /// The bytes replaced, as UTF-8 offsets into the file.
  public var range: Range<Int>
  /// What they are replaced with.
  public var replacement: String

  /// Creates an edit.
  public init(range: Range<Int>, replacement: String) {
    self.range = range
    self.replacement = replacement
  }

  /// The edit that removes the source of `first` through `last` (without their surrounding
  /// trivia), or `nil` if they are not in order.
  init?(removingFrom first: AbsolutePosition, to last: AbsolutePosition) {
    guard first.utf8Offset <= last.utf8Offset else { return nil }
    self.init(range: first.utf8Offset..<last.utf8Offset, replacement: "")
  }
}

/// The mechanical fix of one violation: edits of the violation's file.
public struct Fix: Hashable, Sendable {
  /// The violation the edits fix.
  public var violation: Violation
  /// The edits, in the file the violation is in.
  public var edits: [TextEdit]
  /// The linted source's length and FNV-1a hash: a file that changed since is not edited.
  var sourceDigest: SourceDigest
}

/// A file's length and FNV-1a hash, to tell that it did not change between lint and fix.
struct SourceDigest: Hashable, Sendable, Codable {
  var length: Int
  var hash: UInt64

  init(_ source: String) {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    var source = source
    // Over the contiguous bytes: the UTF-8 view's iterator costs several times more.
    length = source.withUTF8 { bytes in
      for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
      return bytes.count
    }
    self.hash = hash
  }
}

/// What `hush lint --fix` did to the files.
public struct FixReport: Sendable {
  /// The fixes applied, by file, then position.
  public var applied: [Fix] = []
  /// The files left alone although they had fixes, and why ("does not parse").
  public var refused: [FileProblem] = []
}

/// Applies fixes to files on disk.
public enum Fixer {
  /// Applies `fixes` to their files: each file is read again, edited (fixes whose edits
  /// overlap an earlier one's are left for the next run) and written only if it still parses.
  ///
  /// A file that does not parse as it is, that changed since it was linted, or that cannot be
  /// written is not touched, and is reported in ``FixReport/refused``. Everything outside the
  /// edited ranges stays byte for byte as it was.
  public static func apply(_ fixes: [Fix]) -> FixReport {
    var report = FixReport()
    let byFile = Dictionary(grouping: fixes, by: \.violation.file)
    for file in byFile.keys.sorted() {
      let fixes = byFile[file, default: []].sorted {
        ($0.violation.position, $0.violation.ruleID) < ($1.violation.position, $1.violation.ruleID)
      }
      switch apply(fixes, toFileAt: file) {
      case .success(let applied): report.applied += applied
      case .failure(let problem): report.refused.append(problem)
      }
    }
    return report
  }

  private static func apply(_ fixes: [Fix], toFileAt path: String) -> Result<[Fix], FileProblem> {
    guard let data = FileManager.default.contents(atPath: path),
      let source = String(data: data, encoding: .utf8)
    else {
      return .failure(FileProblem(path: path, reason: "could not be read; not fixed"))
    }
    guard fixes.allSatisfy({ $0.sourceDigest == SourceDigest(source) }) else {
      return .failure(FileProblem(path: path, reason: "changed while it was linted; not fixed"))
    }
    guard !Parser.parse(source: source).hasError else {
      return .failure(FileProblem(path: path, reason: "does not parse; not fixed"))
    }
    let (fixed, applied) = edited(source, with: fixes)
    guard !Parser.parse(source: fixed).hasError else {
      return .failure(
        FileProblem(path: path, reason: "would not parse after the fixes; not fixed"))
    }
    do {
      try Data(fixed.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      return .failure(FileProblem(path: path, reason: "could not be written; not fixed"))
    }
    return .success(applied)
  }

  /// `source` with the edits of `fixes` (sorted by position) made, skipping a fix any of whose
  /// edits overlaps one already taken; and the fixes made.
  static func edited(_ source: String, with fixes: [Fix]) -> (String, [Fix]) {
    var taken: [TextEdit] = []
    var applied: [Fix] = []
    let length = source.utf8.count
    for fix in fixes {
      let fits = fix.edits.allSatisfy { edit in
        edit.range.upperBound <= length
          && !taken.contains { $0.range.overlaps(edit.range) || $0.range == edit.range }
      }
      guard fits, !fix.edits.isEmpty else { continue }
      taken += fix.edits
      applied.append(fix)
    }
    var bytes = Array(source.utf8)
    for edit in taken.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
      bytes.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
    }
    return (String(decoding: bytes, as: UTF8.self), applied)
  }
}
