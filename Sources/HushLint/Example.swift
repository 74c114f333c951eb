/// A snippet of Swift used to document and test a rule.
///
/// In a triggering example, a `↓` marks the exact place each violation is expected; the
/// marker is removed before the code is linted.
///
/// ```swift
/// Example("ForEach(items) { ↓AnyView(Row(item: $0)) }")
/// ```
public struct Example: Sendable, ExpressibleByStringLiteral {
  /// The source, possibly with `↓` markers.
  public let code: String
  /// The file the example was written in, for test failure messages.
  public let file: StaticString
  /// The line the example was written on, for test failure messages.
  public let line: UInt

  /// The marker that shows where a violation is expected.
  public static let marker: Character = "↓"

  /// Creates an example.
  public init(_ code: String, file: StaticString = #filePath, line: UInt = #line) {
    self.code = code
    self.file = file
    self.line = line
  }

  /// Creates an example from a string literal.
  public init(stringLiteral value: String) {
    self.init(value)
  }

  /// The code with every marker removed.
  public var strippedCode: String {
    code.filter { $0 != Example.marker }
  }

  /// The one-based line and column (in UTF-8 bytes) of every marker, in the stripped code.
  public var markerLocations: [SourcePosition] {
    var result: [SourcePosition] = []
    var line = 1
    var column = 1
    for character in code {
      if character == Example.marker {
        result.append(SourcePosition(line: line, column: column))
      } else if character == "\n" {
        line += 1
        column = 1
      } else {
        column += character.utf8.count
      }
    }
    return result
  }
}

extension Example {
  /// An example that imports ComposableArchitecture first, for the TCA rules.
  static func tca(_ code: String, file: StaticString = #filePath, line: UInt = #line) -> Example {
    Example("import ComposableArchitecture\n" + code, file: file, line: line)
  }

  /// An example that imports Hush first, for the rules about Hush's store.
  static func hush(_ code: String, file: StaticString = #filePath, line: UInt = #line) -> Example {
    Example("import Hush\n" + code, file: file, line: line)
  }
}
