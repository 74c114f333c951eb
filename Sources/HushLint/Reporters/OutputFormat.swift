/// How `hush lint` prints violations.
public enum OutputFormat: String, CaseIterable, Sendable {
  /// `path:line:col: warning: message [rule-id]`, one per line, as Xcode and editors read it.
  case xcode
  /// A JSON array of violation objects.
  case json
  /// A SARIF 2.1.0 log with each rule's metadata, for code-scanning services.
  case sarif
  /// GitHub Actions workflow commands (`::warning file=…`), shown as annotations.
  case github

  /// The violations rendered in this format, ending with a newline unless empty.
  ///
  /// - Parameters:
  ///   - violations: What to print, in order.
  ///   - rules: The rules that ran, for formats that describe them (SARIF).
  public func render(_ violations: [Violation], rules: [RuleDescription]) -> String {
    switch self {
    case .xcode: XcodeReporter.render(violations)
    case .json: JSONReporter.render(violations)
    case .sarif: SARIFReporter.render(violations, rules: rules)
    case .github: GitHubReporter.render(violations)
    }
  }
}
