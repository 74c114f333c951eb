import Foundation

/// Renders GitHub Actions workflow commands, which show as annotations on a pull request.
enum GitHubReporter {
  static func render(_ violations: [Violation]) -> String {
    violations.map { violation in
      let command =
        switch violation.severity {
        case .info: "notice"
        case .warning: "warning"
        case .error: "error"
        }
      return "::\(command) file=\(property(violation.file)),line=\(violation.position.line),"
        + "col=\(violation.position.column),title=\(property(violation.ruleID))::"
        + "\(data(violation.message))\n"
    }.joined()
  }

  private static func data(_ text: String) -> String {
    text.replacingOccurrences(of: "%", with: "%25")
      .replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }

  private static func property(_ text: String) -> String {
    data(text).replacingOccurrences(of: ":", with: "%3A")
      .replacingOccurrences(of: ",", with: "%2C")
  }
}
