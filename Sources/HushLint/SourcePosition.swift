/// A one-based line and column (counted in UTF-8 bytes, as Xcode and swiftc do).
public struct SourcePosition: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
  /// The one-based line.
  public var line: Int
  /// The one-based column, in UTF-8 bytes.
  public var column: Int

  /// Creates a position.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }

  public var description: String { "\(line):\(column)" }
}
