/// One finding: a rule, where it fired, how severe it is and what to do about it.
public struct Violation: Hashable, Codable, Sendable {
  /// The id of the rule that fired.
  public var ruleID: String
  /// The file, as given on the command line or found while recursing.
  public var file: String
  /// Where the violation starts.
  public var position: SourcePosition
  /// The effective severity, after configuration.
  public var severity: Severity
  /// What is wrong and what to write instead.
  public var message: String
  /// The source line the violation is on, trimmed; baselines match on it.
  public var lineText: String

  /// Creates a violation.
  public init(
    ruleID: String, file: String, position: SourcePosition, severity: Severity,
    message: String, lineText: String
  ) {
    self.ruleID = ruleID
    self.file = file
    self.position = position
    self.severity = severity
    self.message = message
    self.lineText = lineText
  }
}
