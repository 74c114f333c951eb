import Foundation
import Testing

/// Every swift block of the README and of the articles below is a verbatim copy of code the
/// tests compile: a `// snippet: NAME` … `// end snippet` region of a file under `Tests/`,
/// indentation removed (the regions of one name are joined with a blank line, so a block can
/// hold imports, declarations and statements that live in different places of a test). A
/// block that is not Swift a test can compile (a `Package.swift` fragment) follows a line
/// `<!-- not compiled: why -->`.
@Suite struct DocumentationCodeTests {
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static let documents = [
    "README.md",
    "Sources/Hush/Documentation.docc/ComposingFeatures.md",
    "Sources/Hush/Documentation.docc/Bindings.md",
    "Sources/Hush/Documentation.docc/Dependencies.md",
    "Sources/Hush/Documentation.docc/Navigation.md",
  ]

  @Test(arguments: documents)
  func everySwiftBlockIsACompiledCopy(_ document: String) throws {
    let text = try String(
      contentsOf: Self.packageRoot.appendingPathComponent(document), encoding: .utf8)
    let snippets = try Self.snippets()
    let blocks = Self.swiftBlocks(in: text)
    #expect(!blocks.isEmpty, "\(document) has no swift block to check")
    let compiled = Set(snippets.values)
    for block in blocks where !compiled.contains(block.code) {
      Issue.record(
        """
        The swift block at \(document):\(block.line) is not a copy of a compiled snippet. \
        Change the snippet in Tests/ and copy it here (or mark the block \
        <!-- not compiled: why -->):

        \(block.code)
        """)
    }
  }

  @Test func aChangedBlockIsCaught() throws {
    let snippets = try Self.snippets()
    let article = Self.swiftBlocks(
      in: try String(
        contentsOf: Self.packageRoot.appendingPathComponent(Self.documents[1]),
        encoding: .utf8))
    let first = try #require(article.first)
    #expect(snippets.values.contains(first.code))
    #expect(!snippets.values.contains(first.code.replacingOccurrences(of: "var", with: "let")))
    #expect(
      Self.swiftBlocks(in: "<!-- not compiled: a fragment -->\n```swift\nlet x = 1\n```\n")
        .isEmpty)
  }

  /// A swift block of a document, and the line its code starts on.
  struct Block {
    let line: Int
    let code: String
  }

  static func swiftBlocks(in text: String) -> [Block] {
    let lines = text.components(separatedBy: "\n")
    var blocks: [Block] = []
    var index = 0
    while index < lines.count {
      let fence = lines[index].trimmingCharacters(in: .whitespaces)
      guard fence == "```swift" else {
        index += 1
        continue
      }
      let skipped =
        index > 0
        && lines[index - 1].trimmingCharacters(in: .whitespaces)
          .hasPrefix("<!-- not compiled:")
      var end = index + 1
      while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" {
        end += 1
      }
      if !skipped {
        blocks.append(
          Block(line: index + 2, code: dedented(Array(lines[(index + 1)..<min(end, lines.count)]))))
      }
      index = end + 1
    }
    return blocks
  }

  /// The snippets of every Swift file under `Tests/`, by name.
  static func snippets() throws -> [String: String] {
    let tests = packageRoot.appendingPathComponent("Tests")
    guard let files = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)
    else { return [:] }
    var parts: [String: [String]] = [:]
    for case let file as URL in files where file.pathExtension == "swift" {
      let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
      var name: String?
      var region: [String] = []
      for line in lines {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("// snippet: ") {
          name = String(trimmed.dropFirst("// snippet: ".count))
          region = []
        } else if trimmed == "// end snippet", let current = name {
          parts[current, default: []].append(dedented(region))
          name = nil
        } else if name != nil {
          region.append(line)
        }
      }
    }
    return parts.mapValues { $0.joined(separator: "\n\n") }
  }

  /// `lines` without their common indentation and trailing spaces, joined.
  static func dedented(_ lines: [String]) -> String {
    let indent =
      lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
      .map { $0.prefix { $0 == " " }.count }.min() ?? 0
    return lines.map { line in
      var line = Substring(line)
      while line.last == " " { line = line.dropLast() }
      return String(line.dropFirst(min(indent, line.prefix { $0 == " " }.count)))
    }
    .joined(separator: "\n")
  }
}
